/**
 * The shift state machine's states and moves, in plain code: the renderer uses them without bundling
 * zod, and shift.ts builds the schema's enum from the same list.
 */
import type { Transitions } from './state-machine';

/** Every state a shift can be in. The journal's CHECK constraint on `shifts.state` holds the same list (tested). */
export const SHIFT_STATES = ['open', 'closed', 'not_counted'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

/**
 * The moves a shift may make, and the only ones the journal performs: a shift row changes once, when
 * it closes, and a trigger refuses any change after that. A count made after a forced close is a
 * record of its own; the shift stays not counted.
 */
export const SHIFT_TRANSITIONS: Transitions<ShiftState> = {
  // Left by ShiftJournal.close: counted (EndOfDay.closeShift), or not counted (EndOfDay.forceClose).
  open: ['closed', 'not_counted'],
  // Final.
  closed: [],
  // Final: a later count (EndOfDay.countLater) is a record of its own.
  not_counted: [],
};
