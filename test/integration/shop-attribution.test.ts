import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { TopUp } from '../../shared/domain/topup';
import { call } from '../simulator/support/signed-fetch';
import { unwrap } from '../support/core-harness';
import { newLedger, postgresPerFile, type TestLedger } from '../support/shop-ledger';
import {
  dayAroundNow,
  hireStaff,
  openShift,
  type Staff,
  sell,
  signInManager,
  usd,
} from './end-of-day-support';
import { type Counter, cheapest, control, eventually, rechargeableEsim } from './money-support';
import { joinInput, shopCounter, untilPublished } from './shop-ledger-support';

// Two live counters of one shop on one provider account: each counter's own reconciliation names the
// other's orders as that counter's, by the shop ledger's claims, never as its own exceptions; the
// balance bridge is the account's, left to the shop day; and a ledger out of reach is said, order by order.

const server = postgresPerFile();

/** The provider orders a counter's journal holds (its sales' and top-ups'). */
function ordersOf(c: Counter): string[] {
  const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare(
          `SELECT order_reference FROM sales WHERE order_reference IS NOT NULL
           UNION ALL SELECT order_reference FROM topups WHERE order_reference IS NOT NULL`,
        )
        .all() as { order_reference: string }[]
    ).map((row) => row.order_reference);
  } finally {
    db.close();
  }
}

/** A counter of the shop, with its staff, joined to `ledger` as `code`. */
async function joined(
  ledger: TestLedger,
  code: string,
  options: Parameters<typeof shopCounter>[0] = {},
  simOptions: Parameters<typeof shopCounter>[1] = {},
): Promise<{ c: Counter; staff: Staff }> {
  // Live counters: training orders claim nothing in the ledger.
  const c = await shopCounter({ live: true, ...options }, simOptions);
  const staff = await hireStaff(c.h);
  unwrap(await c.h.call('joinShopLedger', joinInput(ledger, code)));
  return { c, staff };
}

/** A counter's day: `sales` sales by card (one of them an eSIM topped up once) in an open shift. */
async function sellDay({ c, staff }: { c: Counter; staff: Staff }, sales: number): Promise<string> {
  const day = await dayAroundNow(c.h, staff);
  // The topped-up eSIM is sold before the shift opens: both are the counter's orders of the day.
  const { iccid, option } = await rechargeableEsim(c);
  expect(unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code })).state).toBe('completed');
  await openShift(c.h, [usd(5000)]);
  for (let i = 1; i < sales; i++) await sell(c.h, cheapest(c.packages), { method: 'card' });
  return day;
}

async function reconcile(c: Counter, day: string): Promise<Reconciliation> {
  return unwrap(await c.h.call<Reconciliation>('reconcile', { firstDay: day }));
}

describe("a counter's own reconciliation in a shop", { timeout: 300_000 }, () => {
  it("names the other counter's orders as its own, never as exceptions; leaves the bridge to the shop day", async () => {
    const ledger = await newLedger(server());
    const first = await joined(ledger, '1');
    const second = await joined(ledger, '2', { sim: first.c.sim });
    const [one, two] = [first.c, second.c];
    const day = await sellDay(first, 4);
    expect(await sellDay(second, 3)).toBe(day);
    // The managers reconcile: the balance bridge is a manager's figure.
    await signInManager(one.h, first.staff);
    await signInManager(two.h, second.staff);
    // An order placed on the account outside any counter, of a package counter 2 sold too: it looks
    // like counter 2's, but no record of the shop claims it.
    const pkg = cheapest(one.packages);
    const dashboard = await call(one.sim.baseUrl, one.sim.defaultAccount, 'POST', '/esims/order', {
      body: { packageCode: pkg.code, quantity: 1, idempotency_key: randomUUID() },
    });
    const lookalike = dashboard.body.orderReference as string;
    await untilPublished(one, ledger);
    await untilPublished(two, ledger);

    for (const [self, other, code] of [
      [one, two, '2'],
      [two, one, '1'],
    ] as const) {
      const report = await reconcile(self, day);
      expect(report.shopLedger).toEqual({ state: 'read', problem: null });
      const theirs = ordersOf(other);
      expect(theirs.length).toBeGreaterThanOrEqual(4);
      for (const reference of theirs) {
        const row = report.rows.find((each) => each.orderReference === reference);
        expect(row, reference).toMatchObject({
          kind: 'other_counter',
          severity: 'info',
          counter: { code, name: `Counter ${code}` },
        });
      }
      // Exceptions: only the order no counter holds, whatever it looks like.
      expect(report.exceptions.map((each) => [each.kind, each.orderReference])).toEqual([
        ['unrecorded', lookalike],
      ]);
      // The account's balance moved with both counters' orders: the shop day bridges it, not this counter.
      expect(report.bridge?.shop).toBe(true);
      expect(report.rows.some((each) => each.kind === 'bridge_remainder')).toBe(false);
      expect(report.rows.find((each) => each.kind === 'bridge_shop')?.severity).toBe('info');
      // The cash leg stays this counter's drawer's.
      expect(report.cash.every((line) => line.remainder.amount === 0)).toBe(true);
    }

    // The ledger out of reach: the orders no record here holds are not attributed, and it says why.
    await ledger.server.stop();
    try {
      const report = await reconcile(one, day);
      expect(report.shopLedger?.state).toBe('unreachable');
      expect(report.shopLedger?.problem).toMatch(/could not be reached/);
      const unattributed = report.exceptions.filter((each) => each.kind === 'unattributed');
      expect(unattributed.map((each) => each.orderReference).sort()).toEqual(
        [...ordersOf(two), lookalike].sort(),
      );
      expect(unattributed.every((each) => each.severity === 'warning' && /shop ledger/.test(each.note))).toBe(
        true,
      );
      expect(report.result).toBe('not_reconciled');
    } finally {
      await ledger.server.start();
    }
  });

  it("rules out of a lost top-up's candidates the order another counter of the shop holds", async () => {
    const ledger = await newLedger(server());
    // A provider that states each order's package, time and status (a lean one's rule nothing out).
    const one = (await joined(ledger, '1', {}, { faults: { answerStyle: 'tidy' } })).c;
    const two = (await joined(ledger, '2', { sim: one.sim })).c;
    const { iccid, option } = await rechargeableEsim(one);
    const lostTopUp = async (): Promise<{ lost: Extract<TopUp, { state: 'in_doubt' }>; theirs: string }> => {
      one.sim.setFaults({ hangNext: 1, paths: ['POST /topup/order'] });
      const first = one.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true });
      await eventually("the provider to hold counter 1's top-up", async () => {
        const faults = await control<{ hangNext: number }>(one.sim, 'GET', '/faults');
        return faults.hangNext === 0 || null;
      });
      // Counter 1's top-up hangs past its lease in the ledger (two minutes on by the ledger's clock):
      // counter 2's cashier, asked, tops up the same eSIM with the same package, and publishes it.
      await ledger.query(
        "UPDATE ledger.topup_leases SET taken_at = taken_at - interval '2 minutes', expires_at = expires_at - interval '2 minutes'",
      );
      one.clock.advance(10_000);
      const theirs = unwrap(
        await two.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
      );
      if (theirs.state !== 'completed' || !theirs.orderReference)
        throw new Error(`counter 2's top-up: ${theirs.state}`);
      await untilPublished(two, ledger);
      one.clock.advance(20_000);
      const lost = unwrap(await first);
      if (lost.state !== 'in_doubt') throw new Error(`counter 1's top-up: ${lost.state}`);
      return { lost, theirs: theirs.orderReference };
    };
    const searched = async (id: string): Promise<Extract<TopUp, { state: 'in_doubt' }>> =>
      eventually('the search of the lost top-up', async () => {
        const topUp = unwrap(await one.h.call<TopUp>('getTopUp', { id }));
        return topUp.state === 'in_doubt' && topUp.search ? topUp : null;
      });

    const { lost, theirs } = await lostTopUp();
    const found = await searched(lost.id);
    // Counter 2 holds that order, as the ledger's claim says: it is not counter 1's top-up.
    expect(found.search?.otherCountersChecked).toBe(true);
    expect(found.search?.orders.find((order) => order.orderReference === theirs)?.ruledOut).toEqual([
      'claimed_elsewhere',
    ]);
  });
});
