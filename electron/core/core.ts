import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { BalanceView, CataloguePackage, PosEvent, Pricing, Sale, Status } from '../../shared/domain';
import type { Money } from '../../shared/money';
import { ApiFailure } from './api';
import { syncCatalogue } from './api/catalogue-sync';
import { Connections, clientFor, type Endpoint } from './connection';
import { Keychain, maskAccessCode } from './credentials/keychain';
import { CatalogueStore } from './journal/catalogue-store';
import { type Db, openJournal } from './journal/database';
import { SaleStore } from './journal/sale-store';
import { SettingsStore } from './journal/settings-store';
import type { Logger, Redactor } from './log';
import type { PosHandlers } from './pos/dispatch';
import { PosFailure } from './pos/failure';
import { DEFAULT_PRICING, retailPrice } from './sales/pricing';
import { type SellContext, sell } from './sales/sell';
import { ManagerPin } from './security/manager-pin';

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
}

export interface Core {
  readonly handlers: PosHandlers;
  readonly log: Logger;
  onEvent(listener: (event: PosEvent) => void): () => void;
  close(): Promise<void>;
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
  const keychain = new Keychain(options.keychainService);
  const listeners = new Set<(event: PosEvent) => void>();
  const emit = (event: PosEvent): void => {
    for (const listener of listeners) listener(event);
  };

  const counterId = settings.get<string>('counter.id') ?? `C${randomBytes(3).toString('hex').toUpperCase()}`;
  settings.set('counter.id', counterId);

  const pricing = (): Pricing => settings.get<Pricing>('pricing') ?? DEFAULT_PRICING;
  let balance: BalanceView | null = null;
  let keychainAvailable = await keychain.available();
  let storedAccessCode: string | null = keychainAvailable
    ? ((await keychain.read().catch(() => null))?.accessCode ?? null)
    : null;
  let syncing: Promise<{ count: number; syncedAt: string }> | null = null;
  let closing = new AbortController();

  const connections = new Connections({
    trainingEndpoint: options.trainingEndpoint,
    keychain,
    liveBaseUrl: () => settings.getSettings().apiBaseUrl,
    log,
    redactor: options.redactor,
    ...(options.liveEndpoint ? { liveEndpoint: options.liveEndpoint } : {}),
  });
  await connections.start();

  const updateBalance = (
    amount: Money,
    enterprise: BalanceView['enterprise'] = balance?.enterprise ?? null,
  ): BalanceView => {
    const threshold = settings.getSettings().lowBalanceThreshold;
    const low =
      threshold !== null && threshold.currency === amount.currency && amount.amount < threshold.amount;
    const wasLow = balance?.low ?? false;
    balance = { balance: amount, enterprise, updatedAt: now().toISOString(), low };
    emit({ type: 'balance.updated', balance });
    if (low && !wasLow) emit({ type: 'balance.low', balance });
    return balance;
  };

  const refreshBalance = async (): Promise<BalanceView> => {
    const fresh = await connections.current.client.getBalance({ lane: 'interactive' });
    const enterprise = fresh.enterprise
      ? {
          account: fresh.enterprise.account ?? '',
          live: fresh.enterprise.live ?? false,
          asOf: fresh.enterprise.asOf ?? '',
        }
      : null;
    return updateBalance(fresh.balance, enterprise);
  };

  const runSync = (): Promise<{ count: number; syncedAt: string }> => {
    if (syncing) return syncing;
    const run = syncCatalogue(connections.current.client, catalogue, { now, signal: closing.signal })
      .then((result) => {
        emit({ type: 'catalogue.synced', count: result.count, syncedAt: result.syncedAt });
        return result;
      })
      .finally(() => {
        syncing = null;
      });
    syncing = run;
    return run;
  };

  /** Background work after start-up or a change of connection: never holds the counter back. */
  const warmUp = (forceSync: boolean): void => {
    const age = catalogue.syncedAt();
    if (forceSync || !age || now().getTime() - Date.parse(age) > CATALOGUE_MAX_AGE_MS) {
      runSync().catch((error: unknown) => log.warn('catalogue sync failed', { error: errorSummary(error) }));
    }
    refreshBalance().catch((error: unknown) =>
      log.warn('balance refresh failed', { error: errorSummary(error) }),
    );
  };

  /** A new connection: stop work bound to the old one, forget its balance and catalogue, start afresh. */
  const switched = async (): Promise<Status> => {
    closing.abort();
    await syncing?.catch(() => undefined);
    closing = new AbortController();
    balance = null;
    catalogue.replaceAll([], now().toISOString());
    warmUp(true);
    const current = status();
    emit({ type: 'status.changed', status: current });
    return current;
  };

  const sellContext: SellContext = {
    sales,
    catalogue,
    pricing,
    client: () => connections.current.client,
    counterId: () => counterId,
    training: () => connections.current.mode === 'training',
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
    const connection = connections.current;
    const client = connection.client.status();
    return {
      mode: connection.mode,
      counterId,
      credentials: {
        stored: storedAccessCode !== null,
        maskedAccessCode: storedAccessCode === null ? null : maskAccessCode(storedAccessCode),
      },
      keychain: keychainAvailable ? 'available' : 'unavailable',
      apiBaseUrl: connection.endpoint.baseUrl,
      connection: client.connection,
      clockSkewMs: client.clockSkewMs,
      balance,
      currency: balance?.balance.currency ?? client.currency,
      catalogue: { count: catalogue.count(), syncedAt: catalogue.syncedAt(), syncing: syncing !== null },
      openSales: {
        pending: counts.pending,
        inDoubt: counts.in_doubt + counts.intent + counts.sent,
        support: counts.support,
      },
      managerPinSet: managerPin.isSet(),
    };
  };

  /** Settings, credentials and pricing need the manager PIN, and a PIN must have been chosen first. */
  const requireManager = (pin: string): void => {
    if (!managerPin.isSet()) throw new PosFailure('PIN_REQUIRED', 'Choose a manager PIN first.');
    managerPin.require(pin);
  };

  const testEndpoint = async (endpoint: Endpoint) => {
    const started = performance.now();
    const client = clientFor(endpoint, log);
    options.redactor.add(endpoint.secretKey);
    const fresh = await client.getBalance({ lane: 'interactive' });
    return {
      balance: {
        balance: fresh.balance,
        enterprise: fresh.enterprise
          ? {
              account: fresh.enterprise.account ?? '',
              live: fresh.enterprise.live ?? false,
              asOf: fresh.enterprise.asOf ?? '',
            }
          : null,
        updatedAt: now().toISOString(),
        low: false,
      },
      currency: fresh.balance.currency,
      clockSkewMs: client.status().clockSkewMs,
      latencyMs: Math.round(performance.now() - started),
    };
  };

  const notYet = (what: string) => async (): Promise<never> => {
    throw new PosFailure('NOT_SUPPORTED', `${what} is not available in this version of the counter.`);
  };

  const handlers: PosHandlers = {
    getStatus: async () => status(),
    listPackages: async () => ({ packages: listPackages(), syncedAt: catalogue.syncedAt() }),
    syncCatalogue: async () => runSync(),
    listBestSellers: async ({ limit }) => ({
      packageCodes: sales.bestSellers(new Date(now().getTime() - 7 * 86_400_000).toISOString(), limit),
    }),
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
      requireManager(pin);
      settings.set('pricing', next);
      return next;
    },
    getSettings: async () => settings.getSettings(),
    updateSettings: async ({ pin, patch }) => {
      requireManager(pin);
      return settings.updateSettings(patch);
    },
    setManagerPin: async ({ pin, currentPin }) => {
      managerPin.set(pin, currentPin);
      return { set: true as const };
    },
    verifyManagerPin: async ({ pin }) => ({ valid: managerPin.verify(pin) }),
    setCredentials: async ({ pin, accessCode, secretKey, apiBaseUrl }) => {
      requireManager(pin);
      const baseUrl = apiBaseUrl ?? settings.getSettings().apiBaseUrl;
      if (!baseUrl)
        throw new PosFailure('INVALID_INPUT', 'Enter the API base URL (it ends in /api/v1/business).');
      if (!(await keychain.available())) {
        keychainAvailable = false;
        throw new PosFailure(
          'KEYCHAIN_UNAVAILABLE',
          'No OS keychain is available, so API credentials cannot be stored safely.',
        );
      }
      // Only credentials the provider accepts are kept: a typo is caught here, not at the first sale.
      await testEndpoint({ baseUrl, accessCode, secretKey });
      await keychain.write({ accessCode, secretKey });
      keychainAvailable = true;
      storedAccessCode = accessCode;
      settings.updateSettings({ apiBaseUrl: baseUrl });
      connections.useLive({ baseUrl, accessCode, secretKey });
      return switched();
    },
    clearCredentials: async ({ pin }) => {
      requireManager(pin);
      await keychain.clear();
      storedAccessCode = null;
      await connections.useTraining();
      return switched();
    },
    testConnection: async ({ accessCode, secretKey, apiBaseUrl }) => {
      const current = connections.current.endpoint;
      if ((accessCode === undefined) !== (secretKey === undefined)) {
        throw new PosFailure(
          'INVALID_INPUT',
          'Give both the access code and the secret key to test new credentials.',
        );
      }
      return testEndpoint(
        accessCode !== undefined && secretKey !== undefined
          ? {
              baseUrl: apiBaseUrl ?? settings.getSettings().apiBaseUrl ?? current.baseUrl,
              accessCode,
              secretKey,
            }
          : { ...current, baseUrl: apiBaseUrl ?? current.baseUrl },
      );
    },
    renderReceipt: notYet('Receipts'),
  };

  warmUp(false);

  return {
    handlers,
    log,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      closing.abort();
      await syncing?.catch(() => undefined);
      db.close();
    },
  };
}

function errorSummary(error: unknown): string {
  return error instanceof ApiFailure || error instanceof PosFailure
    ? `${error.code}: ${error.message}`
    : String(error);
}
