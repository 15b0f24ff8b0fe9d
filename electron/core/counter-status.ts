import { SALE_SENDABLE_STATES } from '../../shared/domain/sale-states';
import type { ShopSettingsView } from '../../shared/domain/shop-settings';
import type { PrintingMode, ShopLedgerStatus, Status } from '../../shared/domain/status';
import type { Catalogue } from './catalogue/catalogue';
import type { Connections } from './connection';
import type { HandlerGroup } from './context';
import type { CredentialState } from './credentials/credentials';
import type { StorageHealth } from './journal/journal-write';
import type { SalesJournal } from './journal/sales-journal';
import type { AccountBalance } from './money/balance';
import type { LostRecordsDesk } from './reconciliation/lost-records';
import type { ManagerPin } from './security/manager-pin';
import { viewRevisions } from './view-revisions';

/**
 * Where the parts of the core say that their share of the status changed (storage, connection,
 * catalogue, manager PIN). Nothing is told until the core is up: the screen reads the whole status
 * when it connects, and from then on is told each change as it comes.
 */
export class StatusChanges {
  private tell: (() => void) | null = null;

  readonly changed = (): void => this.tell?.();

  /** From now on every change calls `tell`. */
  start(tell: () => void): void {
    this.tell = tell;
  }

  /**
   * From now on a change tells nobody: the core is closing, and a part that changes as it stops (a
   * ledger connection ending, a push cut short) must not read a journal about to be closed.
   */
  stop(): void {
    this.tell = null;
  }
}

/** What the status bar reads, each part at the moment it is asked. */
export interface StatusParts {
  readonly counterId: string;
  readonly connections: Connections;
  readonly credentials: CredentialState;
  readonly balance: AccountBalance;
  readonly salesJournal: SalesJournal;
  readonly catalogue: Catalogue;
  readonly managerPin: ManagerPin;
  readonly printing: PrintingMode;
  readonly storage: StorageHealth;
  readonly shopLedger: { view(): ShopLedgerStatus };
  readonly shopSettings: { view(): ShopSettingsView | null };
  readonly lostRecords: LostRecordsDesk;
}

/**
 * Reads the counter's status as the status bar shows it, each read with the next revision of this
 * run, so a window can tell the newer of two statuses whichever arrives first (isNewerView).
 */
export function statusReader(parts: StatusParts): () => Status {
  const revision = viewRevisions();
  return () => ({ ...statusOf(parts), revision: revision() });
}

function statusOf(parts: StatusParts): Omit<Status, 'revision'> {
  const counts = parts.salesJournal.openCounts();
  const connection = parts.connections.current;
  const client = connection.client.status();
  const balance = parts.balance.current();
  return {
    mode: connection.mode,
    counterId: parts.counterId,
    ...parts.credentials.view(),
    apiBaseUrl: connection.endpoint.baseUrl,
    connection: client.connection,
    clockSkewMs: client.clockSkewMs,
    balance,
    currency: balance?.balance.currency ?? client.currency,
    catalogue: parts.catalogue.view(),
    openSales: {
      pending: counts.pending,
      // Sent or about to be, with no final answer: what recovery re-sends.
      inDoubt: SALE_SENDABLE_STATES.reduce((sum, state) => sum + counts[state], 0),
      support: counts.support,
    },
    managerPinSet: parts.managerPin.isSet(),
    devices: { printing: parts.printing },
    storage: parts.storage.view(),
    shopLedger: parts.shopLedger.view(),
    shopSettings: parts.shopSettings.view(),
    lostRecords: parts.lostRecords.status(),
  };
}

export function statusHandlers(
  status: () => Status,
  balance: AccountBalance,
): HandlerGroup<'getStatus' | 'getBalance'> {
  return {
    getStatus: async () => status(),
    getBalance: async () => balance.refresh(),
  };
}
