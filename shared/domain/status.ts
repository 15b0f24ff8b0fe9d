import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { CurrencySchema } from '../money-schema';
import { BalanceViewSchema } from './balance';
import { IsoTimeSchema, RevisionSchema } from './common';
import { LostRecordsStatusSchema } from './lost-records';
import { ShopSettingsViewSchema } from './shop-settings';

/**
 * Why the OS keychain cannot be used: its native library cannot be loaded (on Linux, libsecret is
 * not installed), or it loads but no keychain answers (no Secret Service running or unlocked).
 */
export const KeychainProblemSchema = z.enum(['library-missing', 'not-answering']);
export type KeychainProblem = z.infer<typeof KeychainProblemSchema>;

/**
 * How this counter prints a receipt: `silent`, straight to a printer through the desktop app's
 * shell; `browser`, through the browser's own print dialog (the web host, which has no printers).
 */
export const PrintingModeSchema = z.enum(['silent', 'browser']);
export type PrintingMode = z.infer<typeof PrintingModeSchema>;

/**
 * Why the journal cannot be written: another process holds its lock beyond the wait (busy), the disk is
 * full, the file or its folder is read-only, the disk failed a read or write (io), or the file is damaged.
 */
export const StorageTroubleSchema = z.enum(['busy', 'full', 'readonly', 'io', 'corrupt']);
export type StorageTrouble = z.infer<typeof StorageTroubleSchema>;

/** Whether the journal takes writes; in trouble, how many provider answers wait in memory to be written. */
export const StorageStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok') }),
  z.object({
    state: z.literal('trouble'),
    reason: StorageTroubleSchema,
    since: IsoTimeSchema,
    unsaved: z.number().int(),
  }),
]);
export type StorageStatus = z.infer<typeof StorageStatusSchema>;

/**
 * Where this counter's records stand with the shop ledger (the business's PostgreSQL):
 * - `off`: no ledger is configured (a counter on its own, the default);
 * - `connecting`: configured, not yet reached since the counter started;
 * - `up_to_date`: the ledger holds every record this counter has written (but for the moment a new
 *   one takes to reach it);
 * - `sending`: reached, and catching up records written while it was not;
 * - `unreachable`: the last try failed; the counter keeps selling and tries again;
 * - `refused`: the ledger refuses this counter's records until someone acts (`problem` says why).
 */
export const ShopLedgerStateSchema = z.enum([
  'off',
  'connecting',
  'up_to_date',
  'sending',
  'unreachable',
  'refused',
]);
export type ShopLedgerState = z.infer<typeof ShopLedgerStateSchema>;

/**
 * Why the ledger refuses this counter (its records, or its joining):
 * - `fork`: the ledger holds other records under this counter's numbers (a counter restored from a
 *   backup, or its journal copied to another machine); what the ledger holds is kept;
 * - `behind`: the ledger holds records this counter no longer has (restored from an older backup);
 * - `credentials`: the login was refused (a wrong password, or the counter's role was changed);
 * - `tls`: the server's certificate is not the one the address says to trust, or it has no TLS;
 * - `ledger_newer`: the ledger was updated by a newer version of the app: update this counter;
 * - `ledger_older`: this counter's version needs the ledger updated (its owner's login, once);
 * - `not_joined`: the ledger does not know this counter any more;
 * - `code_taken`: another counter of the shop has this code;
 * - `other_shop`: this counter already belongs to another shop of the ledger;
 * - `not_owner`: the login given to join with is not the ledger owner's.
 */
export const ShopLedgerProblemSchema = z.enum([
  'fork',
  'behind',
  'credentials',
  'tls',
  'ledger_newer',
  'ledger_older',
  'not_joined',
  'code_taken',
  'other_shop',
  'not_owner',
]);
export type ShopLedgerProblem = z.infer<typeof ShopLedgerProblemSchema>;

export const ShopLedgerStatusSchema = z.object({
  state: ShopLedgerStateSchema,
  /** This counter's records the ledger does not hold yet. */
  waiting: z.number().int().nonnegative(),
  /** When the ledger last took this counter's records; null before the first time. */
  syncedAt: IsoTimeSchema.nullable(),
  problem: ShopLedgerProblemSchema.nullable(),
  /** Where, and as what, this counter joined (null when off). */
  address: z.string().nullable(),
  shop: z.string().nullable(),
  counterCode: z.string().nullable(),
  counterName: z.string().nullable(),
});
export type ShopLedgerStatus = z.infer<typeof ShopLedgerStatusSchema>;

export const StatusSchema = z.object({
  mode: z.enum(['training', 'live']),
  counterId: z.string(),
  credentials: z.object({ stored: z.boolean(), maskedAccessCode: z.string().nullable() }),
  keychain: z.enum(['available', 'unavailable']),
  /** Why the keychain is unavailable (Settings says so); null while it is available. */
  keychainProblem: KeychainProblemSchema.nullable(),
  apiBaseUrl: z.string(),
  /** How the last real calls to the provider went: answered in time, slow or failing, or unreachable. */
  connection: z.enum(['unknown', 'online', 'degraded', 'offline']),
  /** Server clock minus ours, from the API's Date headers; null until first seen. */
  clockSkewMs: z.number().nullable(),
  balance: BalanceViewSchema.nullable(),
  currency: CurrencySchema.nullable(),
  catalogue: z.object({
    count: z.number().int(),
    syncedAt: IsoTimeSchema.nullable(),
    syncing: z.boolean(),
    /** The provider's packages the last sync could not read: left out, never offered. */
    skipped: z.number().int(),
    /** Cached packages that no longer read (damaged, or written by an older version): not offered either. */
    unreadable: z.number().int(),
    /**
     * The sync under way: packages read so far, the provider's total when it gives one, and the
     * seconds it should still take at the pace so far (null until a page gave the total).
     */
    progress: z
      .object({
        packages: z.number().int(),
        total: z.number().int().nullable(),
        etaSeconds: z.number().nullable(),
      })
      .nullable(),
    /** Why the last sync failed, and when the counter tries again by itself (null: at the next check). */
    failure: z
      // Lazy: the error schemas name the status's keychain problems, so each module needs the other.
      .object({ error: z.lazy(() => PosErrorSchema), retryAt: IsoTimeSchema.nullable() })
      .nullable(),
  }),
  openSales: z.object({ pending: z.number().int(), inDoubt: z.number().int(), support: z.number().int() }),
  managerPinSet: z.boolean(),
  devices: z.object({ printing: PrintingModeSchema }),
  storage: StorageStatusSchema,
  shopLedger: ShopLedgerStatusSchema,
  /** The shop's prices, rate and end-of-day rules this counter sells from; null while it is in no shop ledger. */
  shopSettings: ShopSettingsViewSchema.nullable(),
  /** A journal brought back lacks the records written after its last one: until a manager has seen them. */
  lostRecords: LostRecordsStatusSchema.nullable(),
  /** When the core read this status, to tell the newer of two (revision.ts). */
  revision: RevisionSchema,
});
export type Status = z.infer<typeof StatusSchema>;
