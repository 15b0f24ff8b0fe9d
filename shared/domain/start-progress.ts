import { z } from 'zod';

/**
 * What a counter's start is doing while it takes long enough to show: after an update, the copy of the
 * journal kept before its schema changes, then each step of the change, then the commit that ends it.
 * The counter sells nothing until the start is over.
 */
export const START_STEPS = ['copy', 'update', 'finish'] as const;
export type StartStep = (typeof START_STEPS)[number];

export const StartProgressSchema = z.object({
  step: z.enum(START_STEPS),
  /** Which of the start's steps this is, from 1, of `steps`. */
  stepNumber: z.number().int().positive(),
  steps: z.number().int().positive(),
  /** How much of the whole start's work is done, 0 to 1. */
  done: z.number().min(0).max(1),
  /** Seconds left, from the pace so far; null until there is a pace to go by. */
  secondsLeft: z.number().int().nonnegative().nullable(),
});
export type StartProgress = z.infer<typeof StartProgressSchema>;
