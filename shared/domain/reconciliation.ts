import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';

/**
 * The daily reconciliation of three ledgers: the counter's journal, the provider's orders and balance,
 * and the counted cash. Leg A matches journal records to provider orders by order reference, Leg B
 * bridges the provider balance from the day's open to its close, Leg C checks the cash taken against
 * the drawer.
 */

export const BusinessDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a business day is YYYY-MM-DD');

/**
 * What one row of Leg A (or one finding of Legs B and C) is:
 * - `matched`: the journal and the provider agree (reference, status and amount);
 * - `cost_differs`: both have the order, at different amounts;
 * - `settled_now`: the provider had completed an order the journal still held open; the read-only
 *   settlement recorded it during this run;
 * - `journal_open`: the journal still waits for an answer (pending, in doubt) the provider has not given;
 * - `provider_not_charged`: the journal says completed, the provider failed, cancelled or refunded it
 *   (critical: the customer may be owed money);
 * - `failed_but_charged`: the journal says failed (nothing charged), the provider completed the order
 *   and charged it (critical: the customer may have left without an eSIM the shop paid for);
 * - `unrecorded`: the provider lists an order no journal record holds (another counter, the
 *   provider's dashboard, or the lost answer of a record in doubt: candidates are proposed);
 * - `other_counter`: an order another counter of the shop holds, as the shop ledger's claim on its
 *   reference says (evidence, never a likeness): that counter's, not this one's exception;
 * - `other_shop` (the shop day): an order a record of another shop of the account claims in the shop
 *   ledger: that shop's, named by its name only, not this shop's exception;
 * - `unattributed`: an order no journal record here holds, while the shop ledger could not be read:
 *   whether another counter of the shop holds it is not known;
 * - `missing_at_provider`: a journal charge the provider does not know (critical);
 * - `refund_in_transit`: a cancellation refunded by request, not yet credited to the balance;
 * - `refunded`: a cancellation whose refund reached the balance;
 * - `currency_hidden`: an order the list does not show because it is filtered to the account's
 *   current currency (found by its status read);
 * - `boundary`: an order dated in the margin around the cut-off that belongs to another day;
 * - `bridge_remainder`: the balance bridge leaves an unexplained amount;
 * - `bridge_incomplete`: a balance snapshot is missing, so the bridge cannot be closed;
 * - `bridge_shop`: the account is the shop's: its balance is bridged once, by the shop day, with every
 *   counter's charges and refunds, never by one counter's reconciliation;
 * - `cash_differs`: the cash taken for completed records differs from the drawer's takings;
 * - `cash_outside_shifts`: cash taken for sales and top-ups made while no shift was open: in no
 *   drawer's count;
 * - `chain_fork` (the shop day): the shop ledger refused a counter's link because it holds another
 *   under the same number (a journal restored from an older copy): what the counter wrote since is
 *   not in the ledger (critical);
 * - `second_claim` (the shop day): a second record, of the same counter or another, holds an order
 *   the ledger had already given to a record (critical).
 */
export const ReconcileKindSchema = z.enum([
  'matched',
  'cost_differs',
  'settled_now',
  'journal_open',
  'provider_not_charged',
  'failed_but_charged',
  'unrecorded',
  'other_counter',
  'other_shop',
  'unattributed',
  'missing_at_provider',
  'refund_in_transit',
  'refunded',
  'currency_hidden',
  'boundary',
  'bridge_remainder',
  'bridge_incomplete',
  'bridge_shop',
  'cash_differs',
  'cash_outside_shifts',
  'chain_fork',
  'second_claim',
]);
export type ReconcileKind = z.infer<typeof ReconcileKindSchema>;

/** `critical` and `warning` rows are exceptions; `info` rows are reported, never exceptions. */
export const ReconcileSeveritySchema = z.enum(['critical', 'warning', 'info']);
export type ReconcileSeverity = z.infer<typeof ReconcileSeveritySchema>;

export const RecordRefSchema = z.object({
  kind: z.enum(['sale', 'topup']),
  id: z.string(),
  receiptNumber: z.number().int(),
});
export type RecordRef = z.infer<typeof RecordRefSchema>;

/** A counter of the shop, as the shop ledger names it. */
export const ShopCounterRefSchema = z.object({ code: z.string(), name: z.string() });
export type ShopCounterRef = z.infer<typeof ShopCounterRefSchema>;

export const ReconcileRowSchema = z.object({
  /**
   * Stable across runs of the same period: an exception keeps its age by it. It names the row's amount,
   * so a resolution holds for the amount it was given: a new amount is a new exception.
   */
  key: z.string(),
  kind: ReconcileKindSchema,
  severity: ReconcileSeveritySchema,
  orderReference: z.string().nullable(),
  record: RecordRefSchema.nullable(),
  journalState: z.string().nullable(),
  journalCost: MoneySchema.nullable(),
  providerStatus: z.string().nullable(),
  providerAmount: MoneySchema.nullable(),
  providerCreatedAt: z.string().nullable(),
  /** For `unrecorded`: journal records still without an answer that could be this order. Never merged. */
  candidates: z.array(RecordRefSchema),
  /** For `other_counter`: the counter of the shop whose record holds the order. */
  counter: ShopCounterRefSchema.optional(),
  /** For `other_shop`: the name of the shop whose record holds the order (nothing else of it). */
  shop: z.string().optional(),
  /** The amount the row is about (a remainder, a charge, cash); absent from runs stored before it was named. */
  amount: MoneySchema.nullable().default(null),
  /** The package sold or topped up, by its name (the journal's, else the provider's). */
  packageName: z.string().nullable().default(null),
  note: z.string(),
});
export type ReconcileRow = z.infer<typeof ReconcileRowSchema>;

/** How a manager classified an exception, with the reason they gave. */
export const ResolutionClassSchema = z.enum([
  'other_channel',
  'record_in_doubt',
  'customer_refunded',
  'provider_error',
  'accepted',
]);
export type ResolutionClass = z.infer<typeof ResolutionClassSchema>;

export const ResolutionSchema = z.object({
  at: IsoTimeSchema,
  by: z.string(),
  classification: ResolutionClassSchema,
  reason: z.string(),
  /** For `record_in_doubt`: the candidate the manager names. The record itself is not changed. */
  recordId: z.string().nullable(),
});
export type Resolution = z.infer<typeof ResolutionSchema>;

export const ReconcileExceptionSchema = ReconcileRowSchema.extend({
  /** When a run first found it: its age runs from here until it is resolved. */
  firstSeenAt: IsoTimeSchema,
  resolution: ResolutionSchema.nullable(),
});
export type ReconcileException = z.infer<typeof ReconcileExceptionSchema>;

export const BalanceSnapshotSchema = z.object({
  balance: MoneySchema,
  takenAt: IsoTimeSchema,
  purpose: z.enum(['opening', 'closing']),
});
export type BalanceSnapshot = z.infer<typeof BalanceSnapshotSchema>;

/**
 * Orders of the period paid in another currency than the account's, which its order list (of the
 * account's currency only) does not show: they were read one by one.
 */
export const OtherCurrencyOrdersSchema = z.object({
  /** The account's currency, the only one the list shows. */
  listed: CurrencySchema,
  records: z.number().int().positive(),
});
export type OtherCurrencyOrders = z.infer<typeof OtherCurrencyOrdersSchema>;

const orderCause = <T extends string>(cause: T) =>
  z.object({ cause: z.literal(cause), orderReference: z.string() });

/**
 * Why a bridge has a remainder, or none to give, as facts the reader's screen and paper word in their
 * own language (`LedgerText.bridgeCause` in shared/report-text.ts).
 */
export const BridgeCauseSchema = z.discriminatedUnion('cause', [
  z.object({ cause: z.literal('no_opening_reading') }),
  z.object({ cause: z.literal('no_closing_reading') }),
  /** An order dated too coarsely (or not at all) to say which side of a reading it falls on. */
  orderCause('order_undated'),
  /** An order listed without its amount that no record here prices. */
  orderCause('order_unpriced'),
  orderCause('order_failed'),
  /** A cancelled order with no refund recorded: the refund may have reached the balance. */
  orderCause('order_cancelled').extend({ amount: MoneySchema }),
  z.object({ cause: z.literal('deposit_not_entered') }),
  z.object({ cause: z.literal('other_currency'), orders: OtherCurrencyOrdersSchema }),
  /** An order dated by the provider's clock on the other side of a reading's time. */
  z.object({ cause: z.literal('clock_straddle') }),
]);
export type BridgeCause = z.infer<typeof BridgeCauseSchema>;

/** Leg B: opening − charges + refunds + deposits = expected closing; the remainder is closing − expected. */
export const BalanceBridgeSchema = z.object({
  currency: CurrencySchema,
  opening: BalanceSnapshotSchema.nullable(),
  closing: BalanceSnapshotSchema.nullable(),
  charges: MoneySchema,
  refunds: MoneySchema,
  deposits: MoneySchema,
  expectedClosing: MoneySchema.nullable(),
  remainder: MoneySchema.nullable(),
  /** A cause in words: a run stored before causes were kept as facts, shown as it was stored. */
  likelyCauses: z.array(z.union([BridgeCauseSchema, z.string()])),
  /**
   * The counter is in a shop: the account's balance moves with every counter's orders, so this bridge
   * is for reading only; the shop day closes it. Absent on a counter on its own.
   */
  shop: z.boolean().optional(),
  /**
   * The shop day of a shop whose account other shops share: their deposits and their refunds credited
   * between the readings, as sums. Absent when no other shop added to the balance.
   */
  otherShops: z.object({ deposits: MoneySchema, refunds: MoneySchema }).optional(),
});
export type BalanceBridge = z.infer<typeof BalanceBridgeSchema>;

/** Leg C, per currency: cash for completed records = the drawer's takings less the cash held for open ones. */
export const CashLegLineSchema = z.object({
  currency: CurrencySchema,
  completed: MoneySchema,
  drawerTakings: MoneySchema,
  heldForOpen: MoneySchema,
  remainder: MoneySchema,
});
export type CashLegLine = z.infer<typeof CashLegLineSchema>;

/**
 * Leg C's other half, per currency of the cash handed back: cash refunded to customers (cancellations
 * and goodwill refunds of the period's shifts) against what the provider gave back for them. The
 * provider's refund is in the account's currency and the cash in the drawer's, so each cash refund is
 * counted by what became of its order, never converted:
 * `refunded = recovered + notYetRecovered + notRecoverable`.
 */
export const CashRefundLineSchema = z.object({
  currency: CurrencySchema,
  /** Cash handed back to customers. */
  refunded: MoneySchema,
  /** Of it, for orders the provider refunded to the balance. */
  recovered: MoneySchema,
  /** Refunded to the customer, not yet recovered: a refund request in transit, or a cancellation not yet answered. */
  notYetRecovered: MoneySchema,
  /** Goodwill refunds: the shop's loss, never recovered from the provider. */
  notRecoverable: MoneySchema,
});
export type CashRefundLine = z.infer<typeof CashRefundLineSchema>;

export const ReconcileResultSchema = z.enum(['reconciled', 'not_reconciled', 'unconfirmed']);
export type ReconcileResult = z.infer<typeof ReconcileResultSchema>;

export const ProviderDepositSchema = z.object({
  id: z.string(),
  businessDay: BusinessDaySchema,
  amount: MoneySchema,
  note: z.string(),
  enteredBy: z.string(),
  at: IsoTimeSchema,
});
export type ProviderDeposit = z.infer<typeof ProviderDepositSchema>;

export const ReconciliationSchema = z.object({
  runId: z.string(),
  firstDay: BusinessDaySchema,
  lastDay: BusinessDaySchema,
  window: z.object({ from: IsoTimeSchema, to: IsoTimeSchema }),
  runAt: IsoTimeSchema,
  /** As of now: an exception resolved since the run no longer counts. */
  result: ReconcileResultSchema,
  /** Why the provider could not be asked (UNCONFIRMED). */
  unconfirmedReason: z.string().nullable(),
  /** When a run after an UNCONFIRMED one reached the provider and confirmed the day. */
  confirmedAt: IsoTimeSchema.nullable(),
  /** Exceptions not yet resolved (critical first, oldest first). */
  openExceptions: z.number().int(),
  rows: z.array(ReconcileRowSchema),
  exceptions: z.array(ReconcileExceptionSchema),
  bridge: BalanceBridgeSchema.nullable(),
  cash: z.array(CashLegLineSchema),
  /** Absent from runs stored before cash refunds were reconciled. */
  cashRefunds: z.array(CashRefundLineSchema).default([]),
  deposits: z.array(ProviderDepositSchema),
  /**
   * At a counter in a shop ledger: whether the ledger's claims were read to attribute the orders no
   * record here holds, or why they could not be. Absent on a counter on its own.
   */
  shopLedger: z.object({ state: z.enum(['read', 'unreachable']), problem: z.string().nullable() }).optional(),
  /**
   * Set when the order list, filtered to the account's current currency, hides orders of the period;
   * in words in a run stored before it was kept as facts.
   */
  currencyNote: z.union([OtherCurrencyOrdersSchema, z.string()]).nullable(),
  ordersRead: z.number().int(),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
