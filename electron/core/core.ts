import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Language } from '../../shared/domain/common';
import type { PosEvent } from '../../shared/domain/events';
import type { Pricing } from '../../shared/domain/pricing';
import type { Sale } from '../../shared/domain/sale';
import { SALE_SENDABLE_STATES } from '../../shared/domain/sale-states';
import type { Status } from '../../shared/domain/status';
import { posError, type Result } from '../../shared/errors';
import type { Caller } from '../../shared/pos-access';
import { ApiFailure, type ResellerClientOptions } from './api';
import { syncCatalogue } from './api/catalogue-sync';
import { Cancellations } from './care/cancellations';
import { careHandlers } from './care/care-handlers';
import { EsimCareDesk } from './care/esim-care';
import { CatalogueSyncState } from './catalogue-sync-state';
import { Connections, type Endpoint } from './connection';
import type { CoreContext, HandlerGroup } from './context';
import { type CoreEvent, toPosEvent } from './core-events';
import { CredentialState, credentialHandlers } from './credentials/credentials';
import { Keychain } from './credentials/keychain';
import { deviceHandlers, printingMode, type ShellPrinting } from './devices/device-handlers';
import { esimHandlers } from './esims/esim-handlers';
import { exportHandlers } from './exports/export-handlers';
import { Exporter } from './exports/exporter';
import { lockDataDir } from './instance-lock';
import { DailyBackups } from './journal/backup';
import { CatalogueTable } from './journal/catalogue-table';
import { type Db, openJournal } from './journal/database';
import { checkInBackground } from './journal/integrity-watch';
import { observeWrites, refuseWrites, StorageHealth } from './journal/journal-write';
import { SalesJournal } from './journal/sales-journal';
import { SettingsTable } from './journal/settings-table';
import { chooseSqliteAddon } from './journal/sqlite-addon';
import { JournalRefused } from './journal/start-checks';
import { TopUpsJournal } from './journal/topups-journal';
import { UnsavedOutcomes } from './journal/unsaved-outcomes';
import { checkpointInBackground } from './journal/wal-checkpoints';
import type { Logger, Redactor } from './log';
import { AccountBalance } from './money/balance';
import { DEFAULT_PRICING, retailPrice } from './money/pricing';
import { type MoneyTiming, MoneyWork } from './money-work';
import { dispatch, type PosHandlers } from './pos/dispatch';
import { PosFailure } from './pos/failure';
import { receiptHandlers } from './receipts/receipt-handlers';
import { Reconciler } from './reconciliation/reconciler';
import { reconciliationHandlers, withDayReconciliation } from './reconciliation/reconciliation-handlers';
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
  /** Where the app's build put the thread programs (program-thread.ts); from the source tree when absent. */
  readonly programsDir?: string;
  readonly log: Logger;
  readonly redactor: Redactor;
  readonly now?: () => Date;
  /** Polling and checking intervals of the money paths (tests shorten them). */
  readonly moneyTiming?: Partial<MoneyTiming>;
  /** Pending polling used only while the connection is training; a live provider is polled at its own pace. */
  readonly trainingPendingTiming?: PendingTiming;
  /** The desktop shell's printing straight to a printer; without it the counter prints with the browser. */
  readonly shellPrinting?: ShellPrinting;
  /** The shell's HTML-to-PDF for A4 reports; without it the accountant pack keeps them as HTML. */
  readonly reportPdf?: (html: string) => Promise<Uint8Array>;
  /** How often a reconciliation left UNCONFIRMED is tried again (tests shorten it). */
  readonly reconciliationRetryMs?: number;
  /** The API key's rate limits when not the API's typical ones (benchmarks against a raised simulator). */
  readonly apiRateLimits?: ResellerClientOptions['rateLimits'];
}

export interface Core {
  readonly log: Logger;
  /**
   * One PosApi call from a transport (IPC, HTTP): checked against who may call it now, validated,
   * answered as a Result. The only way into the core's handlers from outside it.
   */
  call(method: string, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: (event: PosEvent) => void): () => void;
  /** Where a verified `esim.provisioned` webhook lands: the pending sale is checked with the provider now. */
  esimProvisioned(orderReference: string): Promise<Sale | null>;
  close(): Promise<void>;
}

/** Provider answers the journal could not take, kept beside it until it can (see UnsavedOutcomes). */
const UNSAVED_ANSWERS_FILE = 'journal-unsaved-answers.jsonl';

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
  const native = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  const threads = { ...native, ...(options.programsDir ? { programsDir: options.programsDir } : {}) };
  // The backups' files (listed on this thread too) open with the same build of the addon as the journal.
  chooseSqliteAddon(options.nativeBinding);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const instance = lockDataDir(options.dataDir, journalFile, { ...native, now });
  let db: Db;
  try {
    db = openJournal({
      file: journalFile,
      now,
      previousRunUnclean: instance.previousRunUnclean,
      hold: instance.hold,
      ...native,
    });
  } catch (error) {
    // A journal refused unopened keeps telling the next start what it found (a lost log, an empty
    // file). One that was opened had its log taken in by SQLite: the crash no longer applies.
    if (error instanceof JournalRefused && !error.beforeOpen) instance.closing();
    instance.release();
    throw error;
  }
  const salesJournal = new SalesJournal(db);
  const topUpsJournal = new TopUpsJournal(db);
  const outcomes = new UnsavedOutcomes(
    join(options.dataDir, UNSAVED_ANSWERS_FILE),
    db,
    { sales: salesJournal, topUps: topUpsJournal },
    log,
  );
  // The status bar follows storage, connection, catalogue and manager-PIN changes as they come and
  // go, once the core is up to tell the screen.
  let ready = false;
  const statusChanged = (): void => {
    if (ready) ctx.emit({ type: 'status.changed', status: status() });
  };
  const storage = new StorageHealth(now, () => outcomes.size, statusChanged);
  observeWrites(db, storage);
  // Answers a previous run could not record go in before anything reads the journal to decide.
  outcomes.resume();
  const settings = new SettingsTable(db);
  const keychain = new Keychain(options.keychainService, (error) =>
    log.warn('the OS keychain library could not be loaded; training only', { error: String(error) }),
  );
  const listeners = new Set<(event: CoreEvent) => void>();
  const counterId = settings.get<string>('counter.id') ?? `C${randomBytes(3).toString('hex').toUpperCase()}`;
  settings.set('counter.id', counterId);
  const managerPin = new ManagerPin(settings, now);
  const endOfDay = createEndOfDay({
    db,
    settings,
    managerPin,
    counterId,
    now,
    roundingStep: (currency) => ctx.pricing().roundingSteps[currency],
    training: () => ctx.connections.current.mode === 'training',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // Read when a Z is printed, long after the reconciler below exists.
    reconciliationOf: (day) => reconciler.view({ firstDay: day, lastDay: day }),
  });

  let syncing: Promise<{ count: number; syncedAt: string }> | null = null;
  let lifetime = new AbortController();
  // The cashier of a counter with no catalogue sees its sync's progress, or why it failed and when it retries.
  const catalogueSync = new CatalogueSyncState(now, statusChanged);
  let catalogueRetry: NodeJS.Timeout | null = null;

  const ctx: CoreContext = {
    db,
    settings,
    salesJournal,
    topUpsJournal,
    catalogueTable: new CatalogueTable(db),
    outcomes,
    managerPin,
    till: endOfDay.till,
    keychain,
    connections: new Connections({
      trainingEndpoint: options.trainingEndpoint,
      keychain,
      liveBaseUrl: () => settings.getSettings().apiBaseUrl,
      log,
      redactor: options.redactor,
      // The status bar follows the real calls: each change of state is told as it happens.
      onConnectionChange: statusChanged,
      ...(options.liveEndpoint ? { liveEndpoint: options.liveEndpoint } : {}),
      ...(options.apiRateLimits ? { rateLimits: options.apiRateLimits } : {}),
    }),
    counterId,
    log,
    redactor: options.redactor,
    now,
    emit: (event) => {
      // Events are raised on the money paths, between a journal write and a request: a listener that
      // fails (a window closing as it is told) must not stop a sale already marked sent from leaving.
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log.error('an event listener failed', { event: event.type, error: String(error) });
        }
      }
    },
    signal: () => lifetime.signal,
    pricing: () => settings.get<Pricing>('pricing') ?? DEFAULT_PRICING,
    balance: new AccountBalance({
      connection: () => ctx.connections.current,
      threshold: () => settings.getSettings().lowBalanceThreshold,
      now,
      emit: (event) => ctx.emit(event),
    }),
    requireManager: (pin) => {
      if (!managerPin.isSet()) throw new PosFailure('PIN_REQUIRED', 'Choose a manager PIN first.');
      managerPin.require(pin);
    },
  };

  const credentials = new CredentialState();
  await credentials.load(ctx);
  await ctx.connections.start();

  const money = new MoneyWork(ctx, {
    ...(options.moneyTiming ? { timing: options.moneyTiming } : {}),
    ...(options.trainingPendingTiming ? { trainingPending: options.trainingPendingTiming } : {}),
  });
  const backups = new DailyBackups(journalFile, log, now, threads);
  const reconciler = new Reconciler({
    db,
    counterId,
    now,
    log,
    connection: () => ctx.connections.current,
    settleSale: (saleId) => money.resolver.resolve(saleId),
    days: endOfDay.settings,
    cashiers: endOfDay.cashiers,
    // Created below with the care desk; only read once a reconciliation runs.
    refunds: (window) => cancellations.journal.refundsIn(window),
    ...(options.reconciliationRetryMs === undefined ? {} : { retryMs: options.reconciliationRetryMs }),
  });

  const runSync = (): Promise<{ count: number; syncedAt: string }> => {
    if (syncing) return syncing;
    if (catalogueRetry) clearTimeout(catalogueRetry);
    catalogueRetry = null;
    const signal = lifetime.signal;
    catalogueSync.started();
    const run = syncCatalogue(ctx.connections.current.client, ctx.catalogueTable, {
      now,
      signal,
      // A counter with nothing to sell waits for this sync; one with a catalogue refreshes it quietly.
      lane: ctx.catalogueTable.count() === 0 ? 'interactive' : 'background',
      onPage: (packages, total) => catalogueSync.page(packages, total),
    })
      .then((result) => {
        catalogueSync.succeeded();
        ctx.emit({ type: 'catalogue.synced', count: result.count, syncedAt: result.syncedAt });
        return result;
      })
      .catch((error: unknown) => {
        if (!signal.aborted) {
          const why =
            error instanceof PosFailure
              ? posError(error.code, error.message)
              : posError('INTERNAL', 'The catalogue could not be read.');
          const retryMs = catalogueSync.failed(why, ctx.catalogueTable.count() === 0);
          if (retryMs !== null) {
            catalogueRetry = setTimeout(() => syncIfStale(true), retryMs);
            catalogueRetry.unref();
          }
        }
        throw error;
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
    ctx.balance
      .refresh()
      .catch((error: unknown) => log.warn('balance refresh failed', { error: errorSummary(error) }));
  };

  const status = (): Status => {
    const counts = ctx.salesJournal.openCounts();
    const connection = ctx.connections.current;
    const client = connection.client.status();
    return {
      mode: connection.mode,
      counterId,
      ...credentials.view(),
      apiBaseUrl: connection.endpoint.baseUrl,
      connection: client.connection,
      clockSkewMs: client.clockSkewMs,
      balance: ctx.balance.current(),
      currency: ctx.balance.current()?.balance.currency ?? client.currency,
      catalogue: {
        count: ctx.catalogueTable.count(),
        syncedAt: ctx.catalogueTable.syncedAt(),
        syncing: syncing !== null,
        skipped: ctx.catalogueTable.skipped(),
        unreadable: ctx.catalogueTable.unreadable(),
        ...catalogueSync.view(),
      },
      openSales: {
        pending: counts.pending,
        // Sent or about to be, with no final answer: what recovery re-sends.
        inDoubt: SALE_SENDABLE_STATES.reduce((sum, state) => sum + counts[state], 0),
        support: counts.support,
      },
      managerPinSet: managerPin.isSet(),
      devices: { printing: printingMode(options.shellPrinting) },
      storage: storage.view(),
    };
  };

  /** A new connection: stop the work bound to the old one, forget its balance and catalogue, start afresh. */
  const switched = async (): Promise<Status> => {
    lifetime.abort();
    await syncing?.catch(() => undefined);
    await money.stop();
    lifetime = new AbortController();
    ctx.balance.forget();
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
      const cached = ctx.catalogueTable.list();
      if (cached.unreadable > 0) log.warn('catalogue rows skipped: unreadable', { count: cached.unreadable });
      const packages: CataloguePackage[] = cached.packages.map((pkg) => ({
        ...pkg,
        retail: retailPrice(pkg.cost, pkg, rules),
      }));
      return { packages, syncedAt: ctx.catalogueTable.syncedAt() };
    },
    syncCatalogue: async () => runSync(),
    getBalance: async () => ctx.balance.refresh(),
  };

  const cancellations = new Cancellations({
    db,
    counterId,
    sales: salesJournal,
    topUps: topUpsJournal,
    cashiers: endOfDay.cashiers,
    shifts: endOfDay.shifts,
    settings: endOfDay.settings,
    client: () => ctx.connections.current.client,
    now,
  });

  const exporter = new Exporter({
    db,
    counterId,
    dayRule: () => endOfDay.settings.dayRule(),
  });

  /** How a report is printed now: the shop, its language unless asked for another, its clock, training. */
  const printContext = (language: Language | undefined, printedAt: string) => {
    const shop = settings.getSettings();
    return {
      shop,
      language: language ?? shop.language,
      training: ctx.connections.current.mode === 'training',
      printedAt,
      timeZone: endOfDay.settings.timeZone(),
    };
  };

  const coreHandlers: PosHandlers = {
    ...sessionHandlers,
    ...saleHandlers(ctx, money),
    ...topUpHandlers(ctx, money),
    ...settingsHandlers(ctx, statusChanged),
    ...esimHandlers(ctx),
    ...credentialHandlers(ctx, credentials, switched),
    ...receiptHandlers(ctx, cancellations.journal),
    ...deviceHandlers(ctx, (listener) => listeners.add(listener)),
    ...endOfDay.handlers((till) => ctx.emit({ type: 'till.updated', till })),
    ...reconciliationHandlers(reconciler, (language) => printContext(language, now().toISOString())),
    ...careHandlers(
      cancellations,
      new EsimCareDesk({
        db,
        counterId,
        sales: salesJournal,
        cancellations: cancellations.journal,
        client: () => ctx.connections.current.client,
        now,
        log,
      }),
      () => ctx.emit({ type: 'till.updated', till: endOfDay.endOfDay.view() }),
    ),
    ...exportHandlers({
      db,
      counterId,
      exporter,
      zReport: (shiftId) => endOfDay.endOfDay.zReport(shiftId),
      reportContext: (language, printedAt) => ({ ...printContext(language, printedAt), paper: 'a4' }),
      reconciliationOf: (day) => reconciler.view({ firstDay: day, lastDay: day }),
      reportPdf: options.reportPdf,
      now,
    }),
  };
  const dayHandlers = withDayReconciliation(coreHandlers, reconciler);
  const handlers: PosHandlers = options.shellPrinting
    ? { ...dayHandlers, ...options.shellPrinting(dayHandlers) }
    : dayHandlers;

  warmUp(false);
  money.start();
  backups.start();
  const checkpoints = checkpointInBackground(db, journalFile, log, threads);
  reconciler.start();
  ready = true;
  // After a clean close the journal's full integrity check runs now, beside the selling (after a crash
  // it ran before anything else, in openJournal): damage it finds stops every write.
  const integrity = instance.previousRunUnclean ? null : checkInBackground(journalFile, threads);
  void integrity?.outcome.then((outcome) => {
    if (outcome.state === 'damaged') {
      log.error('the journal is damaged: no more sales until it is restored', { detail: outcome.detail });
      refuseWrites(db, 'corrupt');
    } else if (outcome.state === 'unchecked') {
      log.warn('the journal integrity check could not run', { reason: outcome.reason });
    }
  });
  // A counter left open for days still sells from a fresh catalogue (prices change at the provider).
  const catalogueTimer = setInterval(() => syncIfStale(false), CATALOGUE_CHECK_MS);
  catalogueTimer.unref();

  const caller = (): Caller => ({
    signedIn: endOfDay.cashiers.current() !== null,
    training: ctx.connections.current.mode === 'training',
  });

  return {
    log,
    call: (method, input) => dispatch(handlers, method, input, { log, caller }),
    onEvent(listener) {
      // What leaves the core goes to every window and browser: sales as summaries.
      const relay = (event: CoreEvent): void => listener(toPosEvent(event));
      listeners.add(relay);
      return () => listeners.delete(relay);
    },
    esimProvisioned: (orderReference) => money.esimProvisioned(orderReference),
    async close() {
      clearInterval(catalogueTimer);
      integrity?.stop();
      if (catalogueRetry) clearTimeout(catalogueRetry);
      listeners.clear();
      lifetime.abort();
      await syncing?.catch(() => undefined);
      await Promise.all([money.stop(), backups.stop(), reconciler.stop(), checkpoints.stop()]);
      instance.closing();
      db.close();
      instance.release();
    },
  };
}

function errorSummary(error: unknown): string {
  return error instanceof ApiFailure || error instanceof PosFailure
    ? `${error.code}: ${error.message}`
    : String(error);
}
