import type { Connection } from '../connection';
import { type AccountScope, accountRefOf } from '../journal/account-scope';
import { PosFailure } from '../pos/failure';

/** The account a connection talks to, as the journal records it. */
export function scopeOf(connection: Connection): AccountScope {
  return {
    training: connection.mode === 'training',
    accountRef: accountRefOf(connection.endpoint.accessCode),
  };
}

/**
 * Refuses to send anything about a record made with another account: in training, a live sale's key
 * would place a training order (and the reverse a real one); on another account, a new order.
 */
export function requireSameAccount(
  inScope: boolean,
  record: { readonly training: boolean },
  what: 'sale' | 'top-up',
): void {
  if (inScope) return;
  const where = record.training
    ? 'in training mode'
    : 'on a live account the counter is not connected to now';
  throw new PosFailure(
    'INVALID_STATE',
    `This ${what} was made ${where}. Connect to that account again to resolve it; nothing was sent.`,
    { training: record.training },
  );
}
