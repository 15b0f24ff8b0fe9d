/**
 * The sale state machine's states and moves, in plain code: the renderer uses them without
 * bundling zod, and sale.ts builds the schema's enum from the same list.
 */
import { openStates, statesFrom, statesLeadingTo, type Transitions } from './state-machine';

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
  // Left by SalesJournal.markSent as the order leaves (sell), or markFailed at start-up (recoverSales).
  intent: ['sent', 'in_doubt', 'pending', 'completed', 'failed'],
  // Left by the order's answer (SalesJournal.record, from sendMarked) or the read-only settlement.
  sent: ['sent', 'in_doubt', 'pending', 'completed', 'failed'],
  // Left by the read-only settlement (SaleResolver), or markSent when the cashier confirms a re-send.
  in_doubt: ['sent', 'in_doubt', 'pending', 'completed', 'failed'],
  // Left by the pending poller and the provisioning webhook (provisioning-check: markCompleted, markSupport).
  pending: ['pending', 'completed', 'support'],
  // Left by a completion the poller or the webhook reads later (provisioning-check: markCompleted).
  support: ['completed'],
  // Final.
  completed: [],
  // Final.
  failed: [],
};

/** Sales the provider has said nothing final about: they may be sent (again) with their key. */
export const SALE_SENDABLE_STATES: readonly SaleState[] = statesLeadingTo(SALE_TRANSITIONS, 'sent');
/** Sales not settled yet: anything but completed or failed. The customer has paid and has no eSIM yet. */
export const SALE_OPEN_STATES: readonly SaleState[] = openStates(SALE_TRANSITIONS);
/**
 * Sales sent at least once and not settled: the provider may have taken their order. The
 * reconciliation holds them open, and the read-only settlement may settle them.
 */
export const SALE_SENT_OPEN_STATES: readonly SaleState[] = statesFrom(SALE_TRANSITIONS, 'sent').filter(
  (state) => SALE_OPEN_STATES.includes(state),
);
/**
 * Sales sent at least once with no answer recorded (a crash, a lost answer): settled from the
 * provider's records by reads, and re-sent only when the cashier confirms.
 */
export const SALE_UNANSWERED_STATES: readonly SaleState[] = SALE_SENDABLE_STATES.filter((state) =>
  statesFrom(SALE_TRANSITIONS, 'sent').includes(state),
);
/** Sales the provider charged: an order it accepted (pending) keeps its charge in every state after it. */
export const SALE_CHARGED_STATES: readonly SaleState[] = statesFrom(SALE_TRANSITIONS, 'pending');
