import pg from 'pg';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { LEDGER_TIMEOUTS } from '../../electron/core/shop/ledger-address';
import { newLedger, postgresPerFile } from '../support/shop-ledger';
import { type Counter, eventually } from './money-support';
import { joinedShopCounter } from './shop-ledger-support';

// A counter that closes (the app quits, the web host stops) never waits for a ledger that does not
// answer, whatever waits for it.

const server = postgresPerFile();

const holders: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(holders.splice(0).map((holder) => holder.end().catch(() => undefined)));
});

/**
 * A test's own timeout, when it is the clock: shorter than the ledger's query timeout, which is how
 * long a close waiting for a ledger that does not answer would take.
 */
const CLOSES_IN_TIME = { timeout: LEDGER_TIMEOUTS.queryMs * 0.7 };

describe("a counter closed while it reads its shop's settings", () => {
  let setUp: { c: Counter; holder: pg.Client };

  beforeEach(async () => {
    const ledger = await newLedger(server());
    const c = await joinedShopCounter(ledger, '1');
    await eventually('the counter to hear its shop', () => (c.h.core.shopLedger.hearing() ? true : null));
    // The ledger answers no read of the shop's settings: they are locked until the test ends.
    const holder = new pg.Client(ledger.server.superuser(ledger.database));
    holders.push(holder);
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE ledger.shop_settings IN ACCESS EXCLUSIVE MODE');
    // Another counter changed them: the ledger tells this one, which reads them.
    await ledger.query("SELECT pg_notify(channel, 'settings') FROM ledger.shops");
    await eventually('the read to wait inside the ledger', async () => {
      const waiting = await ledger.server.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%ledger.shop_settings%'`,
        [ledger.database],
      );
      return (waiting.rows[0]?.n ?? 0) > 0 ? true : null;
    });
    setUp = { c, holder };
  }, 120_000);

  it('returns without waiting for the answer', CLOSES_IN_TIME, async () => {
    const { c, holder } = setUp;
    await c.restart(async () => {
      // Closed, the lock still held: the read was given up, not answered.
      await holder.query('ROLLBACK');
    });
  });
});
