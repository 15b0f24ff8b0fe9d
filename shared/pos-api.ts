import { z } from 'zod';
import { OrderListStatusFilterSchema } from './api/common';
import { BalanceViewSchema } from './domain/balance';
import { CancelCheckSchema, CancellationSchema, GoodwillCheckSchema } from './domain/cancellation';
import { EsimCareSchema } from './domain/care';
import {
  ApprovalSchema,
  CashierNameSchema,
  CashierRoleSchema,
  CashierSchema,
  PinSchema,
} from './domain/cashier';
import { CataloguePackageSchema } from './domain/catalogue';
import { IsoTimeSchema, LanguageSchema } from './domain/common';
import { AmountDueSchema, CustomerDisplaySchema } from './domain/customer-display';
import { EsimDetailsSchema } from './domain/esim';
import { ExportFileSchema, ExportScopeSchema, ShopPackSchema } from './domain/export';
import { JournalCheckSchema } from './domain/journal-check';
import { LostRecordsSchema } from './domain/lost-records';
import { OwnerViewSchema } from './domain/owner-view';
import { PricingSchema } from './domain/pricing';
import { PrinterSchema } from './domain/printer';
import { ProviderOrderSchema } from './domain/provider-order';
import {
  BusinessDaySchema,
  ProviderDepositSchema,
  ReconciliationSchema,
  ResolutionClassSchema,
} from './domain/reconciliation';
import { SaleSchema, SaleStateSchema, SaleSummarySchema } from './domain/sale';
import { PaperWidthSchema, SettingsSchema } from './domain/settings';
import {
  BusinessDayPeriodSchema,
  CashMovementSchema,
  CashReasonSchema,
  CountLineSchema,
  CountResultSchema,
  EndOfDaySettingsSchema,
  ShiftSchema,
  TillViewSchema,
} from './domain/shift';
import { ShiftReportSchema } from './domain/shift-report';
import { ShopDaySchema } from './domain/shop-day';
import { StatusSchema } from './domain/status';
import { ExchangeRateSchema, TenderInputSchema } from './domain/till';
import { ShopTopUpSchema, TopUpOptionSchema, TopUpSchema, TopUpStateSchema } from './domain/topup';
import type { Result } from './errors';
import { IssuedIccidSchema } from './iccid-schema';
import { CurrencySchema, MoneySchema } from './money-schema';
import { POS_METHOD_NAMES, type PosMethodNameList } from './pos-methods';

/**
 * The PosApi contract: every method the renderer may call, with its input schema (validated by the
 * core on every call that crosses the bridge) and its output schema. Electron's preload and the web
 * bridge both implement `PosApi`, so the renderer cannot tell them apart.
 */

const NoInput = z.object({}).strict();
/** A manager's PIN keeps the rule of every cashier's. */
const ManagerPin = PinSchema;
const Quantity = z.number().int().min(1).max(10);
const Id = z.string().min(1).max(100);
const Approval = ApprovalSchema;
/** A count of the drawer: one line per currency, never more than three. */
const Counts = z.array(CountLineSchema).min(1).max(3);

/** One business day, or the days from `firstDay` to `lastDay` (the core refuses a last day before the first). */
const ReconcilePeriod = z
  .object({ firstDay: BusinessDaySchema, lastDay: BusinessDaySchema.optional() })
  .strict();

/**
 * An ICCID the cashier typed or scanned. Its check digit catches a typo: one that does not match is
 * refused unless the cashier confirmed the number (`checkDigitOverride`), or the journal holds it.
 */
const TypedIccid = { iccid: IssuedIccidSchema, checkDigitOverride: z.boolean().default(false) };

/** Which receipt to render, and how. */
const ReceiptRequest = z
  .object({
    kind: z.enum(['sale', 'topup', 'cancellation']),
    id: Id,
    paperWidthMm: PaperWidthSchema.optional(),
    language: LanguageSchema.optional(),
    /** A reprint: says COPY and is logged. */
    copy: z.boolean().default(false),
    /** The automatic print after a sale: the original or nothing (INVALID_STATE once it was printed). */
    onlyOriginal: z.boolean().default(false),
    /** The manager PIN, when the install codes' rule asks for it (a sale's QR away from its own moment). */
    pin: ManagerPin.optional(),
  })
  .strict();

function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const posApiContract = {
  /** Mode, credentials (masked), connection, clock skew, balance, catalogue age, open sales. */
  getStatus: method(NoInput, StatusSchema),

  // Catalogue: the counter works from the journal's cache; search runs in the renderer.
  listPackages: method(
    NoInput,
    z.object({ packages: z.array(CataloguePackageSchema), syncedAt: IsoTimeSchema.nullable() }),
  ),
  syncCatalogue: method(NoInput, z.object({ count: z.number().int(), syncedAt: IsoTimeSchema })),
  /**
   * For a catalogue that names no countries: asks the provider which packages cover this country
   * (an ISO 3166 code) and keeps the answer in the cache, so the next listPackages finds them by it.
   */
  learnCountryPackages: method(
    z.object({ country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code, such as TR') }).strict(),
    z.object({ packageCodes: z.array(z.string()) }),
  ),
  /** Packages most sold in the last seven days, most first. */
  listBestSellers: method(
    z.object({ limit: z.number().int().min(1).max(20).default(6) }).strict(),
    z.object({ packageCodes: z.array(z.string()) }),
  ),

  getBalance: method(NoInput, BalanceViewSchema),

  // Sales: the money path. `sell` answers with the sale in whatever state it reached, a completed
  // one with its eSIMs in full: the cashier hands them over now. Every other read of a sale is its
  // summary, without activation codes (see docs/security.md).
  sell: method(
    z
      .object({
        packageCode: z.string().min(1).max(200),
        quantity: Quantity.default(1),
        /** How the customer pays; journalled with the sale and counted at the close. */
        tender: TenderInputSchema.optional(),
        /**
         * The total the cashier quoted to the customer. When given, a sale that would charge anything
         * else is refused (PRICE_CHANGED) before it is journalled or sent. The counter always gives it.
         */
        quotedTotal: MoneySchema.optional(),
      })
      .strict(),
    SaleSchema,
  ),
  getSale: method(z.object({ id: Id }).strict(), SaleSummarySchema),
  /**
   * A completed sale with its eSIMs in full, for the cashier to show them: a sale that completed after
   * `sell` answered (pending), or one shown again. Under the install codes' rule: away from the sale's
   * own moment, and while an eSIM is not known to be installed, it needs the manager PIN
   * (PIN_REQUIRED naming the ICCIDs). Each hand-over is written to the journal's audit log; a sale not
   * completed is INVALID_STATE.
   */
  getSaleForHandOver: method(z.object({ id: Id, pin: ManagerPin.optional() }).strict(), SaleSchema),
  listSales: method(
    z
      .object({
        from: IsoTimeSchema.optional(),
        to: IsoTimeSchema.optional(),
        search: z.string().max(100).optional(),
        states: z.array(SaleStateSchema).optional(),
        /** The last sale of the page before (newest first): the next page starts just after it. */
        before: z
          .object({ createdAt: IsoTimeSchema, receiptNumber: z.number().int().min(1) })
          .strict()
          .optional(),
        limit: z.number().int().min(1).max(1000).default(200),
      })
      .strict(),
    z.object({
      sales: z.array(SaleSummarySchema),
      /** Of every sale the filter names, not only this page's. */
      totals: z.object({
        count: z.number().int().min(0),
        /** Completed and not cancelled since. */
        completed: z.number().int().min(0),
        /** Completed, then cancelled by the provider. */
        cancelled: z.number().int().min(0),
        /** Per currency, net of the cash handed back for cancelled sales (`refunded`). */
        takings: z.array(MoneySchema),
        refunded: z.array(MoneySchema),
      }),
      /**
       * At a counter in a shop ledger, a search also looks at the other counters' sales (the rows after
       * this counter's, each naming its counter): `searched`, or `unreachable` when the ledger could not
       * be read, so the list is this counter's only. Absent when no search or no ledger.
       */
      otherCounters: z.enum(['searched', 'unreachable']).optional(),
      /**
       * With `otherCounters`: the other counters' top-ups the search names, newest first, each naming
       * its counter (top-ups are listed apart from the sales: they are not sales).
       */
      otherTopUps: z.array(ShopTopUpSchema).optional(),
    }),
  ),
  /** "Check now": settles a sale from the provider's records (order list, order status); never sends anything. */
  resolveSale: method(z.object({ id: Id }).strict(), SaleSummarySchema),
  /**
   * "Send again", once the cashier has confirmed it: a sale in doubt is looked for in the provider's
   * records first, then sent again with its stored key (which charges if the first send never arrived).
   */
  resendSale: method(z.object({ id: Id, confirmed: z.literal(true) }).strict(), SaleSchema),

  // Top-ups: sent exactly once; a second top-up of one ICCID within 10 minutes needs confirmRepeat.
  lookupEsim: method(z.object(TypedIccid).strict(), EsimDetailsSchema),
  listTopUpPackages: method(
    z.object(TypedIccid).strict(),
    z.object({ packages: z.array(TopUpOptionSchema) }),
  ),
  topUp: method(
    z
      .object({
        ...TypedIccid,
        packageCode: z.string().min(1).max(200),
        confirmRepeat: z.boolean().default(false),
        tender: TenderInputSchema.optional(),
        /** The top-up's price the cashier quoted: any other is refused (PRICE_CHANGED) before it is sent. */
        quotedTotal: MoneySchema.optional(),
      })
      .strict(),
    TopUpSchema,
  ),
  getTopUp: method(z.object({ id: Id }).strict(), TopUpSchema),
  /**
   * A manager settles a top-up whose answer was lost: one of the provider's orders the counter found is
   * its own (`ours`, still a candidate when read again now), or none is and nothing was charged (`none`).
   */
  decideTopUp: method(
    z
      .object({
        id: Id,
        choice: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('ours'), orderReference: z.string().min(1).max(200) }).strict(),
          z.object({ kind: z.literal('none') }).strict(),
        ]),
        approval: Approval,
      })
      .strict(),
    TopUpSchema,
  ),
  listTopUps: method(
    z
      .object({
        from: IsoTimeSchema.optional(),
        to: IsoTimeSchema.optional(),
        iccid: z.string().max(20).optional(),
        states: z.array(TopUpStateSchema).optional(),
        limit: z.number().int().min(1).max(1000).default(200),
      })
      .strict(),
    z.object({ topUps: z.array(TopUpSchema) }),
  ),

  /** The provider's own order list (for reconciliation and eSIM care). */
  listOrders: method(
    z
      .object({
        page: z.number().int().min(1).default(1),
        limit: z.number().int().min(1).max(100).default(20),
        status: OrderListStatusFilterSchema.default('all'),
        from: IsoTimeSchema.optional(),
        to: IsoTimeSchema.optional(),
        search: z.string().max(100).optional(),
      })
      .strict(),
    z.object({
      orders: z.array(ProviderOrderSchema),
      totalOrders: z.number().int(),
      totalPages: z.number().int(),
      page: z.number().int(),
    }),
  ),

  // Pricing and settings. Changes need the manager PIN once one is set.
  getPricing: method(NoInput, PricingSchema),
  setPricing: method(z.object({ pin: ManagerPin, pricing: PricingSchema }).strict(), PricingSchema),
  getSettings: method(NoInput, SettingsSchema),
  updateSettings: method(
    z.object({ pin: ManagerPin, patch: SettingsSchema.partial() }).strict(),
    SettingsSchema,
  ),
  /** Chooses the manager PIN at first start (no currentPin), or changes it (currentPin required). */
  setManagerPin: method(
    z.object({ pin: ManagerPin, currentPin: ManagerPin.optional() }).strict(),
    z.object({ set: z.literal(true) }),
  ),
  verifyManagerPin: method(z.object({ pin: ManagerPin }).strict(), z.object({ valid: z.boolean() })),

  // Credentials live in the OS keychain only. The renderer never receives the secret key back.
  setCredentials: method(
    z
      .object({
        pin: ManagerPin,
        accessCode: z.string().trim().min(4).max(200),
        secretKey: z.string().trim().min(8).max(500),
        apiBaseUrl: z.string().url().optional(),
      })
      .strict(),
    StatusSchema,
  ),
  clearCredentials: method(z.object({ pin: ManagerPin }).strict(), StatusSchema),
  /**
   * Joins this counter to its shop's ledger (the business's PostgreSQL) with the ledger owner's login,
   * used once and never kept: the counter gets a role of its own, whose password the OS keychain keeps,
   * and publishes its records from then on. `counterCode` is unique in the shop and printed on receipts.
   */
  joinShopLedger: method(
    z
      .object({
        pin: ManagerPin,
        address: z.string().trim().min(1).max(500),
        ownerName: z.string().trim().min(1).max(63),
        ownerPassword: z.string().min(1).max(200),
        shop: z.string().trim().min(1).max(80),
        counterCode: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9]{1,6}$/, 'The counter code is 1 to 6 letters or digits'),
        counterName: z.string().trim().min(1).max(80),
      })
      .strict(),
    StatusSchema,
  ),
  /** Stops publishing to the shop ledger and forgets it here; the ledger keeps what it received. */
  leaveShopLedger: method(z.object({ pin: ManagerPin }).strict(), StatusSchema),
  /**
   * Tests the credentials given (without storing them), against apiBaseUrl or the configured address;
   * or, with the manager PIN and no credentials, the stored ones against the configured address only.
   */
  testConnection: method(
    z
      .object({
        pin: ManagerPin.optional(),
        accessCode: z.string().trim().min(4).max(200).optional(),
        secretKey: z.string().trim().min(8).max(500).optional(),
        apiBaseUrl: z.string().url().optional(),
      })
      .strict(),
    z.object({
      balance: BalanceViewSchema,
      currency: CurrencySchema,
      clockSkewMs: z.number().nullable(),
      latencyMs: z.number(),
      /** The API base URL that answered: exactly the one tested. */
      server: z.string(),
    }),
  ),

  // Receipts (rendered by the core as HTML).
  renderReceipt: method(
    ReceiptRequest,
    z.object({ html: z.string(), copyNumber: z.number().int().nullable() }),
  ),
  /**
   * The printers of this computer. Printing straight to a printer and saving a PDF belong to the
   * desktop app's shell; elsewhere these answer NOT_SUPPORTED and the counter prints with the browser.
   */
  listPrinters: method(NoInput, z.object({ printers: z.array(PrinterSchema) })),
  /**
   * Renders the receipt (as renderReceipt, and logged the same way) and prints it without a dialog on
   * Settings' printer, or the system's default printer when Settings names none (printerName null).
   */
  printReceipt: method(
    ReceiptRequest,
    z.object({ copyNumber: z.number().int().nullable(), printerName: z.string().nullable() }),
  ),
  /** Asks where to save, then renders the receipt and saves it as a PDF; path null when the cashier cancelled. */
  saveReceiptPdf: method(
    ReceiptRequest,
    z.object({ path: z.string().nullable(), copyNumber: z.number().int().nullable() }),
  ),

  // The screen facing the customer (a second window, or the web host's /customer page).
  getCustomerDisplay: method(NoInput, CustomerDisplaySchema),
  /** The customer's language: the customer display speaks it, and the receipt is printed in it. */
  setCustomerLanguage: method(z.object({ language: LanguageSchema }).strict(), CustomerDisplaySchema),
  /** Takes the QR codes off the customer's screen (the cashier moved on). */
  clearCustomerDisplay: method(NoInput, CustomerDisplaySchema),
  /** Shows the amount to pay while the cashier confirms a sale, in place of anything shown before. */
  showAmountDueOnCustomerDisplay: method(AmountDueSchema, CustomerDisplaySchema),
  /**
   * Shows a completed sale's eSIMs on the customer's screen, when the cashier decides: a sale that
   * completed later never shows by itself, and a sale's QR can be sent back. A hand-over like
   * getSaleForHandOver, under the same rule and PIN; logged as one.
   */
  showSaleOnCustomerDisplay: method(
    z.object({ id: Id, pin: ManagerPin.optional() }).strict(),
    CustomerDisplaySchema,
  ),

  // Cashiers. Adding and changing one needs a manager's approval; signing in needs the cashier's PIN.
  listCashiers: method(NoInput, z.object({ cashiers: z.array(CashierSchema) })),
  addCashier: method(
    z
      .object({ name: CashierNameSchema, role: CashierRoleSchema, pin: PinSchema, approval: Approval })
      .strict(),
    CashierSchema,
  ),
  updateCashier: method(
    z
      .object({
        id: Id,
        name: CashierNameSchema.optional(),
        role: CashierRoleSchema.optional(),
        active: z.boolean().optional(),
        pin: PinSchema.optional(),
        approval: Approval,
      })
      .strict(),
    CashierSchema,
  ),
  /**
   * Checks a manager's approval before the manager tools open, as every approved call checks it (a
   * wrong PIN counts toward the lock-out). It approves nothing by itself: each tool sends it again.
   */
  checkApproval: method(z.object({ approval: Approval }).strict(), CashierSchema),
  /** Quick switch: the cashier whose PIN this is works the counter from now on. */
  signIn: method(z.object({ cashierId: Id, pin: PinSchema }).strict(), TillViewSchema),
  /**
   * Nobody works the counter until the next sign-in. `idle`: the counter locked itself after the shop's
   * idle time (Settings' `lockAfterMinutes`), which its record says.
   */
  signOut: method(z.object({ idle: z.boolean().optional() }).strict(), TillViewSchema),

  // The drawer and its shift. Closing never needs the network.
  /** Who is signed in, the open shift, the day's rates and the end-of-day settings. */
  getTill: method(NoInput, TillViewSchema),
  /** A business day's instants (today's when no day is named), for the day's lists of sales and top-ups. */
  getBusinessDay: method(z.object({ day: BusinessDaySchema.optional() }).strict(), BusinessDayPeriodSchema),
  /** Opens the drawer's shift with a counted float in each of its currencies. */
  openShift: method(z.object({ floats: Counts }).strict(), ShiftSchema),
  /** A pay-in, a pay-out (a manager above the limit) or a cash refund (a manager). */
  moveCash: method(
    z
      .object({
        kind: z.enum(['pay_in', 'pay_out', 'refund']),
        reason: CashReasonSchema,
        amount: MoneySchema,
        note: z.string().max(200).default(''),
        approval: Approval.optional(),
      })
      .strict(),
    CashMovementSchema,
  ),
  /** The drawer opened without a sale: logged, no money moves. */
  noSale: method(z.object({ note: z.string().max(200).default('') }).strict(), CashMovementSchema),
  /** The X report: the open shift (or the one named) so far, not a closing. */
  getXReport: method(z.object({ shiftId: Id.optional() }).strict(), ShiftReportSchema),
  /** Records a blind count of the open shift; answers with the variance only after it is recorded. */
  countDrawer: method(z.object({ counts: Counts }).strict(), CountResultSchema),
  /** Closes the open shift on its latest count; a variance above the tolerance needs a reason and a manager. */
  closeShift: method(
    z.object({ countId: Id, reason: z.string().max(300).optional(), approval: Approval.optional() }).strict(),
    z.object({ shift: ShiftSchema, report: ShiftReportSchema }),
  ),
  /** Closes a shift left open as not counted (never as zero); a manager decides. */
  forceCloseShift: method(
    z.object({ reason: z.string().trim().min(1).max(300), approval: Approval }).strict(),
    z.object({ shift: ShiftSchema, report: ShiftReportSchema }),
  ),
  /** The later count of a shift closed as not counted: a new record, listed on the next Z. */
  countClosedShift: method(
    z.object({ shiftId: Id, counts: Counts, approval: Approval }).strict(),
    ShiftSchema,
  ),
  /** A correction of a closed shift's cash: a new record pointing to it, listed on the next Z. */
  correctShift: method(
    z
      .object({
        shiftId: Id,
        amount: MoneySchema,
        reason: z.string().trim().min(1).max(300),
        approval: Approval,
      })
      .strict(),
    z.object({ recorded: z.literal(true) }),
  ),
  getZReport: method(z.object({ shiftId: Id }).strict(), ShiftReportSchema),
  listShifts: method(
    z.object({ limit: z.number().int().min(1).max(200).default(30) }).strict(),
    z.object({ shifts: z.array(ShiftSchema) }),
  ),
  /** Today's rate between the account's currency and one the shop takes, per 1 or per 100 units. */
  setExchangeRate: method(
    z
      .object({
        base: CurrencySchema,
        quote: CurrencySchema,
        buy: z.string().trim().min(1).max(30),
        sell: z.string().trim().min(1).max(30),
        per: z.union([z.literal(1), z.literal(100)]),
        /** Set even though it moves more than 10 % from the pair's last rate (asked first). */
        confirmMove: z.boolean().optional(),
        approval: Approval,
      })
      .strict(),
    ExchangeRateSchema,
  ),
  updateEndOfDaySettings: method(
    z.object({ patch: EndOfDaySettingsSchema.partial(), approval: Approval }).strict(),
    EndOfDaySettingsSchema,
  ),
  /** An X or Z report as a printable document: 58 or 80 mm roll, or an A4 page; its printing is logged. */
  renderShiftReport: method(
    z
      .object({
        kind: z.enum(['x', 'z']),
        shiftId: Id.optional(),
        paper: z.enum(['58', '80', 'a4']),
        language: LanguageSchema.optional(),
      })
      .strict(),
    z.object({ html: z.string() }),
  ),
  /**
   * Checks the tamper-evident chain, every stored Z's head and every money row, and names the first
   * break by its kind at its place (a manager's check).
   */
  checkJournalChain: method(z.object({ approval: Approval }).strict(), JournalCheckSchema),
  /** What the journal brought back lacks, with the provider's orders that may be its lost records. */
  getLostRecords: method(NoInput, z.object({ lostRecords: LostRecordsSchema.nullable() })),
  /** A manager has seen what the journal lacks: recorded, and the status stops showing it. */
  acknowledgeLostRecords: method(z.object({ approval: Approval }).strict(), LostRecordsSchema),
  /** Reconciles a business day (or the days from `firstDay` to `lastDay`) with the provider now; stored. */
  reconcile: method(ReconcilePeriod, ReconciliationSchema),
  /** The period's latest reconciliation, with what was resolved since; null before its first run. */
  getReconciliation: method(ReconcilePeriod, z.object({ reconciliation: ReconciliationSchema.nullable() })),
  /** The period's latest reconciliation as an A4 document (the shell or the browser makes it a PDF). */
  renderReconciliationReport: method(
    ReconcilePeriod.extend({ language: LanguageSchema.optional() }).strict(),
    z.object({ html: z.string() }),
  ),
  /** A manager classifies an exception with a reason; the journal's records are never changed by it. */
  resolveReconciliationException: method(
    ReconcilePeriod.extend({
      key: z.string().min(1).max(300),
      classification: ResolutionClassSchema,
      reason: z.string().trim().min(3).max(500),
      recordId: Id.optional(),
      approval: Approval,
    }).strict(),
    ReconciliationSchema,
  ),
  /** A deposit to the provider account, entered by a manager (the API lists none): Leg B counts it. */
  addProviderDeposit: method(
    z
      .object({
        businessDay: BusinessDaySchema,
        amount: MoneySchema.refine((m) => m.amount > 0, 'a deposit is more than zero'),
        note: z.string().trim().max(200).default(''),
        approval: Approval,
      })
      .strict(),
    ProviderDepositSchema,
  ),
  /**
   * The shop day (a manager's, at a counter in a shop ledger): every counter's records of the period,
   * from the ledger, against the provider's orders and balance read once; numbered and kept in the ledger.
   */
  reconcileShop: method(ReconcilePeriod.extend({ approval: Approval }).strict(), ShopDaySchema),
  /**
   * The shop day's latest run as a printable document (a manager's): 58 or 80 mm roll, or an A4 page,
   * with the resolutions the shop holds now.
   */
  renderShopDayReport: method(
    ReconcilePeriod.extend({
      paper: z.enum(['58', '80', 'a4']),
      language: LanguageSchema.optional(),
      approval: Approval,
    }).strict(),
    z.object({ html: z.string() }),
  ),
  /** A manager resolves an exception of the shop day, once for the shop, for the amount it shows. */
  resolveShopException: method(
    ReconcilePeriod.extend({
      key: z.string().min(1).max(300),
      classification: ResolutionClassSchema,
      reason: z.string().trim().min(3).max(500),
      approval: Approval,
    }).strict(),
    ShopDaySchema,
  ),
  /**
   * The owner's view across shops (a manager's, at a counter in a shop ledger): the day per shop,
   * counter and cashier, each shop's latest shop day and its open exceptions. Read with the ledger
   * owner's login, typed for this read and kept nowhere; a counter's own role sees its shop only.
   */
  getOwnerView: method(
    z
      .object({
        day: BusinessDaySchema,
        ownerName: z.string().trim().min(1).max(63),
        ownerPassword: z.string().min(1).max(200),
        approval: Approval,
      })
      .strict(),
    OwnerViewSchema,
  ),
  /**
   * Gives a member of one shop's staff access to another shop of the ledger, or takes it away
   * (`access`): the owner's alone, with the owner's login typed for this call, and a manager's approval.
   */
  setStaffAccess: method(
    z
      .object({
        staffId: z.string().min(1).max(64),
        shopId: z.string().regex(/^[0-9]{1,18}$/, 'a shop of the ledger, by its id'),
        access: z.boolean(),
        ownerName: z.string().trim().min(1).max(63),
        ownerPassword: z.string().min(1).max(200),
        approval: Approval,
      })
      .strict(),
    z.object({ staffId: z.string(), shopId: z.string(), access: z.boolean() }),
  ),
  /** Reads a sold eSIM live and says whether the provider's rules still allow cancelling it. */
  checkCancelSale: method(z.object({ saleId: Id }).strict(), CancelCheckSchema),
  /** Cancels a sale's whole order with the provider (a manager's), with the customer's cash refund. */
  cancelSale: method(
    z
      .object({
        saleId: Id,
        reason: z.string().min(1).max(200),
        cashRefund: MoneySchema.nullable().default(null),
        approval: Approval.optional(),
      })
      .strict(),
    CancellationSchema,
  ),
  /** Settles a cancellation whose answer was lost, by reading the provider's order only. */
  settleCancellation: method(z.object({ id: Id }).strict(), CancellationSchema),
  /** What a goodwill refund of a top-up may still give back. */
  checkGoodwillRefund: method(z.object({ topUpId: Id }).strict(), GoodwillCheckSchema),
  /** Cash given back for a top-up (never cancelled): reasoned, a manager's, not recoverable. */
  goodwillRefund: method(
    z
      .object({
        topUpId: Id,
        amount: MoneySchema,
        reason: z.string().min(1).max(200),
        approval: Approval.optional(),
      })
      .strict(),
    CancellationSchema,
  ),
  /** The journal of a Z or of a range of business days as CSV files (sales, top-ups, cancellations…), zipped. */
  exportCsv: method(
    z.object({ scope: ExportScopeSchema }).strict(),
    /** The journal's check runs with every export: its result is one of the files, and said here. */
    z.object({ name: z.string(), base64: z.string(), journalCheck: JournalCheckSchema }),
  ),
  /** A month's CSV files, its Z reports (English and Arabic) and a manifest with the journal's check, zipped. */
  exportAccountantPack: method(
    z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM') }).strict(),
    z.object({
      name: z.string(),
      base64: z.string(),
      journalCheck: JournalCheckSchema,
      /** At a counter in a shop ledger, the pack is the shop's: whether every counter is in it (null: in none). */
      shop: ShopPackSchema.nullable(),
    }),
  ),
  /** Each eSIM of a completed sale read live: status, installation, usage, validity, network events. */
  getEsimCare: method(z.object({ saleId: Id }).strict(), z.object({ esims: z.array(EsimCareSchema) })),
  /** Everything about one sale for a support ticket, as a JSON file (install codes left out). */
  exportDisputePack: method(z.object({ saleId: Id }).strict(), ExportFileSchema),
} as const;

export type PosApiContract = typeof posApiContract;
export type PosMethodName = keyof PosApiContract;
export type PosInput<M extends PosMethodName> = z.input<PosApiContract[M]['input']>;
export type PosParsedInput<M extends PosMethodName> = z.output<PosApiContract[M]['input']>;
export type PosOutput<M extends PosMethodName> = z.output<PosApiContract[M]['output']>;

/** What the renderer holds as `window.pos`: one async method per contract entry, and an event stream. */
export type PosApi = {
  readonly [M in PosMethodName]: (input: PosInput<M>) => Promise<Result<PosOutput<M>>>;
} & {
  /** Subscribes to core events; returns the unsubscribe function. */
  readonly onEvent: (listener: (event: import('./domain/events').PosEvent) => void) => () => void;
};

/**
 * What the screen facing the customer holds (`window.customerDisplay` in Electron): it reads the
 * display and follows its changes, and can do nothing else; the counter decides what it shows.
 */
export type CustomerDisplayApi = Pick<PosApi, 'getCustomerDisplay'> & {
  readonly onDisplay: (
    listener: (display: import('./domain/customer-display').CustomerDisplay) => void,
  ) => () => void;
};

// Both lists name the same methods, or this fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodListsAgree: Same<PosMethodName, PosMethodNameList> = true;
void methodListsAgree;

export { POS_METHOD_NAMES };

export function isPosMethodName(name: string): name is PosMethodName {
  return Object.hasOwn(posApiContract, name);
}
