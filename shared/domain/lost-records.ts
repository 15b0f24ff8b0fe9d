import { z } from 'zod';
import { IsoTimeSchema } from './common';
import { ProviderOrderSchema } from './provider-order';

/**
 * What a journal brought back lacks (restored from a backup, or opened as it is after its write-ahead
 * log was lost): the records the counter wrote after the journal's last one. They are named by when
 * they were written, by the receipt and Z numbers issued meanwhile, and by the provider's orders of
 * that time that no record holds: candidates for the manager, never sent again and never booked.
 */

/** Numbers the counter issued that the journal does not hold: `from` to `to`, both included. */
export const MissingNumbersSchema = z.object({
  kind: z.enum(['receipt', 'z']),
  /** For receipts: the training sequence (a live counter's are `false`). */
  training: z.boolean(),
  from: z.number().int(),
  to: z.number().int(),
});
export type MissingNumbers = z.infer<typeof MissingNumbersSchema>;

export const LostRecordsSchema = z.object({
  /** When the journal was brought back. */
  broughtBackAt: IsoTimeSchema,
  /** The backup it was brought back from; null when its own file was opened as it is. */
  from: z.string().nullable(),
  /** When the last record of the journal brought back was written: the lost ones came after. */
  since: IsoTimeSchema,
  numbers: z.array(MissingNumbersSchema),
  /** The provider's orders of that time, once read (null until then; the counter keeps trying). */
  orders: z
    .object({
      readAt: IsoTimeSchema,
      /** False when the list could not be read to its end: there may be more. */
      complete: z.boolean(),
      /** Orders no record of the journal holds: each may be a lost sale or top-up of this counter. */
      candidates: z.array(ProviderOrderSchema),
    })
    .nullable(),
  /** The manager who has seen it, and when; the status stops showing it then. */
  acknowledged: z.object({ at: IsoTimeSchema, by: z.string() }).nullable(),
});
export type LostRecords = z.infer<typeof LostRecordsSchema>;

/** What the status bar shows until a manager has seen it. */
export const LostRecordsStatusSchema = z.object({
  broughtBackAt: IsoTimeSchema,
  /** Orders to check; null while they are not read yet. */
  candidates: z.number().int().nullable(),
});
export type LostRecordsStatus = z.infer<typeof LostRecordsStatusSchema>;
