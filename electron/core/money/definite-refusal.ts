import { ApiFailure } from '../api';

/**
 * Whether the provider certainly did not perform a call: every attempt of it (the client's own
 * re-sends after a clock correction, a rate-limit answer or no answer included) was refused for
 * certain, or held back before it left. The client reports exactly that as outcome `rejected`: once
 * one attempt may have been performed, no later refusal makes the outcome certain again.
 */
export function certainlyNotPerformed(error: unknown): boolean {
  return error instanceof ApiFailure && error.outcome === 'rejected';
}
