/**
 * The cancellation state machine's states and moves, in plain code: the renderer uses them without
 * bundling zod, and cancellation.ts builds the schema's enum from the same list.
 */
import { openStates, statesLeadingTo, type Transitions } from './state-machine';

/** Every state a cancellation can be in. The journal's CHECK constraint on `cancellations.state` holds the same list (tested). */
export const CANCELLATION_STATES = ['intent', 'sent', 'cancelled', 'refused', 'unknown', 'recorded'] as const;
export type CancellationState = (typeof CANCELLATION_STATES)[number];

/**
 * The moves a cancellation may make, and the only ones the journal performs. A cancellation is
 * journalled before its one send; an answer that does not say what happened is settled by reading the
 * order only, never by sending again. A goodwill refund of a top-up is recorded at once: nothing is sent.
 */
export const CANCELLATION_TRANSITIONS: Transitions<CancellationState> = {
  // Left by CancellationJournal.markSent as the cancel leaves (Cancellations.send).
  intent: ['sent'],
  // Left by the cancel's answer (Cancellations.send: markCancelled, markRefused, markUnknown) or a settling read (Cancellations.settle).
  sent: ['cancelled', 'refused', 'unknown'],
  // Left by a settling read of the order (Cancellations.settle: markCancelled, markRefused).
  unknown: ['cancelled', 'refused', 'unknown'],
  // Final: the provider cancelled the order.
  cancelled: [],
  // Final: the provider certainly did not cancel it.
  refused: [],
  // Final: a goodwill refund, created in this state.
  recorded: [],
};

/** Cancellations not settled yet: their answer is awaited or not known. */
export const CANCELLATION_OPEN_STATES: readonly CancellationState[] = openStates(CANCELLATION_TRANSITIONS);
/** Cancellations a settling read may settle: the cancel left, and what it did is not recorded. */
export const CANCELLATION_SETTLEABLE_STATES: readonly CancellationState[] = statesLeadingTo(
  CANCELLATION_TRANSITIONS,
  'cancelled',
);
