import type { BalanceResponse } from '../../shared/api';
import type { ApiContext, Route } from './context';
import { amountOf } from './money';
import { ok, type Reply } from './replies';

/** An enterprise reading from the network stays cached this long, unless the API itself changed the balance. */
export const ENTERPRISE_CACHE_MS = 30_000;

function balance(ctx: ApiContext): Reply {
  const { account, sim } = ctx;
  const { currency } = account;
  if (account.kind !== 'enterprise') {
    const body: BalanceResponse = {
      success: true,
      data: { balance: amountOf(account.balance_minor, currency), currency },
    };
    return ok(body);
  }
  const now = sim.clock.now();
  const cached =
    account.network_read_at !== null &&
    account.network_read_balance !== null &&
    now - account.network_read_at < ENTERPRISE_CACHE_MS;
  let readAt = now;
  let value = account.balance_minor;
  if (cached && account.network_read_at !== null && account.network_read_balance !== null) {
    readAt = account.network_read_at;
    value = account.network_read_balance;
  } else {
    sim.db
      .prepare('UPDATE accounts SET network_read_at = ?, network_read_balance = ? WHERE id = ?')
      .run(now, value, account.id);
  }
  const body: BalanceResponse = {
    success: true,
    data: {
      balance: amountOf(value, currency),
      currency,
      source: 'enterprise',
      account: ctx.seeded.company ?? account.label,
      live: !cached,
      as_of: sim.clock.iso(readAt),
    },
  };
  return ok(body);
}

export const balanceRoutes: readonly Route[] = [
  { method: 'GET', path: '/balance', handler: balance, failureText: 'Failed to fetch balance' },
];
