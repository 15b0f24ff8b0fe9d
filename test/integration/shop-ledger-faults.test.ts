import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain/sale';
import { minor } from '../../shared/money';
import { unwrap } from '../support/core-harness';
import { untilAnswering } from '../support/postgres';
import { newLedger, postgresPerFile, type TestLedger } from '../support/shop-ledger';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { TestClock } from '../support/test-clock';
import { count, hireStaff, openShift, sell, usd } from './end-of-day-support';
import { type Counter, cheapest, eventually } from './money-support';
import {
  hostDataDir,
  joinedShopCounter,
  joinInput,
  ledgerChain,
  localChain,
  shopCounter,
  startHostCounter,
  status,
  untilPublished,
} from './shop-ledger-support';

// The shop ledger's faults, each on a real PostgreSQL: a ledger that hangs, stops, crashes and comes
// back; counters killed, pushing together, with their clocks off, or restored from a backup. Whatever
// happens, each counter's chain ends in the ledger exactly once, in order, and nothing it holds is
// overwritten.

const server = postgresPerFile();

const gates: TcpGate[] = [];
afterEach(async () => {
  await Promise.all(gates.splice(0).map((gate) => gate.close()));
  if (!server().running) await server().start();
});

async function gated(ledger: TestLedger): Promise<{ gate: TcpGate; address: string }> {
  const gate = await startTcpGate(ledger.server.port);
  gates.push(gate);
  return { gate, address: `postgres://127.0.0.1:${gate.port}/${ledger.database}` };
}

/** Holds every insert into the ledger's links until the returned release: a push stopped in the middle. */
async function holdLinks(ledger: TestLedger): Promise<{ release(): Promise<void> }> {
  const holder = new pg.Client(ledger.server.superuser(ledger.database));
  holder.on('error', () => undefined);
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE ledger.links IN SHARE ROW EXCLUSIVE MODE');
  return {
    async release() {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end().catch(() => undefined);
    },
  };
}

/** Waits until a counter's push is inside PostgreSQL, waiting on the lock `holdLinks` took. */
async function pushWaitingInside(ledger: TestLedger): Promise<void> {
  await eventually('a push to wait inside the ledger', async () => {
    const waiting = await ledger.server.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%ledger.push%'`,
      [ledger.database],
    );
    return (waiting.rows[0]?.n ?? 0) > 0 ? true : null;
  });
}

/** A counter's clock that is off from its provider's by `offMs`, and is put right by changing it. */
class OffClock extends TestClock {
  offMs = 0;
  override readonly now = (): Date => new Date(this.ms() + this.offMs);
}

async function sales(c: Counter, n: number): Promise<Sale[]> {
  const pkg = cheapest(c.packages);
  const sold: Sale[] = [];
  for (let i = 0; i < n; i += 1) sold.push(await sell(c.h, pkg, { method: 'card' }));
  return sold;
}

describe('a ledger that cannot keep up', { timeout: 180_000 }, () => {
  it('never holds a sale back: with its connection hanging, sales complete, and it catches up once it flows', async () => {
    const ledger = await newLedger(server());
    const { gate, address } = await gated(ledger);
    const c = await shopCounter();
    await hireStaff(c.h);
    unwrap(await c.h.call('joinShopLedger', { ...joinInput(ledger), address }));
    await untilPublished(c, ledger);

    gate.hang();
    const sold = await sales(c, 3);
    expect(sold.map((sale) => sale.state)).toEqual(['completed', 'completed', 'completed']);
    // A push was on its way the whole time, and the ledger has not taken these sales yet.
    await eventually('a push to be held', () => (gate.held > 0 ? true : null));
    const { counterId } = await status(c);
    expect((await ledgerChain(ledger, counterId)).length).toBeLessThan(localChain(c, counterId).length);

    gate.flow();
    await untilPublished(c, ledger);
  });

  it('takes a push cut short by PostgreSQL stopping, or killed, exactly once when it is back', async () => {
    const ledger = await newLedger(server());
    const c = await joinedShopCounter(ledger, '1');
    await untilPublished(c, ledger);
    for (const crash of ['stop', 'kill'] as const) {
      const held = await holdLinks(ledger);
      await sales(c, 2);
      await pushWaitingInside(ledger);
      if (crash === 'stop') await server().stop();
      else server().kill();
      await held.release();
      // The counter sells on with the ledger down. The push cut short may still have got in: a fast
      // shutdown ends the holding session first, and the waiting push can take the lock and commit
      // before its own session is ended. The next push (for this sale) then finds no ledger.
      await sales(c, 1);
      await eventually('the status to say unreachable', async () =>
        (await status(c)).shopLedger.state === 'unreachable' ? true : null,
      );
      await server().start();
      await untilAnswering(server());
      const chain = await untilPublished(c, ledger);
      expect(chain.map((link) => link.seq)).toEqual(chain.map((_, i) => i + 1));
    }
  });

  it('is caught up in order after a whole day away, by the counter clock, nothing lost and nothing twice', async () => {
    const ledger = await newLedger(server());
    const morning = Date.parse('2026-11-22T08:00:00.000Z');
    const clock = new TestClock(morning);
    const c = await joinedShopCounter(ledger, '1', { clock });
    await openShift(c.h, [usd(10_000)]);
    await untilPublished(c, ledger);
    const synced = (await status(c)).shopLedger.syncedAt;
    // In the morning, before the day away began.
    expect(Date.parse(synced ?? '')).toBeGreaterThanOrEqual(morning);
    expect(Date.parse(synced ?? '')).toBeLessThan(morning + 3 * 3_600_000);

    await server().stop();
    const pkg = cheapest(c.packages);
    for (let hour = 1; hour <= 24; hour += 3) {
      clock.advance(3 * 3_600_000);
      await sell(c.h, pkg, { method: 'cash', tendered: minor(pkg.retail.amount) });
      unwrap(
        await c.h.call('moveCash', {
          kind: 'pay_in',
          reason: 'change_float',
          amount: usd(100),
          note: `hour ${hour}`,
        }),
      );
    }
    const away = await eventually('the status to say not synced', async () => {
      const ledgerStatus = (await status(c)).shopLedger;
      return ledgerStatus.state === 'unreachable' ? ledgerStatus : null;
    });
    expect(away.syncedAt).toBe(synced);
    // Each hour's sale (sent, then completed) and pay-in: three links an hour at the least.
    expect(away.waiting).toBeGreaterThanOrEqual(8 * 3);

    const dayLater = clock.ms();
    await server().start();
    await untilAnswering(server());
    await c.h.core.shopLedger.pushNow();
    const chain = await untilPublished(c, ledger);
    expect(chain.map((link) => link.seq)).toEqual(chain.map((_, i) => i + 1));
    // The links arrived in their order: each received no earlier than the one before it.
    const arrivals = await ledger.query<{ ordered: boolean }>(
      `SELECT bool_and(received_at >= previous) AS ordered FROM (
         SELECT received_at, lag(received_at) OVER (ORDER BY seq) AS previous FROM ledger.links) AS l
       WHERE previous IS NOT NULL`,
    );
    expect(arrivals.rows[0]?.ordered).toBe(true);
    const back = (await status(c)).shopLedger;
    expect(back).toMatchObject({ state: 'up_to_date', waiting: 0 });
    expect(Date.parse(back.syncedAt ?? '')).toBeGreaterThanOrEqual(dayLater);
  });
  it('takes the push of a counter killed in the middle of it exactly once, when the counter starts again', async () => {
    const ledger = await newLedger(server());
    const env = {
      POS_SHOP_LEDGER_URL: server().url(ledger.owner.user, ledger.owner.password, ledger.database),
    };
    const flags = ['--shop', 'Main street', '--counter-code', '4', '--counter-name', 'Kiosk'];
    const dataDir = await hostDataDir();
    const killed = startHostCounter(dataDir, flags, env);
    await killed.api('setManagerPin', { pin: '2468' });
    await untilPublished(killed, ledger, 120_000);

    const held = await holdLinks(ledger);
    await killed.api('updateSettings', { pin: '2468', patch: { receiptFooter: 'Thank you' } });
    await pushWaitingInside(ledger);
    killed.child.kill('SIGKILL');
    await killed.exited();
    // What the killed counter's statement does now is PostgreSQL's business: all of it, or none.
    await held.release();

    const again = startHostCounter(dataDir, flags, env);
    await again.api('updateSettings', { pin: '2468', patch: { receiptFooter: 'Thanks again' } });
    const chain = await untilPublished(again, ledger, 120_000);
    expect(chain.map((link) => link.seq)).toEqual(chain.map((_, i) => i + 1));
    const footers = await ledger.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger.links WHERE kind = 'settings.changed'",
    );
    expect(footers.rows[0]?.n).toBe(2);
  });
});

describe('counters of one shop', { timeout: 240_000 }, () => {
  it('push at the same time, live on one account: every chain complete, every order claimed once by its counter', async () => {
    const ledger = await newLedger(server());
    // Three counters selling for real on one account (the simulator's), as a business's counters do.
    const first = await joinedShopCounter(ledger, '1', { live: true });
    const counters = [
      first,
      ...(await Promise.all(
        ['2', '3'].map((code) => joinedShopCounter(ledger, code, { live: true, sim: first.sim })),
      )),
    ];
    const sold = (await Promise.all(counters.map((c) => sales(c, 4)))).flat();
    for (const c of counters) await untilPublished(c, ledger, 60_000);
    const claims = await ledger.query<{ order_reference: string; subject: string }>(
      'SELECT order_reference, subject FROM ledger.order_claims ORDER BY order_reference',
    );
    const orders = sold.map((sale) => ({
      order_reference: sale.state === 'completed' ? sale.orderReference : `not completed: ${sale.state}`,
      subject: sale.id,
    }));
    expect(claims.rows).toEqual(orders.sort((a, b) => a.order_reference.localeCompare(b.order_reference)));
    expect((await ledger.query('SELECT * FROM ledger.problems')).rows).toEqual([]);
  });

  it("keep each record's newest version by its number, whatever a counter's clock says", async () => {
    const ledger = await newLedger(server());
    const clock = new OffClock();
    clock.offMs = 3 * 3_600_000;
    const c = await joinedShopCounter(ledger, '1', { clock });
    const shift = await openShift(c.h, [usd(1_000)]);
    // The clock is put right, a day back from what it said: the shift closes "before" it opened.
    clock.offMs -= 27 * 3_600_000;
    const { countId } = await count(c.h, [usd(1_000)]);
    unwrap(await c.h.call('closeShift', { countId }));
    await untilPublished(c, ledger);
    const held = await ledger.query<{ state: string; at: Date; first_at: Date }>(
      "SELECT state, at, first_at FROM ledger.records WHERE type = 'shift' AND subject = $1",
      [shift.id],
    );
    expect(held.rows).toEqual([{ state: 'closed', at: expect.any(Date), first_at: expect.any(Date) }]);
    // The newest version is the close, stamped a day behind the provider's clock, before its opening.
    expect(held.rows[0]?.at.getTime()).toBeLessThan(clock.ms() - 23 * 3_600_000);
    expect(held.rows[0]?.at.getTime()).toBeLessThan(held.rows[0]?.first_at.getTime() ?? 0);
  });

  it('refuse a counter restored from a backup: what the ledger holds stays, and the fork is kept', async () => {
    const ledger = await newLedger(server());
    const keychainService = `esim-counter-test-ledger-fork-${process.pid}-${Date.now()}`;
    const c = await joinedShopCounter(ledger, '1', { keychainService });
    await sales(c, 1);
    await untilPublished(c, ledger);
    const backup = join(c.dataDir, '..', `${c.dataDir.split('/').at(-1)}-backup`);
    await c.restart(() => cpSync(c.dataDir, backup, { recursive: true }));
    await sales(c, 2);
    const { counterId } = await status(c);
    const published = await untilPublished(c, ledger);

    // The machine is restored from the copy: its journal lacks what it published since.
    await c.restart(() => {
      rmSync(c.dataDir, { recursive: true, force: true });
      cpSync(backup, c.dataDir, { recursive: true });
      rmSync(backup, { recursive: true, force: true });
    });
    const behind = await c.h.core.shopLedger.pushNow();
    expect(behind).toMatchObject({ state: 'refused', problem: 'behind' });
    // It sells on, and writes new records under numbers the ledger already holds.
    await sales(c, 1);
    const forked = await c.h.core.shopLedger.pushNow();
    expect(forked).toMatchObject({ state: 'refused', problem: 'fork' });
    expect(await ledgerChain(ledger, counterId)).toEqual(published);
    const problems = await ledger.query<{ kind: string; seq: string }>(
      'SELECT kind, seq FROM ledger.problems WHERE counter_id = $1',
      [counterId],
    );
    const firstNew = localChain(c, counterId).find((link, i) => link.hash !== published[i]?.hash);
    expect(problems.rows).toEqual([{ kind: 'chain_fork', seq: String(firstNew?.seq) }]);
  });
});
