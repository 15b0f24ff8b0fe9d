import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../shared/domain/common';
import type { PosEvent } from '../../shared/domain/events';
import type { JournalCheck } from '../../shared/domain/journal-check';
import type { Pricing } from '../../shared/domain/pricing';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { Sale } from '../../shared/domain/sale';
import type { Result } from '../../shared/errors';
import { type Caller, figuresHidden } from '../../shared/pos-access';
import { roundingStepFor } from '../../shared/rounding-steps';
import type { ResellerClient, ResellerClientOptions } from './api';
import { Cancellations } from './care/cancellations';
import { careHandlers } from './care/care-handlers';
import { EsimCareDesk } from './care/esim-care';
import { Catalogue } from './catalogue/catalogue';
import { catalogueHandlers } from './catalogue/catalogue-handlers';
import { Connections, type Endpoint } from './connection';
import { ConnectionWork, Lifetime } from './connection-work';
import type { CoreContext } from './context';
import { CoreEvents, toPosEvent } from './core-events';
import { StatusChanges, statusHandlers, statusReader } from './counter-status';
import { CredentialState, credentialHandlers } from './credentials/credentials';
import { Keychain } from './credentials/keychain';
import { deviceHandlers, printingMode, type ShellPrinting } from './devices/device-handlers';
import { esimHandlers } from './esims/esim-handlers';
import { exportHandlers } from './exports/export-handlers';
import { Exporter } from './exports/exporter';
import { openCounterJournal } from './instance-lock';
import { DailyBackups } from './journal/backup';
import { CatalogueTable } from './journal/catalogue-table';
import { journalChecks } from './journal/chain-checks';
import { checkInBackground } from './journal/integrity-watch';
import { issuedNumbersOf } from './journal/issued-numbers';
import type { UpdateWatch } from './journal/journal-update';
import { observeWrites, refuseWrites, StorageHealth } from './journal/journal-write';
import { SalesJournal } from './journal/sales-journal';
import { SettingsTable } from './journal/settings-table';
import { chooseSqliteAddon } from './journal/sqlite-addon';
import { TopUpsJournal } from './journal/topups-journal';
import { UnsavedOutcomes } from './journal/unsaved-outcomes';
import { checkpointInBackground } from './journal/wal-checkpoints';
import type { Logger, Redactor } from './log';
import { AccountBalance } from './money/balance';
import { DEFAULT_PRICING } from './money/pricing';
import { type MoneyTiming, MoneyWork } from './money-work';
import { dispatch, type PosHandlers } from './pos/dispatch';
import { PosFailure } from './pos/failure';
import { eventFor } from './pos/manager-figures';
import { receiptHandlers } from './receipts/receipt-handlers';
import { claimsElsewhereOf, ledgerAttribution } from './reconciliation/attribution';
import { LostRecordsDesk, lostRecordsHandlers } from './reconciliation/lost-records';
import { Reconciler } from './reconciliation/reconciler';
import { reconciliationHandlers, withDayReconciliation } from './reconciliation/reconciliation-handlers';
import type { PendingTiming } from './sales/pending-timing';
import { saleHandlers } from './sales/sale-handlers';
import { ManagerPin } from './security/manager-pin';
import { settingsHandlers } from './settings/settings-handlers';
import { createEndOfDay } from './shifts/end-of-day-module';
import { OwnerViewDesk } from './shop/owner-view';
import { ownerViewHandlers } from './shop/owner-view-handlers';
import type { PusherTiming } from './shop/pusher';
import { ShopDayDesk } from './shop/shop-day';
import { shopDayHandlers } from './shop/shop-day-handlers';
import { type ForcedShopLedger, ShopLedger } from './shop/shop-ledger';
import { shopLedgerHandlers } from './shop/shop-ledger-handlers';
import { CancelledElsewhere, type ServingShop, ShopSales, type ShopSalesDeps } from './shop/shop-sales';
import { ShopSettings } from './shop/shop-settings';
import { LedgerShopTopUps } from './topups/shop-topups';
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
  /** A shop ledger forced from outside (the web host's environment and flags); otherwise Settings decides. */
  readonly shopLedger?: ForcedShopLedger;
  /** How the shop ledger's pusher batches and retries (tests shorten its waits). */
  readonly shopLedgerTiming?: Partial<PusherTiming>;
  /** Hears how far the start is while it takes its time (after an update: the journal's copy and migrations). */
  readonly starting?: UpdateWatch;
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
  /** This counter's side of the shop ledger (tests push through it without waiting for the nudge). */
  readonly shopLedger: ShopLedger;
  /** The shop's prices, rate and end-of-day rules as this counter keeps them (tests refresh through it). */
  readonly shopSettings: ShopSettings;
  close(): Promise<void>;
}

/** Provider answers the journal could not take, kept beside it until it can (see UnsavedOutcomes). */
const UNSAVED_ANSWERS_FILE = 'journal-unsaved-answers.jsonl';

/**
 * The core: the journal, the connection to the API, and the PosApi handlers, composed from one
 * module per area. Each part is built before the parts that read it; everything about money lives
 * below this file; this file only wires.
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
  const { db, instance } = await openCounterJournal(options.dataDir, journalFile, {
    ...native,
    now,
    runtime: threads,
    watch: options.starting ?? (() => {}),
  });
  const issued = issuedNumbersOf(db);
  issued?.reportTo((message, fields) => log.error(message, fields));
  const notInJournal = issued?.notIn(db) ?? [];
  if (notInJournal.length > 0) {
    log.warn('the journal does not hold numbers this counter issued: numbering continues above them', {
      numbers: notInJournal,
    });
  }
  const events = new CoreEvents(log);
  // The status bar follows storage, connection, catalogue and manager-PIN changes as they come and
  // go, once the core is up to tell the screen.
  const statusChanges = new StatusChanges();
  const salesJournal = new SalesJournal(db);
  const topUpsJournal = new TopUpsJournal(db);
  const outcomes = new UnsavedOutcomes(
    join(options.dataDir, UNSAVED_ANSWERS_FILE),
    db,
    { sales: salesJournal, topUps: topUpsJournal },
    log,
  );
  const storage = new StorageHealth(now, () => outcomes.size, statusChanges.changed);
  observeWrites(db, storage);
  // Answers a previous run could not record go in before anything reads the journal to decide.
  outcomes.resume();
  const settings = new SettingsTable(db);
  const keychain = new Keychain(options.keychainService, (error) =>
    log.warn('the OS keychain library could not be loaded; training only', { error: String(error) }),
  );
  const counterId = settings.get<string>('counter.id') ?? `C${randomBytes(3).toString('hex').toUpperCase()}`;
  settings.set('counter.id', counterId);
  const shopLedger = new ShopLedger({
    db,
    settings,
    keychain,
    counterId,
    now,
    log,
    redactor: options.redactor,
    onChange: statusChanges.changed,
    ...(options.shopLedger ? { forced: options.shopLedger } : {}),
    ...(options.shopLedgerTiming ? { timing: options.shopLedgerTiming } : {}),
  });
  const counterCode = (): string | null => shopLedger.place()?.counterCode ?? null;
  const checks = journalChecks({ file: journalFile, counterId, now, runtime: threads });
  const journalCheck = (): Promise<JournalCheck> => checks.check();
  const managerPin = new ManagerPin(settings, now);
  const pricing = (): Pricing => settings.get<Pricing>('pricing') ?? DEFAULT_PRICING;
  const connections = new Connections({
    trainingEndpoint: options.trainingEndpoint,
    keychain,
    liveBaseUrl: () => settings.getSettings().apiBaseUrl,
    log,
    redactor: options.redactor,
    // The status bar follows the real calls: each change of state is told as it happens.
    onConnectionChange: statusChanges.changed,
    now,
    ...(options.liveEndpoint ? { liveEndpoint: options.liveEndpoint } : {}),
    ...(options.apiRateLimits ? { rateLimits: options.apiRateLimits } : {}),
    // An injected clock is the client's too: the provider's clock is then learned against it.
    ...(options.now ? { now: options.now } : {}),
  });
  const training = (): boolean => connections.current.mode === 'training';
  const client = (): ResellerClient => connections.current.client;
  const endOfDay = createEndOfDay({
    db,
    settings,
    managerPin,
    counterId,
    now,
    roundingStep: (currency) => roundingStepFor(pricing(), currency),
    training,
    counterCode,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    shopStaff: { ledger: shopLedger, log },
  });
  const shopSettings = new ShopSettings({
    db,
    settings,
    endOfDay: endOfDay.settings,
    rates: endOfDay.rates,
    pricing,
    inShop: () => shopLedger.place() !== null,
    hearing: () => shopLedger.hearing(),
    withLedger: (work) => shopLedger.withClient(work),
    approverIn: async (ledgerClient, managerId) =>
      endOfDay.staff ? endOfDay.staff.approverIn(ledgerClient, managerId) : managerId,
    isCashier: (id) => endOfDay.cashiers.get(id) !== null,
    now,
    log,
    applied: (set) => {
      events.emit({ type: 'pricing.changed', pricing: set.prices });
      events.emit({ type: 'till.updated', till: endOfDay.endOfDay.view() });
    },
    changed: statusChanges.changed,
  });
  const lifetime = new Lifetime();
  const catalogueTable = new CatalogueTable(db);
  const balance = new AccountBalance({
    connection: () => connections.current,
    threshold: () => settings.getSettings().lowBalanceThreshold,
    now,
    emit: events.emit,
  });

  const ctx: CoreContext = {
    db,
    settings,
    salesJournal,
    topUpsJournal,
    catalogueTable,
    outcomes,
    managerPin,
    till: endOfDay.till,
    keychain,
    connections,
    counterId,
    shopPlace: () => shopLedger.place(),
    log,
    redactor: options.redactor,
    now,
    emit: events.emit,
    signal: lifetime.signal,
    pricing,
    balance,
    requireManager: (pin) => {
      if (!managerPin.isSet()) throw new PosFailure('PIN_REQUIRED', 'Choose a manager PIN first.');
      managerPin.require(pin);
    },
  };

  const credentials = new CredentialState();
  await credentials.load(ctx);
  await connections.start();

  // Who else in the shop holds an order: for the reconciliation and for a lost top-up's candidates.
  const attribution = ledgerAttribution(shopLedger, counterId, log);
  const money = new MoneyWork(ctx, {
    claimsElsewhere: claimsElsewhereOf(attribution),
    shopTopUps: new LedgerShopTopUps(shopLedger, log),
    ...(options.moneyTiming ? { timing: options.moneyTiming } : {}),
    ...(options.trainingPendingTiming ? { trainingPending: options.trainingPendingTiming } : {}),
  });
  const catalogue = new Catalogue({
    table: catalogueTable,
    client,
    signal: lifetime.signal,
    now,
    log,
    emit: events.emit,
    changed: statusChanges.changed,
  });
  // Any counter serves any customer: the shop's other counters' sales, read from the ledger.
  const withLedger: ShopSalesDeps['withClient'] = (work, timeouts) => shopLedger.withClient(work, timeouts);
  const servingShop: ServingShop = {
    sales: new ShopSales({ counterId, withClient: withLedger }),
    inShop: () => shopLedger.place() !== null,
    cancelledElsewhere: new CancelledElsewhere({
      counterId,
      withClient: withLedger,
      db,
      now,
      log,
      // The selling counter's windows show it cancelled at once (an event carries the sale's summary).
      changed: (saleId, cancellation) => {
        const sale = salesJournal.get(saleId);
        if (sale) events.emit({ type: 'sale.updated', sale: { ...sale, cancellation } });
      },
    }),
  };
  shopLedger.onShopChange('cancellation', () => servingShop.cancelledElsewhere.refresh());
  const cancellations = new Cancellations({
    db,
    counterId,
    shop: servingShop,
    log,
    sales: salesJournal,
    topUps: topUpsJournal,
    cashiers: endOfDay.cashiers,
    shifts: endOfDay.shifts,
    refunds: endOfDay.cashRefunds,
    client,
    now,
  });
  const reconciler = new Reconciler({
    db,
    counterId,
    now,
    log,
    connection: () => connections.current,
    settleSale: (saleId) => money.resolver.resolve(saleId),
    days: endOfDay.settings,
    cashiers: endOfDay.cashiers,
    refunds: (window) => cancellations.journal.refundsIn(window),
    attribution,
    ...(options.reconciliationRetryMs === undefined ? {} : { retryMs: options.reconciliationRetryMs }),
  });
  balance.onRead((reading, askedAt) => reconciler.balanceRead(reading, askedAt));
  const lostRecords = new LostRecordsDesk({
    db,
    journalFile,
    settings,
    connection: () => connections.current,
    approve: (approval, action) => endOfDay.cashiers.approve(approval, action),
    now,
    log,
    changed: statusChanges.changed,
  });
  lostRecords.takeIn(notInJournal);
  const reconciliationOf = (day: string): Reconciliation | null =>
    reconciler.view({ firstDay: day, lastDay: day });
  const status = statusReader({
    counterId,
    connections,
    credentials,
    balance,
    salesJournal,
    catalogue,
    managerPin,
    printing: printingMode(options.shellPrinting),
    storage,
    shopLedger,
    shopSettings,
    lostRecords,
  });
  const connectionWork = new ConnectionWork({
    lifetime,
    catalogue,
    balance,
    money,
    log,
    status,
    emit: events.emit,
  });
  const backups = new DailyBackups(journalFile, log, now, threads);
  const exporter = new Exporter({
    db,
    prefix: counterId,
    counterId,
    // A journal holds this counter's rows alone.
    codeOf: () => counterCode(),
    dayRule: () => endOfDay.settings.dayRule(),
  });

  /** How a report is printed now: the shop, its language unless asked for another, its clock, training. */
  const printContext = (language: Language | undefined, printedAt: string) => {
    const shop = settings.getSettings();
    return {
      shop,
      language: language ?? shop.language,
      training: training(),
      printedAt,
      timeZone: endOfDay.settings.timeZone(),
      counterCode: counterCode(),
    };
  };

  const caller = (): Caller => {
    const cashier = endOfDay.cashiers.current();
    return { signedIn: cashier !== null, manager: cashier?.role === 'manager', training: training() };
  };
  const hidden = (): boolean => figuresHidden(caller());

  const coreHandlers: PosHandlers = {
    ...statusHandlers(status, balance),
    ...catalogueHandlers(ctx, catalogue),
    ...saleHandlers(ctx, money, cancellations.journal, servingShop),
    ...topUpHandlers(ctx, money, endOfDay.cashiers),
    ...settingsHandlers(ctx, statusChanges.changed, shopSettings),
    ...esimHandlers(ctx),
    ...credentialHandlers(ctx, credentials, () => connectionWork.switched()),
    ...shopLedgerHandlers(ctx, shopLedger, status, () => shopSettings.refreshNow()),
    ...receiptHandlers(ctx, cancellations.journal, servingShop.cancelledElsewhere),
    ...deviceHandlers(ctx, (listener) => events.listen(listener)),
    ...endOfDay.handlers({
      changed: (till) => events.emit({ type: 'till.updated', till }),
      reconciliationOf,
      journalCheck,
      figuresHidden: hidden,
      shop: shopSettings,
    }),
    ...reconciliationHandlers(reconciler, (language) => printContext(language, now().toISOString()), hidden),
    ...lostRecordsHandlers(lostRecords),
    ...shopDayHandlers(
      new ShopDayDesk({
        counterId,
        reconciler,
        connection: () => connections.current,
        cashiers: endOfDay.cashiers,
        withLedger: (work) => shopLedger.withClient(work),
        pushNow: () => shopLedger.pushNow(),
        now,
        log,
      }),
      (language) => printContext(language, now().toISOString()),
    ),
    ...ownerViewHandlers(
      new OwnerViewDesk({
        cashiers: endOfDay.cashiers,
        withLogin: (login, work) => shopLedger.withLogin(login, work),
        training,
      }),
    ),
    ...careHandlers(
      cancellations,
      new EsimCareDesk({
        db,
        counterId,
        sales: salesJournal,
        cancellations: cancellations.journal,
        client,
        now,
        log,
        shop: servingShop,
      }),
      () => events.emit({ type: 'till.updated', till: endOfDay.endOfDay.view() }),
    ),
    ...exportHandlers({
      db,
      counterId,
      exporter,
      zReport: (shiftId) => endOfDay.endOfDay.zReport(shiftId),
      reportContext: (language, printedAt) => ({ ...printContext(language, printedAt), paper: 'a4' }),
      reconciliationOf,
      reportPdf: options.reportPdf,
      journalCheck,
      figuresHidden: hidden,
      shop: {
        place: () => shopLedger.place(),
        withLedger: (work) => shopLedger.withClient(work),
        pushNow: () => shopLedger.pushNow(),
        dayRule: () => endOfDay.settings.dayRule(),
      },
      now,
    }),
  };
  const dayHandlers = withDayReconciliation(coreHandlers, reconciler);
  const handlers: PosHandlers = options.shellPrinting
    ? { ...dayHandlers, ...options.shellPrinting(dayHandlers) }
    : dayHandlers;

  connectionWork.start();
  backups.start();
  const checkpoints = checkpointInBackground(db, journalFile, log, threads);
  reconciler.start();
  lostRecords.start();
  statusChanges.start(() => events.emit({ type: 'status.changed', status: status() }));
  // Publishing never holds the counter back: it starts beside the selling, and a counter with no ledger
  // configured makes no connection at all.
  shopLedger.onShopChange('settings', () => shopSettings.refreshNow());
  shopLedger
    .start()
    .catch((error: unknown) => log.error('the shop ledger could not start', { error: String(error) }));
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

  return {
    log,
    call: (method, input) => dispatch(handlers, method, input, { log, caller }),
    onEvent(listener) {
      // What leaves the core goes to every window and browser: sales as summaries, and while a
      // cashier is at the counter, without a manager's figures.
      return events.listen((event) => listener(eventFor(toPosEvent(event), hidden)));
    },
    esimProvisioned: (orderReference) => money.esimProvisioned(orderReference),
    shopLedger,
    shopSettings,
    async close() {
      statusChanges.stop();
      events.clear();
      // Every thread with a connection to the journal ends before it is let go.
      await Promise.all([
        integrity?.stop(),
        checks.stop(),
        connectionWork.stop(),
        backups.stop(),
        reconciler.stop(),
        lostRecords.stop(),
        checkpoints.stop(),
      ]);
      // Last, so its last push takes what the work stopped above wrote as it finished.
      await shopLedger.stop();
      instance.closing();
      db.close();
      instance.release();
    },
  };
}
