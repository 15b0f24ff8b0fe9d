import { z } from 'zod';

/**
 * Where a sale or top-up comes from: its id, the counter (terminal) that made it, the cashier and shift
 * (null until cashiers and shifts exist), and whether it was made in training. End-of-day reports group
 * by these. The account it was sent to stays in the core: only a fingerprint, never shown.
 */
export const RecordOriginSchema = z.object({
  id: z.string(),
  counterId: z.string(),
  cashierId: z.string().nullable(),
  shiftId: z.string().nullable(),
  training: z.boolean(),
});
export type RecordOrigin = z.infer<typeof RecordOriginSchema>;
