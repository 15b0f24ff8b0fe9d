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

/** Every state a top-up can be in. The journal's CHECK constraint on `topups.state` holds the same list (tested). */
export const TopUpStateSchema = z.enum(TOPUP_STATES);
const state = TopUpStateSchema.enum;

/** The top-up state machine (see TOPUP_TRANSITIONS): each state with what a top-up in it carries. */
export const TopUpSchema = z.discriminatedUnion('state', [
  /** Recorded with the eSIM's volume and expiry before sending. */
  TopUpBaseSchema.extend({ state: z.literal(state.intent) }),
  /** On the wire, sent exactly once. */
  TopUpBaseSchema.extend({ state: z.literal(state.sent), sentAt: IsoTimeSchema }),
  /** The answer was lost: settled only by the top-up's order in the provider's order list; otherwise for the manager. */
  TopUpBaseSchema.extend({
    state: z.literal(state.in_doubt),
    since: IsoTimeSchema,
    lastError: PosErrorSchema,
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
  }),
  /** A definite refusal, or never sent: nothing was charged. */
  TopUpBaseSchema.extend({ state: z.literal(state.failed), error: PosErrorSchema, failedAt: IsoTimeSchema }),
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
  cost: MoneySchema,
  retail: MoneySchema,
});
export type TopUpOption = z.infer<typeof TopUpOptionSchema>;
