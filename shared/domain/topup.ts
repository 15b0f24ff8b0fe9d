import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';
import { TenderSchema } from './till';

/** What a top-up looked like on the eSIM before it was sent: the evidence for resolving an in-doubt top-up. */
export const EsimSnapshotSchema = z.object({
  totalMb: z.number().nullable(),
  remainingMb: z.number().nullable(),
  expiresAt: IsoTimeSchema.nullable(),
  status: z.string().nullable(),
  takenAt: IsoTimeSchema,
});
export type EsimSnapshot = z.infer<typeof EsimSnapshotSchema>;

const TopUpBaseSchema = z.object({
  id: z.string(),
  receiptNumber: z.number().int(),
  counterId: z.string(),
  cashierId: z.string().nullable(),
  shiftId: z.string().nullable(),
  createdAt: IsoTimeSchema,
  updatedAt: IsoTimeSchema,
  training: z.boolean(),
  iccid: z.string(),
  packageCode: z.string(),
  packageName: z.string(),
  retail: MoneySchema,
  before: EsimSnapshotSchema,
  /** How the customer paid (cash with what they handed over and the change, card, transfer); null when not recorded. */
  tender: TenderSchema.nullable().default(null),
});

/** The top-up state machine. The API has no idempotency key for top-ups, so nothing here is ever re-sent. */
export const TopUpSchema = z.discriminatedUnion('state', [
  /** Recorded with the eSIM's volume and expiry before sending. */
  TopUpBaseSchema.extend({ state: z.literal('intent') }),
  /** On the wire, sent exactly once. */
  TopUpBaseSchema.extend({ state: z.literal('sent'), sentAt: IsoTimeSchema }),
  /** The answer was lost: applied or not is decided by watching the eSIM's volume and expiry change. */
  TopUpBaseSchema.extend({ state: z.literal('in_doubt'), since: IsoTimeSchema, lastError: PosErrorSchema }),
  /** Applied and charged. */
  TopUpBaseSchema.extend({
    state: z.literal('completed'),
    orderReference: z.string().nullable(),
    cost: MoneySchema.nullable(),
    margin: MoneySchema.nullable(),
    newBalance: MoneySchema.nullable(),
    newTotalGb: z.number().nullable(),
    newRemainingGb: z.number().nullable(),
    newExpiresAt: IsoTimeSchema.nullable(),
    /** True when the outcome was inferred from the eSIM changing, not read from the API's answer. */
    inferred: z.boolean(),
    completedAt: IsoTimeSchema,
  }),
  /** A definite error, or an in-doubt top-up seen not to have changed the eSIM: nothing was charged. */
  TopUpBaseSchema.extend({ state: z.literal('failed'), error: PosErrorSchema, failedAt: IsoTimeSchema }),
]);
export type TopUp = z.infer<typeof TopUpSchema>;
export type TopUpState = TopUp['state'];
export const TOPUP_STATES = ['intent', 'sent', 'in_doubt', 'completed', 'failed'] as const;

export const TopUpOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  dataGb: z.number().nullable(),
  isUnlimited: z.boolean(),
  validityDays: z.number().int(),
  cost: MoneySchema,
  retail: MoneySchema,
});
export type TopUpOption = z.infer<typeof TopUpOptionSchema>;
