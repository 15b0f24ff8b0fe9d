import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { BalanceView } from '../../shared/domain/balance';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { PosEvent } from '../../shared/domain/events';
import type { Pricing } from '../../shared/domain/pricing';
import type { Sale } from '../../shared/domain/sale';
import type { Status } from '../../shared/domain/status';
import type { Money } from '../../shared/money';
import { ApiFailure } from './api';
import { syncCatalogue } from './api/catalogue-sync';
import { Connections, type Endpoint } from './connection';
import type { CoreContext, HandlerGroup } from './context';
import { CredentialState, credentialHandlers } from './credentials/credentials';
import { Keychain } from './credentials/keychain';
import { deviceHandlers } from './devices/device-handlers';
import { esimHandlers } from './esims/esim-handlers';
import { DailyBackups } from './journal/backup';
import { CatalogueTable } from './journal/catalogue-table';
import { openJournal } from './journal/database';
import { SalesJournal } from './journal/sales-journal';
import { SettingsTable } from './journal/settings-table';
import type { Logger, Redactor } from './log';
import { DEFAULT_PRICING, retailPrice } from './money/pricing';
import { type MoneyTiming, MoneyWork } from './money-work';
import type { PosHandlers } from './pos/dispatch';
import { PosFailure } from './pos/failure';
import { receiptHandlers } from './receipts/receipt-handlers';
import type { PendingTiming } from './sales/pending-timing';
import { saleHandlers } from './sales/sale-handlers';
import { ManagerPin } from './security/manager-pin';
import { settingsHandlers } from './settings/settings-handlers';
import { createEndOfDay } from './shifts/end-of-day-module';
import { topUpHandlers } from './topups/topup-handlers';

export type { Endpoint } from './connection';

export interface CoreOptions {
  readonly dataDir: string;
  /** Starts (once) and returns the training API; the composition root runs the simulator. */
  readonly trainingEndpoint: () => Promise<Endpoint>;
  /** A live API forced from outside (credentials from the environment); otherwise the keychain decides. */
  readonly liveEndpoint?: Endpoint;
  /** The keychain service name; tests use their own so they never touch a real shop's entry. */
  readonly keychainService?: string;
  readonly nativeBinding?: string;
  readonly log: Logger;
  readonly redactor: Redactor;
  readonly now?: () => Date;
  /** Polling and checking intervals of the money paths (tests shorten them). */
  readonly moneyTiming?: Partial<MoneyTiming>;
  /** Pending polling used only while the connection is training; a live provider is polled at its own pace. */
  readonly trainingPendingTiming?: PendingTiming;
}

export interface Core {
  readonly handlers: PosHandlers;
  readonly log: Logger;
  onEvent(listener: (event: PosEvent) => void): () => void;
  /** Where a verified `esim.provisioned` webhook lands: the pending sale is checked with the provider now. */
  esimProvisioned(orderReference: string): Promise<Sale | null>;
  close(): Promise<void>;
}

/** Catalogue older than this is refreshed in the background; the counter keeps selling from the cache. */
const CATALOGUE_MAX_AGE_MS = 6 * 60 * 60_000;
/** How often a running counter checks whether its catalogue has grown stale. */
const CATALOGUE_CHECK_MS = 15 * 60_000;

/**
 * The core: the journal, the connection to the API, and the PosApi handlers, composed from one
 * module per area. Everything about money lives below this file; this file only wires.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? (() => new Date());
  const log = options.log;
  const journalFile = join(options.dataDir, 'journal.sqlite');
  const db = openJournal({
    file: journalFile,
    now,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  const settings = new SettingsTable(db);
  const keychain = new Keychain(options.keychainService);
  const listeners = new Set<(event: PosEvent) => void>();
  const counterId = settings.get<string>('counter.id') ?? `C${randomBytes(3).toString('hex').toUpperCase()}`;
  settings.set('counter.id', counterId);
  const managerPin = new ManagerPin(settings);
  const endOfDay = createEndOfDay({
    db,
    settings,
    managerPin,
    counterId,
    now,
    roundingStep: (currency) => ctx.pricing().roundingSteps[currency],
    training: () => ctx.connections.current.mode === 'training',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  let balance: BalanceView | null = null;
  let syncing: Promise<{ count: number; syncedAt: string }> | null = null;
  let lifetime = new AbortController();

  const ctx: CoreContext = {
    db,
    settings,
    salesJournal: new SalesJournal(db),
    catalogueTable: new CatalogueTable(db),
    managerPin,
    till: endOfDay.till,
    keychain,
    connections: new Connections({
      trainingEndpoint: options.trainingEndpoint,
      keychain,
      liveBaseUrl: () => settings.getSettings().apiBaseUrl,
      log,
      redactor: options.redactor,
      ...(options.liveEndpoint ? { liveEndpoint: options.liveEndpoint } : {}),
    }),
    counterId,
    log,
    redactor: options.redactor,
    now,
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    signal: () => lifetime.signal,
    pricing: () => settings.get<Pricing>('pricing') ?? DEFAULT_PRICING,
    balance: {
      current: () => balance,
      update: (amount: Money, enterprise = balance?.enterprise ?? null) => {
        const threshold = settings.getSettings().lowBalanceThreshold;
        const low =
          threshold !== null && threshold.currency === amount.currency && amount.amount < threshold.amount;
        const wasLow = balance?.low ?? false;
        balance = { balance: amount, enterprise, updatedAt: now().toISOString(), low };
        ctx.emit({ type: 'balance.updated', balance });
        if (low && !wasLow) ctx.emit({ type: 'balance.low', balance });
        return balance;
      },
    },
    requireManager: (pin) => {
      if (!managerPin.isSet()) throw new PosFailure('PIN_REQUIRED', 'Choose a manager PIN first.');
      managerPin.require(pin);
    },
  };

  const credentials = new CredentialState();
  await credentials.load(ctx);
  await ctx.connections.start();

  const refreshBalance = async (): Promise<BalanceView> => {
    const fresh = await ctx.connections.current.client.getBalance({ lane: 'interactive' });
    const enterprise = fresh.enterprise
      ? {
          account: fresh.enterprise.account ?? '',
          live: fresh.enterprise.live ?? false,
          asOf: fresh.enterprise.asOf ?? '',
        }
      : null;
    return ctx.balance.update(fresh.balance, enterprise);
  };

  const money = new MoneyWork(ctx, {
    refreshBalance,
    ...(options.moneyTiming ? { timing: options.moneyTiming } : {}),
    ...(options.trainingPendingTiming ? { trainingPending: options.trainingPendingTiming } : {}),
  });
  const backups = new DailyBackups(db, journalFile, log, now);

  const runSync = (): Promise<{ count: number; syncedAt: string }> => {
    if (syncing) return syncing;
    const run = syncCatalogue(ctx.connections.current.client, ctx.catalogueTable, {
      now,
      signal: lifetime.signal,
    })
      .then((result) => {
        ctx.emit({ type: 'catalogue.synced', count: result.count, syncedAt: result.syncedAt });
        return result;
      })
      .finally(() => {
        syncing = null;
      });
    syncing = run;
    return run;
  };

  const syncIfStale = (force: boolean): void => {
    const age = ctx.catalogueTable.syncedAt();
    if (force || !age || now().getTime() - Date.parse(age) > CATALOGUE_MAX_AGE_MS) {
      runSync().catch((error: unknown) => log.warn('catalogue sync failed', { error: errorSummary(error) }));
    }
  };

  /** Background work after start-up or a change of connection: it never holds the counter back. */
  const warmUp = (forceSync: boolean): void => {
    syncIfStale(forceSync);
    refreshBalance().catch((error: unknown) =>
      log.warn('balance refresh failed', { error: errorSummary(error) }),
    );
  };

  const status = (): Status => {
    const counts = ctx.salesJournal.countByState();
    const connection = ctx.connections.current;
    const client = connection.client.status();
    return {
      mode: connection.mode,
      counterId,
      ...credentials.view(),
      apiBaseUrl: connection.endpoint.baseUrl,
      connection: client.connection,
      clockSkewMs: client.clockSkewMs,
      balance,
      currency: balance?.balance.currency ?? client.currency,
      catalogue: {
        count: ctx.catalogueTable.count(),
        syncedAt: ctx.catalogueTable.syncedAt(),
        syncing: syncing !== null,
      },
      openSales: {
        pending: counts.pending,
        inDoubt: counts.in_doubt + counts.intent + counts.sent,
        support: counts.support,
      },
      managerPinSet: managerPin.isSet(),
    };
  };

  /** A new connection: stop the work bound to the old one, forget its balance and catalogue, start afresh. */
  const switched = async (): Promise<Status> => {
    lifetime.abort();
    await syncing?.catch(() => undefined);
    await money.stop();
    lifetime = new AbortController();
    balance = null;
    ctx.catalogueTable.replaceAll([], now().toISOString());
    warmUp(true);
    money.start();
    const current = status();
    ctx.emit({ type: 'status.changed', status: current });
    return current;
  };

  const sessionHandlers: HandlerGroup<'getStatus' | 'listPackages' | 'syncCatalogue' | 'getBalance'> = {
    getStatus: async () => status(),
    listPackages: async () => {
      const rules = ctx.pricing();
      const packages: CataloguePackage[] = ctx.catalogueTable
        .list()
        .map((pkg) => ({ ...pkg, retail: retailPrice(pkg.cost, pkg, rules) }));
      return { packages, syncedAt: ctx.catalogueTable.syncedAt() };
    },
    syncCatalogue: async () => runSync(),
    getBalance: async () => refreshBalance(),
  };

  const handlers: PosHandlers = {
    ...sessionHandlers,
    ...saleHandlers(ctx, money),
    ...topUpHandlers(money),
    ...settingsHandlers(ctx),
    ...esimHandlers(ctx),
    ...credentialHandlers(ctx, credentials, switched),
    ...receiptHandlers(ctx),
    ...deviceHandlers(ctx, (listener) => listeners.add(listener)),
    ...endOfDay.handlers((till) => ctx.emit({ type: 'till.updated', till })),
  };

  warmUp(false);
  money.start();
  backups.start();
  // A counter left open for days still sells from a fresh catalogue (prices change at the provider).
  const catalogueTimer = setInterval(() => syncIfStale(false), CATALOGUE_CHECK_MS);
  catalogueTimer.unref();

  return {
    handlers,
    log,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    esimProvisioned: (orderReference) => money.esimProvisioned(orderReference),
    async close() {
      clearInterval(catalogueTimer);
      listeners.clear();
      lifetime.abort();
      await syncing?.catch(() => undefined);
      await Promise.all([money.stop(), backups.stop()]);
      db.close();
    },
  };
}

function errorSummary(error: unknown): string {
  return error instanceof ApiFailure || error instanceof PosFailure
    ? `${error.code}: ${error.message}`
    : String(error);
}
