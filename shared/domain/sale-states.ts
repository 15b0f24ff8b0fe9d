/**
 * The sale state machine's states and moves, in plain code: the renderer uses them without
 * bundling zod, and sale.ts builds the schema's enum from the same list.
 */
import { openStates, statesLeadingTo, type Transitions } from './state-machine';

/** Every state a sale can be in. The journal's CHECK constraint on `sales.state` holds the same list (tested). */
export const SALE_STATES = [
  'intent',
  'sent',
  'in_doubt',
  'pending',
  'completed',
  'support',
  'failed',
] as const;
export type SaleState = (typeof SALE_STATES)[number];

/**
 * The moves a sale may make, and the only ones the journal performs. A sale that may have reached the
 * provider (sent, in doubt) can be sent again with its key, which completes, defers or refuses it; a
 * pending order is polled until it completes or goes to support, where a late answer can still
 * complete it. Completed and failed are final.
 */
export const SALE_TRANSITIONS: Transitions<SaleState> = {
  intent: ['sent', 'in_doubt', 'pending', 'completed', 'failed'],
  sent: ['sent', 'in_doubt', 'pending', 'completed', 'failed'],
  in_doubt: ['sent', 'in_doubt', 'pending', 'completed', 'failed'],
  pending: ['pending', 'completed', 'support'],
  support: ['completed'],
  completed: [],
  failed: [],
};

/** Sales the provider has said nothing final about: they may be sent (again) with their key. */
export const SALE_SENDABLE_STATES: readonly SaleState[] = statesLeadingTo(SALE_TRANSITIONS, 'sent');
/** Sales not settled yet: anything but completed or failed. */
export const SALE_OPEN_STATES: readonly SaleState[] = openStates(SALE_TRANSITIONS);
/**
 * Sales sent at least once with no answer recorded (a crash, a lost answer): settled from the
 * provider's records by reads, and re-sent only when the cashier confirms.
 */
export const SALE_UNANSWERED_STATES: readonly SaleState[] = ['sent', 'in_doubt'];
