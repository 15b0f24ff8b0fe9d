import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';
import { TenderSchema } from './till';

/** One eSIM handed over in a sale, with everything the customer needs to install it. */
export const SaleEsimSchema = z.object({
  iccid: z.string(),
  lpa: z.string(),
  smdpAddress: z.string(),
  activationCode: z.string(),
  appleInstallUrl: z.string().nullable(),
  androidInstallUrl: z.string().nullable(),
  status: z.string().nullable(),
  totalVolumeBytes: z.number().nullable(),
  validityDays: z.number().nullable(),
  expiresAt: IsoTimeSchema.nullable(),
});
export type SaleEsim = z.infer<typeof SaleEsimSchema>;

const SaleBaseSchema = z.object({
  id: z.string(),
  receiptNumber: z.number().int(),
  counterId: z.string(),
  cashierId: z.string().nullable(),
  shiftId: z.string().nullable(),
  createdAt: IsoTimeSchema,
  updatedAt: IsoTimeSchema,
  training: z.boolean(),
  packageCode: z.string(),
  packageName: z.string(),
  quantity: z.number().int().min(1).max(10),
  idempotencyKey: z.string(),
  /** The shop's selling price, per eSIM and in all, fixed when the sale was confirmed. */
  retailUnit: MoneySchema,
  retailTotal: MoneySchema,
  /** Send attempts made so far (the API allows one retry with the same key). */
  attempts: z.number().int(),
  /** How the customer paid (cash with what they handed over and the change, card, transfer); null when not recorded. */
  tender: TenderSchema.nullable().default(null),
});

/** The sale state machine: intent → sent → completed | pending → completed | support; sent → failed | in_doubt. */
export const SaleSchema = z.discriminatedUnion('state', [
  /** Written before anything is sent: the idempotency key exists, nothing has left the counter. */
  SaleBaseSchema.extend({ state: z.literal('intent') }),
  /** The order is on the wire; the answer has not been recorded yet. */
  SaleBaseSchema.extend({ state: z.literal('sent'), sentAt: IsoTimeSchema }),
  /** No answer (timeout, dropped connection, 5xx after the retry): resolved by re-sending with the same key. */
  SaleBaseSchema.extend({ state: z.literal('in_doubt'), since: IsoTimeSchema, lastError: PosErrorSchema }),
  /** The provider accepted and charged; provisioning is asynchronous and is polled. */
  SaleBaseSchema.extend({
    state: z.literal('pending'),
    orderReference: z.string(),
    cost: MoneySchema.nullable(),
    pendingSince: IsoTimeSchema,
    nextCheckAt: IsoTimeSchema,
    giveUpAt: IsoTimeSchema,
  }),
  /** Paid and provisioned: the eSIMs can be handed over. */
  SaleBaseSchema.extend({
    state: z.literal('completed'),
    orderReference: z.string(),
    cost: MoneySchema,
    margin: MoneySchema,
    newBalance: MoneySchema.nullable(),
    esims: z.array(SaleEsimSchema).min(1),
    completedAt: IsoTimeSchema,
  }),
  /** Pending for longer than the provider's guidance (10 minutes): handed to provider support, never re-ordered. */
  SaleBaseSchema.extend({
    state: z.literal('support'),
    orderReference: z.string(),
    cost: MoneySchema.nullable(),
    since: IsoTimeSchema,
  }),
  /** A definite error from the provider: nothing was charged. */
  SaleBaseSchema.extend({ state: z.literal('failed'), error: PosErrorSchema, failedAt: IsoTimeSchema }),
]);
export type Sale = z.infer<typeof SaleSchema>;
export type SaleState = Sale['state'];
export const SALE_STATES = [
  'intent',
  'sent',
  'in_doubt',
  'pending',
  'completed',
  'support',
  'failed',
] as const;
export const SaleStateSchema = z.enum(SALE_STATES);
