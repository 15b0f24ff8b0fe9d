import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { CurrencySchema } from '../money-schema';
import { BalanceViewSchema } from './balance';
import { IsoTimeSchema } from './common';

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
});
export type Status = z.infer<typeof StatusSchema>;
