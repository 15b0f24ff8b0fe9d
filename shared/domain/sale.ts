import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { MoneySchema } from '../money-schema';
import { SaleCancellationSchema } from './cancellation';
import { IsoTimeSchema } from './common';
import { RecordOriginSchema } from './record-origin';
import { SALE_STATES, type SaleState } from './sale-states';
import type { SameStates } from './state-machine';
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

/** An eSIM an unreadable answer named: its ICCID when the answer gave one beside it, and nothing that installs it. */
const EsimNamedSchema = z.object({ iccid: z.string().nullable() }).strict();

const SaleBaseSchema = RecordOriginSchema.extend({
  receiptNumber: z.number().int(),
  createdAt: IsoTimeSchema,
  updatedAt: IsoTimeSchema,
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
  /**
   * The sale's cancellation: cancelled, in doubt, or, when the provider refused every one, the last
   * refused (the sale stays sold and counted).
   * Lists and reads of a sale carry it when there is one; an event about the sale leaves it out.
   */
  cancellation: SaleCancellationSchema.nullable().optional(),
  /**
   * The code of the counter that sold it, in a shop ledger: lists and reads name it for every sale, and
   * another counter's sale (found by a search) prints its receipt number with it.
   */
  counterCode: z.string().nullable().optional(),
});

/** Every state a sale can be in. The journal's CHECK constraint on `sales.state` holds the same list (tested). */
export const SaleStateSchema = z.enum(SALE_STATES);
const state = SaleStateSchema.enum;

/**
 * An eSIM of a sale as lists, reads and events show it: everything but what installs it. The keys
 * that would (the LPA, the activation code, and the install links that embed them) are declared
 * absent, so a full SaleEsim cannot be passed where a summary is expected: the compiler, not a
 * reviewer, keeps activation codes out of lists (see docs/security.md).
 */
export const SaleEsimSummarySchema = SaleEsimSchema.omit({
  lpa: true,
  activationCode: true,
  appleInstallUrl: true,
  androidInstallUrl: true,
}).extend({
  lpa: z.never().optional(),
  activationCode: z.never().optional(),
  appleInstallUrl: z.never().optional(),
  androidInstallUrl: z.never().optional(),
});
export type SaleEsimSummary = z.infer<typeof SaleEsimSummarySchema>;

/**
 * The sale state machine (see SALE_TRANSITIONS): each state with what a sale in it carries. A
 * completed sale's eSIMs are in full (SaleSchema) only where the cashier hands them over, as
 * summaries (SaleSummarySchema) everywhere else.
 */
function saleStates<E extends typeof SaleEsimSchema | typeof SaleEsimSummarySchema>(esim: E) {
  return z.discriminatedUnion('state', [
    /** Written before anything is sent: the idempotency key exists, nothing has left the counter. */
    SaleBaseSchema.extend({ state: z.literal(state.intent) }),
    /** The order is on the wire; the answer has not been recorded yet. */
    SaleBaseSchema.extend({ state: z.literal(state.sent), sentAt: IsoTimeSchema }),
    /**
     * No answer (timeout, dropped connection, 5xx after the retry): settled by reading the provider's
     * records, or sent again with the same key when the cashier confirms.
     */
    SaleBaseSchema.extend({
      state: z.literal(state.in_doubt),
      since: IsoTimeSchema,
      lastError: PosErrorSchema,
      /**
       * The eSIMs an answer the counter could not read named (it may have been charged): their ICCIDs
       * only. What installs them stays in the journal and is handed over once the sale is settled.
       */
      esimsNamed: z.array(EsimNamedSchema).default([]),
    }),
    /** The provider accepted and charged; provisioning is asynchronous and is polled. */
    SaleBaseSchema.extend({
      state: z.literal(state.pending),
      orderReference: z.string(),
      cost: MoneySchema.nullable(),
      pendingSince: IsoTimeSchema,
      nextCheckAt: IsoTimeSchema,
      giveUpAt: IsoTimeSchema,
    }),
    /** Paid and provisioned: the eSIMs can be handed over. */
    SaleBaseSchema.extend({
      state: z.literal(state.completed),
      orderReference: z.string(),
      /** Null in a cashier's answer: what the provider charged and the shop earned are a manager's. */
      cost: MoneySchema.nullable(),
      margin: MoneySchema.nullable(),
      newBalance: MoneySchema.nullable(),
      esims: z.array(esim).min(1),
      completedAt: IsoTimeSchema,
    }),
    /** Pending for longer than the provider's guidance (10 minutes): handed to provider support, never re-ordered. */
    SaleBaseSchema.extend({
      state: z.literal(state.support),
      orderReference: z.string(),
      cost: MoneySchema.nullable(),
      since: IsoTimeSchema,
    }),
    /** A definite error from the provider: nothing was charged. */
    SaleBaseSchema.extend({ state: z.literal(state.failed), error: PosErrorSchema, failedAt: IsoTimeSchema }),
  ]);
}

export const SaleSchema = saleStates(SaleEsimSchema);
export const SaleSummarySchema = saleStates(SaleEsimSummarySchema);
export type Sale = z.infer<typeof SaleSchema>;
export type SaleSummary = z.infer<typeof SaleSummarySchema>;

// One member of the union per state of the enum, or this fails to compile.
const unionKeyedByEnum: SameStates<Sale['state'], SaleState> = true;
void unionKeyedByEnum;
