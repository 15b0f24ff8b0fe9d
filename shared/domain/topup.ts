import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';
import { RecordOriginSchema } from './record-origin';
import type { SameStates } from './state-machine';
import { TenderSchema } from './till';
import { TOPUP_STATES, type TopUpState } from './topup-states';

/** What the eSIM looked like before the top-up was sent, as the provider reported it then. */
export const EsimSnapshotSchema = z.object({
  totalMb: z.number().nullable(),
  remainingMb: z.number().nullable(),
  expiresAt: IsoTimeSchema.nullable(),
  status: z.string().nullable(),
  takenAt: IsoTimeSchema,
});
export type EsimSnapshot = z.infer<typeof EsimSnapshotSchema>;

const TopUpBaseSchema = RecordOriginSchema.extend({
  receiptNumber: z.number().int(),
  createdAt: IsoTimeSchema,
  updatedAt: IsoTimeSchema,
  iccid: z.string(),
  packageCode: z.string(),
  packageName: z.string(),
  retail: MoneySchema,
  before: EsimSnapshotSchema,
  /** How the customer paid (cash with what they handed over and the change, card, transfer); null when not recorded. */
  tender: TenderSchema.nullable().default(null),
});

/**
 * Why an order of the provider's list cannot be a lost top-up's own. The API has no idempotency key
 * for top-ups, so nothing in an order says who placed it: these rule orders out; nothing rules one in.
 */
export const TOPUP_ORDER_RULED_OUT = [
  /** Dated after this counter stopped waiting for the top-up's answer (on the provider's clock). */
  'placed_after_wait',
  /** Dated before this counter sent the top-up, by more than the clocks may disagree. */
  'placed_before_send',
  /** Another record of this counter's journal holds it. */
  'claimed_here',
  /** Another counter of the shop holds it. */
  'claimed_elsewhere',
  /** Of another top-up package than this one. */
  'other_package',
  /** Failed or cancelled at the provider: nothing was charged. */
  'not_charged',
] as const;
export const TopUpOrderRuledOutSchema = z.enum(TOPUP_ORDER_RULED_OUT);
export type TopUpOrderRuledOut = z.infer<typeof TopUpOrderRuledOutSchema>;

/** An order of the topped-up eSIM (or of an eSIM the list does not name) near the top-up, as the provider lists it. */
export const TopUpOrderSeenSchema = z.object({
  orderReference: z.string(),
  /** On the provider's clock; null when neither the list nor the order's record dates it. */
  placedAt: IsoTimeSchema.nullable(),
  /** The stretch `placedAt` stands for: 0 when stated to the second, 60,000 for a minute, a day… */
  placedWithinMs: z.number().int().nonnegative(),
  packageCode: z.string().nullable(),
  iccid: z.string().nullable(),
  amount: MoneySchema.nullable(),
  /** The provider's status, as it wrote it. */
  status: z.string().nullable(),
  /** Empty: nothing the provider states rules it out, so it may be this top-up's order (a candidate). */
  ruledOut: z.array(TopUpOrderRuledOutSchema).readonly(),
  /** The receipt number of the record of this journal that holds it. */
  claimedByReceipt: z.number().int().nullable(),
});
export type TopUpOrderSeen = z.infer<typeof TopUpOrderSeenSchema>;

/** What the counter last found in the provider's orders for a top-up whose answer was lost. */
export const TopUpSearchSchema = z.object({
  /** When the list was read (the counter's clock). */
  readAt: IsoTimeSchema,
  /** When the counter sent the top-up, and when it stopped waiting for the answer, on the provider's clock. */
  sentAt: IsoTimeSchema,
  stoppedAt: IsoTimeSchema,
  /** The provider's clock minus the counter's, as learned from the provider's answers. */
  skewMs: z.number().int(),
  /** What the top-up was quoted to cost, to compare each order's amount with; null in a cashier's answer. */
  quotedCost: MoneySchema.nullable(),
  /** The list was read to its end over the stretch searched: no order there was left unread. */
  complete: z.boolean(),
  /** Whether the shop's other counters said which orders they hold (a counter with no shop ledger cannot ask). */
  otherCountersChecked: z.boolean(),
  orders: z.array(TopUpOrderSeenSchema).readonly(),
});
export type TopUpSearch = z.infer<typeof TopUpSearchSchema>;

/** A manager's decision on a top-up in doubt, taken with their PIN. */
export const TopUpDecisionSchema = z.object({
  /** The manager (a cashier id) and their name when deciding. */
  by: z.string(),
  byName: z.string(),
  at: IsoTimeSchema,
  /** The provider order the manager took as this top-up's; null: none of them, nothing was charged. */
  orderReference: z.string().nullable(),
});
export type TopUpDecision = z.infer<typeof TopUpDecisionSchema>;

/** Every state a top-up can be in. The journal's CHECK constraint on `topups.state` holds the same list (tested). */
export const TopUpStateSchema = z.enum(TOPUP_STATES);
const state = TopUpStateSchema.enum;

/** The top-up state machine (see TOPUP_TRANSITIONS): each state with what a top-up in it carries. */
export const TopUpSchema = z.discriminatedUnion('state', [
  /** Recorded with the eSIM's volume and expiry before sending. */
  TopUpBaseSchema.extend({ state: z.literal(state.intent) }),
  /** On the wire, sent exactly once. */
  TopUpBaseSchema.extend({ state: z.literal(state.sent), sentAt: IsoTimeSchema }),
  /**
   * The answer was lost. Nothing the provider lists can prove an order is this top-up's (another writer's
   * looks the same), so it waits for a manager's decision, with the orders found and why each may or
   * may not be its own.
   */
  TopUpBaseSchema.extend({
    state: z.literal(state.in_doubt),
    since: IsoTimeSchema,
    lastError: PosErrorSchema,
    /** The last look at the provider's orders; null until the first. */
    search: TopUpSearchSchema.nullable(),
  }),
  /** Applied and charged. */
  TopUpBaseSchema.extend({
    state: z.literal(state.completed),
    orderReference: z.string().nullable(),
    cost: MoneySchema.nullable(),
    margin: MoneySchema.nullable(),
    newBalance: MoneySchema.nullable(),
    newTotalGb: z.number().nullable(),
    newRemainingGb: z.number().nullable(),
    newExpiresAt: IsoTimeSchema.nullable(),
    /** True when settled from the provider's order list after the answer was lost, not from the answer. */
    inferred: z.boolean(),
    completedAt: IsoTimeSchema,
    /** The manager's decision that settled it after its answer was lost; null when its answer did. */
    decision: TopUpDecisionSchema.nullable(),
  }),
  /** A definite refusal, never sent, or a manager's decision that nothing was charged. */
  TopUpBaseSchema.extend({
    state: z.literal(state.failed),
    error: PosErrorSchema,
    failedAt: IsoTimeSchema,
    decision: TopUpDecisionSchema.nullable(),
  }),
]);
export type TopUp = z.infer<typeof TopUpSchema>;
export type CompletedTopUp = Extract<TopUp, { state: 'completed' }>;

// One member of the union per state of the enum, or this fails to compile.
const unionKeyedByEnum: SameStates<TopUp['state'], TopUpState> = true;
void unionKeyedByEnum;

export const TopUpOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Null for unlimited plans, and when the provider does not say (then `isUnlimited` is false). */
  dataGb: z.number().nullable(),
  isUnlimited: z.boolean(),
  /** Null when the provider does not say. */
  validityDays: z.number().int().nullable(),
  /** Null in a cashier's answer: what the provider charges is a manager's figure. */
  cost: MoneySchema.nullable(),
  retail: MoneySchema,
});
export type TopUpOption = z.infer<typeof TopUpOptionSchema>;

/**
 * Another counter's top-up as the shop ledger holds it (its record, as that counter's chain published
 * it), found by a search at this counter: by its receipt number as printed, an ICCID or an order.
 */
export const ShopTopUpSchema = z.object({
  id: z.string(),
  /** The counter that made it, by its code (printed on its receipts). */
  counterCode: z.string(),
  receiptNumber: z.number().int(),
  state: TopUpStateSchema,
  iccid: z.string(),
  packageCode: z.string(),
  packageName: z.string(),
  retail: MoneySchema,
  orderReference: z.string().nullable(),
  createdAt: IsoTimeSchema,
  completedAt: IsoTimeSchema.nullable(),
});
export type ShopTopUp = z.infer<typeof ShopTopUpSchema>;
