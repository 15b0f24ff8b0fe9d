/**
 * The top-up state machine's states and moves, in plain code: the renderer uses them without
 * bundling zod, and topup.ts builds the schema's enum from the same list.
 */
import { openStates, statesFrom, type Transitions } from './state-machine';

/** Every state a top-up can be in. The journal's CHECK constraint on `topups.state` holds the same list (tested). */
export const TOPUP_STATES = ['intent', 'sent', 'in_doubt', 'completed', 'failed'] as const;
export type TopUpState = (typeof TOPUP_STATES)[number];

/**
 * The moves a top-up may make, and the only ones the journal performs. The API has no idempotency key
 * for top-ups, so nothing leads back to `sent`: a top-up is sent at most once. An in-doubt one is
 * settled only by a manager's decision: completed on the order the manager takes as its own, or
 * failed when the manager finds none (nothing the counter reads proves either).
 */
export const TOPUP_TRANSITIONS: Transitions<TopUpState> = {
  // Left by TopUpsJournal.markSent as the request leaves (topUp), or markFailed at start-up (settleInterrupted).
  intent: ['sent', 'failed'],
  // Left by the answer (TopUpsJournal.record), or markInDoubt at start-up after a crash (settleInterrupted).
  sent: ['in_doubt', 'completed', 'failed'],
  // Left by a manager's decision (decideTopUp: markCompleted, or markDecidedNotCharged).
  in_doubt: ['in_doubt', 'completed', 'failed'],
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
 * Top-ups with no answer recorded: their answer may yet be lost (they can still go in doubt). A crash
 * in these leaves the outcome to be decided at start-up. One in doubt has lost it already, and fails
 * only by a manager's decision.
 */
export const TOPUP_UNANSWERED_STATES: readonly TopUpState[] = TOPUP_OPEN_STATES.filter(
  (state) => state !== 'in_doubt' && statesFrom(TOPUP_TRANSITIONS, state).includes('in_doubt'),
);
/** Top-ups the provider charged. */
export const TOPUP_CHARGED_STATES: readonly TopUpState[] = statesFrom(TOPUP_TRANSITIONS, 'completed');
