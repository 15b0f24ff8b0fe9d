import { ApiFailure } from '../api';

/**
 * Whether the provider certainly did not perform a request the client sent `sends` times (as counted
 * by its onSend callback): it was refused in answer to the only send (a 4xx, or no connection could be
 * made), or the client's rate limiter held it back before it was ever sent. A limiter hold-back after
 * a send (before the client's re-send) says nothing about that send, which may have been performed:
 * timed out, dropped or answered 5xx after the provider did the work.
 */
export function certainlyNotPerformed(error: unknown, sends: number): boolean {
  if (!(error instanceof ApiFailure) || error.outcome !== 'rejected') return false;
  return error.kind === 'throttled' ? sends === 0 : sends === 1;
}
