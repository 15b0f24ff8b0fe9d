/**
 * The top-up state machine's states and moves, in plain code: the renderer uses them without
 * bundling zod, and topup.ts builds the schema's enum from the same list.
 */
import { openStates, statesFrom, statesLeadingTo, type Transitions } from './state-machine';

/** Every state a top-up can be in. The journal's CHECK constraint on `topups.state` holds the same list (tested). */
export const TOPUP_STATES = ['intent', 'sent', 'in_doubt', 'completed', 'failed'] as const;
export type TopUpState = (typeof TOPUP_STATES)[number];

/**
 * The moves a top-up may make, and the only ones the journal performs. The API has no idempotency key
 * for top-ups, so nothing leads back to `sent`: a top-up is sent at most once. An in-doubt one is
 * settled only by its order in the provider's order list (completed); nothing proves it was not
 * charged, so it never moves to failed and stays for the manager.
 */
export const TOPUP_TRANSITIONS: Transitions<TopUpState> = {
  // Left by TopUpsJournal.markSent as the request leaves (topUp), or markFailed at start-up (settleInterrupted).
  intent: ['sent', 'failed'],
  // Left by the answer (TopUpsJournal.record), or markInDoubt at start-up after a crash (settleInterrupted).
  sent: ['in_doubt', 'completed', 'failed'],
  // Left by its order found in the provider's order list (checkInDoubt: markCompleted); marked again for the manager.
  in_doubt: ['in_doubt', 'completed'],
  // Final.
  completed: [],
  // Final.
  failed: [],
};

/** Top-ups not settled yet: they may still charge. */
export const TOPUP_OPEN_STATES: readonly TopUpState[] = openStates(TOPUP_TRANSITIONS);
/** Top-ups sent and not settled: the provider may have applied them. */
export const TOPUP_SENT_OPEN_STATES: readonly TopUpState[] = statesFrom(TOPUP_TRANSITIONS, 'sent').filter(
  (state) => TOPUP_OPEN_STATES.includes(state),
);
/**
 * Top-ups with no answer recorded: the only ones that may still fail (an answer that leaves one in
 * doubt never lets it fail). A crash in these leaves the outcome to be decided at start-up.
 */
export const TOPUP_UNANSWERED_STATES: readonly TopUpState[] = statesLeadingTo(TOPUP_TRANSITIONS, 'failed');
/** Top-ups the provider charged. */
export const TOPUP_CHARGED_STATES: readonly TopUpState[] = statesFrom(TOPUP_TRANSITIONS, 'completed');
