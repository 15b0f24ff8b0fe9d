import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { BalanceView, CataloguePackage, PosEvent, Pricing, Sale, Status } from '../../shared/domain';
import type { Money } from '../../shared/money';
import { ApiFailure } from './api/api-failure';
import { syncCatalogue } from './api/catalogue-sync';
import { createResellerClient, type ResellerClient } from './api/client';
import { CatalogueStore } from './journal/catalogue-store';
import { type Db, openJournal } from './journal/database';
import { SaleStore } from './journal/sale-store';
import { SettingsStore } from './journal/settings-store';
import type { Logger, Redactor } from './log';
import type { PosHandlers } from './pos/dispatch';
import { PosFailure } from './pos/failure';
import { DEFAULT_PRICING, retailPrice } from './sales/pricing';
import { ManagerPin } from './security/manager-pin';
import { type SellContext, sell } from './sales/sell';

/** Where the core sends its requests: the live API, or the training simulator. */
export interface Endpoint {
  readonly baseUrl: string;
  readonly accessCode: string;
  readonly secretKey: string;
}

export interface CoreOptions {
  readonly dataDir: string;
  /** Starts (once) and returns the training API; the composition root runs the simulator. */
  readonly trainingEndpoint: () => Promise<Endpoint>;
  /** A live API forced from outside (credentials from the environment); otherwise the keychain decides. */
  readonly liveEndpoint?: Endpoint;
  readonly nativeBinding?: string;
  readonly log: Logger;
  readonly redactor: Redactor;
  readonly now?: () => Date;
}

export interface Core {
  readonly handlers: PosHandlers;
  readonly log: Logger;
  onEvent(listener: (event: PosEvent) => void): () => void;
  close(): Promise<void>;
}

interface Connection {
  readonly mode: 'training' | 'live';
  readonly endpoint: Endpoint;
  readonly client: ResellerClient;
}

/** Catalogue older than this is refreshed in the background; the counter keeps selling from the cache. */
const CATALOGUE_MAX_AGE_MS = 6 * 60 * 60_000;

export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? (() => new Date());
  const log = options.log;
  const db: Db = openJournal({
    file: join(options.dataDir, 'journal.sqlite'),
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  const settings = new SettingsStore(db);
  const sales = new SaleStore(db);
  const catalogue = new CatalogueStore(db);
  const managerPin = new ManagerPin(settings);
  const listeners = new Set<(event: PosEvent) => void>();
  const emit = (event: PosEvent): void => {
    for (const listener of listeners) listener(event);
  };

  const counterId = settings.get<string>('counter.id') ?? `C${randomBytes(3).toString('hex').toUpperCase()}`;
  settings.set('counter.id', counterId);

  const pricing = (): Pricing => settings.get<Pricing>('pricing') ?? DEFAULT_PRICING;
  let balance: BalanceView | null = null;
  let syncing: Promise<{ count: number; syncedAt: string }> | null = null;

  const connect = async (): Promise<Connection> => {
    const live = options.liveEndpoint;
    const endpoint = live ?? (await options.trainingEndpoint());
    options.redactor.add(endpoint.secretKey);
    const client = createResellerClient({
      baseUrl: endpoint.baseUrl,
      credentials: () => ({ accessCode: endpoint.accessCode, secretKey: endpoint.secretKey }),
      log,
    });
    return { mode: live ? 'live' : 'training', endpoint, client };
  };
  const connection = await connect();

  const updateBalance = (amount: Money, enterprise: BalanceView['enterprise'] = balance?.enterprise ?? null): BalanceView => {
    const threshold = settings.getSettings().lowBalanceThreshold;
    const low = threshold !== null && threshold.currency === amount.currency && amount.amount < threshold.amount;
    const wasLow = balance?.low ?? false;
    balance = { balance: amount, enterprise, updatedAt: now().toISOString(), low };
    emit({ type: 'balance.updated', balance });
    if (low && !wasLow) emit({ type: 'balance.low', balance });
    return balance;
  };

  const refreshBalance = async (): Promise<BalanceView> => {
    const fresh = await connection.client.getBalance({ lane: 'interactive' });
    const enterprise = fresh.enterprise
      ? { account: fresh.enterprise.account ?? '', live: fresh.enterprise.live ?? false, asOf: fresh.enterprise.asOf ?? '' }
      : null;
    return updateBalance(fresh.balance, enterprise);
  };

  const runSync = (): Promise<{ count: number; syncedAt: string }> => {
    syncing ??= syncCatalogue(connection.client, catalogue, { now })
      .then((result) => {
        emit({ type: 'catalogue.synced', count: result.count, syncedAt: result.syncedAt });
        return result;
      })
      .finally(() => {
        syncing = null;
      });
    return syncing;
  };

  const sellContext: SellContext = {
    sales,
    catalogue,
    pricing,
    client: () => connection.client,
    counterId: () => counterId,
    training: () => connection.mode === 'training',
    now,
    emit,
    onOutcome: (sale: Sale) => {
      if (sale.state === 'completed' && sale.newBalance) updateBalance(sale.newBalance);
    },
    log,
  };

  const listPackages = (): CataloguePackage[] => {
    const rules = pricing();
    return catalogue.list().map((pkg) => ({ ...pkg, retail: retailPrice(pkg.cost, pkg, rules) }));
  };

  const status = (): Status => {
    const counts = sales.countByState();
    const client = connection.client.status();
    return {
      mode: connection.mode,
      counterId,
      credentials: { stored: false, maskedAccessCode: null },
      keychain: 'unavailable',
      apiBaseUrl: connection.endpoint.baseUrl,
      connection: client.connection,
      clockSkewMs: client.clockSkewMs,
      balance,
      currency: balance?.balance.currency ?? client.currency,
      catalogue: { count: catalogue.count(), syncedAt: catalogue.syncedAt(), syncing: syncing !== null },
      openSales: { pending: counts.pending, inDoubt: counts.in_doubt + counts.intent + counts.sent, support: counts.support },
      managerPinSet: managerPin.isSet(),
    };
  };

  const notYet = (what: string) => async (): Promise<never> => {
    throw new PosFailure('NOT_SUPPORTED', `${what} is not available in this version of the counter.`);
  };

  const handlers: PosHandlers = {
    getStatus: async () => status(),
    listPackages: async () => ({ packages: listPackages(), syncedAt: catalogue.syncedAt() }),
    syncCatalogue: async () => runSync(),
    listBestSellers: async ({ limit }) => ({ packageCodes: sales.bestSellers(new Date(now().getTime() - 7 * 86_400_000).toISOString(), limit) }),
    getBalance: async () => refreshBalance(),
    sell: async (input) => sell(sellContext, input),
    getSale: async ({ id }) => {
      const sale = sales.get(id);
      if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
      return sale;
    },
    listSales: async (filter) => ({ sales: sales.list(filter) }),
    resolveSale: notYet('Resolving a sale by hand'),
    lookupEsim: notYet('eSIM lookup'),
    listTopUpPackages: notYet('Top-up packages'),
    topUp: notYet('Top-up'),
    getTopUp: notYet('Top-up'),
    listTopUps: notYet('Top-up'),
    listOrders: notYet("The provider's order list"),
    getPricing: async () => pricing(),
    setPricing: async ({ pin, pricing: next }) => {
      managerPin.require(pin);
      settings.set('pricing', next);
      return next;
    },
    getSettings: async () => settings.getSettings(),
    updateSettings: async ({ pin, patch }) => {
      managerPin.require(pin);
      return settings.updateSettings(patch);
    },
    setManagerPin: async ({ pin, currentPin }) => {
      managerPin.set(pin, currentPin);
      return { set: true as const };
    },
    verifyManagerPin: async ({ pin }) => ({ valid: managerPin.verify(pin) }),
    setCredentials: notYet('Storing API credentials'),
    clearCredentials: notYet('Clearing API credentials'),
    testConnection: notYet('Testing the connection'),
    renderReceipt: notYet('Receipts'),
  };

  // Start-up work that must not hold the counter back: a stale or empty catalogue and the balance.
  const age = catalogue.syncedAt();
  if (!age || now().getTime() - Date.parse(age) > CATALOGUE_MAX_AGE_MS) {
    runSync().catch((error: unknown) => log.warn('catalogue sync failed', { error: describe(error) }));
  }
  refreshBalance().catch((error: unknown) => log.warn('balance refresh failed', { error: describe(error) }));

  return {
    handlers,
    log,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await syncing?.catch(() => undefined);
      db.close();
    },
  };
}

function describe(error: unknown): string {
  return error instanceof ApiFailure || error instanceof PosFailure ? `${error.code}: ${error.message}` : String(error);
}
