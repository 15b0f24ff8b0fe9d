import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { MoneySchema } from '../money-schema';
import { CANCELLATION_STATES } from './cancellation-states';
import { IsoTimeSchema } from './common';

/**
 * Cancellations of sold eSIMs and goodwill refunds of top-ups. The provider cancels a whole order,
 * only before any of its eSIMs is installed or used; a top-up is never cancelled, and money given
 * back for one is the shop's own (not recoverable).
 */

export const CancellationStateSchema = z.enum(CANCELLATION_STATES);

export const REFUND_METHODS = ['balance', 'refund_request', 'separate'] as const;
export const RefundMethodSchema = z.enum(REFUND_METHODS);
export type RefundMethod = z.infer<typeof RefundMethodSchema>;

/** Why the provider's rules refuse a cancellation, known from reading the eSIM before asking. */
export const CANCEL_REFUSALS = ['installed', 'activated', 'ended', 'already_cancelled', 'not_sold'] as const;
export const CancelRefusalSchema = z.enum(CANCEL_REFUSALS);
export type CancelRefusal = z.infer<typeof CancelRefusalSchema>;

export const CancellationSchema = z.object({
  id: z.string(),
  kind: z.enum(['cancellation', 'goodwill']),
  state: CancellationStateSchema,
  saleId: z.string().nullable(),
  /** The code of the counter that sold the sale, when it is another counter of the shop (null: this one's). */
  saleCounterCode: z.string().nullable(),
  topUpId: z.string().nullable(),
  receiptNumber: z.number().int(),
  originalReceiptNumber: z.number().int(),
  reason: z.string(),
  approvedBy: z.string(),
  cashierId: z.string().nullable(),
  shiftId: z.string().nullable(),
  iccid: z.string().nullable(),
  orderReference: z.string().nullable(),
  refundMethod: RefundMethodSchema.nullable(),
  providerRefund: MoneySchema.nullable(),
  /** A refund request the provider has not credited yet: the money is owed to the shop. */
  refundInTransit: z.boolean(),
  recoverable: z.boolean(),
  cashRefund: MoneySchema.nullable(),
  /** The cash refund was handed over and recorded in the drawer. */
  cashRefunded: z.boolean(),
  attempts: z.number().int(),
  lastError: PosErrorSchema.nullable(),
  createdAt: IsoTimeSchema,
  settledAt: IsoTimeSchema.nullable(),
  training: z.boolean(),
});
export type Cancellation = z.infer<typeof CancellationSchema>;

/** A sale's cancellation as the sale carries it: what the sale's details and Today's line say of it. */
export const SaleCancellationSchema = CancellationSchema.pick({
  id: true,
  state: true,
  receiptNumber: true,
  originalReceiptNumber: true,
  refundMethod: true,
  cashRefund: true,
  cashRefunded: true,
  createdAt: true,
  settledAt: true,
}).extend({
  /** The code of the counter that cancelled it, when that is another counter of the shop. */
  counterCode: z.string().optional(),
});
export type SaleCancellation = z.infer<typeof SaleCancellationSchema>;

/** One eSIM of the order as the provider reports it right now. */
export const CancelEsimStateSchema = z.object({
  iccid: z.string(),
  status: z.string().nullable(),
  /** null: the provider's answer does not say (the provider still decides when asked to cancel). */
  installed: z.boolean().nullable(),
  activated: z.boolean(),
});

/** What a cancellation would do, read before anything is promised to the customer. */
export const CancelCheckSchema = z.object({
  saleId: z.string(),
  receiptNumber: z.number().int(),
  orderReference: z.string().nullable(),
  /** null: the provider's rules allow it (the provider still decides when asked). */
  refusal: CancelRefusalSchema.nullable(),
  esims: z.array(CancelEsimStateSchema),
  /** What the customer paid. */
  paid: MoneySchema,
  /** What may still be refunded, in the currency paid: what was paid, less the sale's cash refunds before. */
  refundable: MoneySchema,
  /** The sale's cancellation that was not refused: one whose answer is not known is settled, never sent again. */
  cancellation: CancellationSchema.nullable(),
});
export type CancelCheck = z.infer<typeof CancelCheckSchema>;

/** What a goodwill refund of a top-up may still give back, read before the manager is asked. */
export const GoodwillCheckSchema = z.object({
  topUpId: z.string(),
  /** What the customer paid. */
  paid: MoneySchema,
  /** What may still be refunded, in the currency paid: what was paid, less the top-up's refunds before. */
  refundable: MoneySchema,
});
export type GoodwillCheck = z.infer<typeof GoodwillCheckSchema>;
