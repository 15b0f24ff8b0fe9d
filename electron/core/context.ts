import type { Pricing } from '../../shared/domain/pricing';
import type { Connections } from './connection';
import type { CoreEvent } from './core-events';
import type { Keychain } from './credentials/keychain';
import type { CatalogueTable } from './journal/catalogue-table';
import type { Db } from './journal/database';
import type { SalesJournal } from './journal/sales-journal';
import type { SettingsTable } from './journal/settings-table';
import type { TopUpsJournal } from './journal/topups-journal';
import type { UnsavedOutcomes } from './journal/unsaved-outcomes';
import type { Logger, Redactor } from './log';
import type { AccountBalance } from './money/balance';
import type { PosHandlers } from './pos/dispatch';
import type { ManagerPin } from './security/manager-pin';
import type { Till } from './shifts/till';
import type { ShopPlace } from './shop/shop-ledger';

/**
 * What every part of the core shares: the journal's stores, the connection to the API, the clock,
 * the event bus and the log. Handler groups (sales, top-ups, settings, credentials, receipts) are
 * built from it, each in its own module.
 */
export interface CoreContext {
  readonly db: Db;
  readonly settings: SettingsTable;
  readonly salesJournal: SalesJournal;
  readonly topUpsJournal: TopUpsJournal;
  readonly catalogueTable: CatalogueTable;
  /** Provider answers the journal could not take yet, written as soon as it can. */
  readonly outcomes: UnsavedOutcomes;
  readonly managerPin: ManagerPin;
  /** Journals each new sale and top-up with its cashier, shift and tender. */
  readonly till: Till;
  readonly keychain: Keychain;
  readonly connections: Connections;
  readonly counterId: string;
  /** The shop ledger this counter is in, and its code there (null: on its own). */
  readonly shopPlace: () => ShopPlace | null;
  readonly log: Logger;
  readonly redactor: Redactor;
  readonly now: () => Date;
  readonly emit: (event: CoreEvent) => void;
  /** Aborted when the core closes or the connection changes: long work bound to it stops. */
  readonly signal: () => AbortSignal;
  readonly pricing: () => Pricing;
  /** The account balance: the one place it is kept; every change emits balance events. */
  readonly balance: AccountBalance;
  /** Settings, credentials and pricing need the manager PIN, and a PIN must have been chosen first. */
  requireManager(pin: string): void;
}

/** A module's share of the PosApi handlers. */
export type HandlerGroup<K extends keyof PosHandlers> = Pick<PosHandlers, K>;
