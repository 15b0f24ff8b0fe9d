import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index';
import type { OwnerFigures, OwnerLine, OwnerView } from '../../shared/domain/owner-view';
import type { Sale } from '../../shared/domain/sale';
import type { Shift } from '../../shared/domain/shift';
import type { ShiftReport } from '../../shared/domain/shift-report';
import type { ShopDay } from '../../shared/domain/shop-day';
import { type CoreHarness, unwrap } from '../support/core-harness';
import { joinedCounter, newLedger, postgresPerFile, type TestLedger } from '../support/shop-ledger';
import { clockOf, startClockedSimulator } from '../support/test-clock';
import { BOB_PIN, cancelSale, count, sell, usd } from './end-of-day-support';
import { cheapest, forceRefundMethod, ledger, SEED, setBalance } from './money-support';
import {
  FLOAT,
  reconcileShop,
  type ShopCounter,
  shopCounterOpen,
  untilPublished,
} from './shop-ledger-support';

// The owner's view across shops: two shops on one simulator account and one real PostgreSQL ledger,
// read at a counter of one shop with the ledger owner's login, typed for the read.

const server = postgresPerFile();

/** Alice sells `byAlice` by card, then Bob `byBob`; Alice is signed in again after. */
async function sellAs(counter: ShopCounter, byAlice: number, byBob: number): Promise<Sale[]> {
  const { h } = counter.c;
  const sold: Sale[] = [];
  for (let i = 0; i < byAlice; i += 1)
    sold.push(await sell(h, cheapest(counter.c.packages), { method: 'card' }));
  unwrap(await h.call('signIn', { cashierId: counter.staff.bob.id, pin: BOB_PIN }));
  for (let i = 0; i < byBob; i += 1)
    sold.push(await sell(h, cheapest(counter.c.packages), { method: 'card' }));
  unwrap(await h.call('signIn', { cashierId: counter.staff.alice.id, pin: '1111' }));
  for (const sale of sold) expect(sale.state).toBe('completed');
  return sold;
}

/** Closes the shift at the float (every sale by card) and answers its Z. */
async function closedZ(counter: ShopCounter): Promise<ShiftReport> {
  const { h } = counter.c;
  const { countId } = await count(h, [usd(FLOAT)]);
  const { shift } = unwrap(await h.call<{ shift: Shift }>('closeShift', { countId }));
  return unwrap(await h.call<ShiftReport>('getZReport', { shiftId: shift.id }));
}

function ownerView(
  h: CoreHarness,
  counter: ShopCounter,
  day: string,
  login: { user: string; password: string },
) {
  return h.call<OwnerView>('getOwnerView', {
    day,
    ownerName: login.user,
    ownerPassword: login.password,
    approval: counter.staff.approval,
  });
}

/** Figures as the Z prints them: count and price per currency of sales, top-ups and cancelled sales. */
function zFigures(z: ShiftReport): OwnerFigures {
  return {
    sales: z.sales.map(({ currency, count: n, retail }) => ({ currency, count: n, amount: retail })),
    topUps: z.topUps.map(({ currency, count: n, retail }) => ({ currency, count: n, amount: retail })),
    cancelled: z.cancelled.map(({ currency, count: n, retail }) => ({ currency, count: n, amount: retail })),
  };
}

/** The sum of several figures, per currency. */
function summed(all: readonly OwnerFigures[]): OwnerFigures {
  const add = (lines: readonly OwnerLine[]): OwnerLine[] => {
    const by = new Map<string, OwnerLine>();
    for (const line of lines) {
      const held = by.get(line.currency);
      by.set(
        line.currency,
        held
          ? {
              currency: line.currency,
              count: held.count + line.count,
              amount: { ...held.amount, amount: (held.amount.amount + line.amount.amount) as never },
            }
          : line,
      );
    }
    return [...by.values()];
  };
  return {
    sales: add(all.flatMap((each) => each.sales)),
    topUps: add(all.flatMap((each) => each.topUps)),
    cancelled: add(all.flatMap((each) => each.cancelled)),
  };
}

async function twoShopsDay(testLedger: TestLedger) {
  const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  const front = await shopCounterOpen(testLedger, sim, '1');
  const back = await shopCounterOpen(testLedger, sim, '2');
  const quay = await shopCounterOpen(testLedger, sim, '1', false, 'Harbour');
  const frontSold = await sellAs(front, 2, 1);
  await sellAs(back, 1, 0);
  await sellAs(quay, 1, 2);
  await forceRefundMethod(sim, 'balance');
  const cancellation = unwrap(await cancelSale(front.c.h, frontSold[0]!.id, null, front.staff.approval));
  expect(cancellation.state).toBe('cancelled');
  const zs = [await closedZ(front), await closedZ(back), await closedZ(quay)];
  for (const counter of [front, back, quay]) await untilPublished(counter.c, testLedger);
  return { sim, front, back, quay, zs, day: front.day };
}

describe("the owner's view across shops", () => {
  it("adds up per shop, counter and cashier to each counter's own Z, and shows the stored shop day's open exceptions", async () => {
    const testLedger = await newLedger(server());
    const { sim, front, back, quay, zs, day } = await twoShopsDay(testLedger);
    try {
      // Money nobody entered reaches the account: Main street's day has a remainder to resolve.
      const { balanceMinor } = await ledger(sim);
      await setBalance(sim, (balanceMinor + 149) / 100);
      const shopDay = await reconcileShop(front, day);
      const remainder = shopDay.exceptions.find((exception) => exception.kind === 'bridge_remainder');
      expect(remainder?.amount).toEqual(usd(149));

      // Read at the Harbour's counter: the owner sees both shops.
      const view = unwrap(await ownerView(quay.c.h, quay, day, testLedger.owner));
      expect(view.day).toBe(day);
      expect(view.shops.map((shop) => [shop.name, shop.counters.map((counter) => counter.code)])).toEqual([
        ['Harbour', ['1']],
        ['Main street', ['1', '2']],
      ]);
      for (const shop of view.shops) {
        for (const counter of shop.counters) {
          const own = [...zs.values()].find((z) => z.counterId === counter.id);
          // Each counter's figures are its own Z's, and its cashiers' add up to them.
          expect(counter.figures).toEqual(zFigures(own!));
          expect(summed(counter.cashiers.map((cashier) => cashier.figures))).toEqual(counter.figures);
        }
        expect(summed(shop.counters.map((counter) => counter.figures))).toEqual(shop.figures);
      }
      const main = view.shops.find((shop) => shop.name === 'Main street')!;
      const mainFront = main.counters.find((counter) => counter.code === '1')!;
      expect(
        mainFront.cashiers.map(({ name, figures }) => [
          name,
          figures.sales[0]?.count,
          figures.cancelled.length,
        ]),
      ).toEqual([
        ['Alice', 2, 1],
        ['Bob', 1, 0],
      ]);
      expect(main.figures.sales[0]?.count).toBe(4);
      expect(main.figures.cancelled[0]?.count).toBe(1);

      // The shop day: Main street's stored run, its open exceptions those of the run; the Harbour not run.
      const open = (day: ShopDay) => day.exceptions.filter((exception) => exception.resolution === null);
      expect(main.shopDay).toMatchObject({ number: 1, result: shopDay.result, open: open(shopDay) });
      expect(main.shopDay?.open.map((exception) => exception.key)).toContain(remainder?.key);
      expect(view.shops.find((shop) => shop.name === 'Harbour')?.shopDay).toBeNull();

      // Resolved at the other counter of the shop: no longer open in the owner's view.
      const resolved = unwrap(
        await back.c.h.call<ShopDay>('resolveShopException', {
          firstDay: day,
          key: remainder?.key,
          classification: 'accepted',
          reason: 'A transfer from the bank, checked',
          approval: back.staff.approval,
        }),
      );
      const after = unwrap(await ownerView(front.c.h, front, day, testLedger.owner));
      const mainAfter = after.shops.find((shop) => shop.name === 'Main street')!;
      expect(mainAfter.shopDay?.open).toEqual(open(resolved));
      expect(mainAfter.shopDay?.open.map((exception) => exception.key)).not.toContain(remainder?.key);

      // Another day: nothing sold, no shop day.
      const other = unwrap(await ownerView(front.c.h, front, '2001-01-01', testLedger.owner));
      expect(other.shops.map((shop) => [shop.figures, shop.shopDay])).toEqual([
        [{ sales: [], topUps: [], cancelled: [] }, null],
        [{ sales: [], topUps: [], cancelled: [] }, null],
      ]);
    } finally {
      await sim.close();
    }
  }, 300_000);

  it("counts a shift's sales made days after it opened, as the shift's Z does", async () => {
    const testLedger = await newLedger(server());
    const sim = await startClockedSimulator({ port: 0, seed: SEED, balance: 500 });
    try {
      const front = await shopCounterOpen(testLedger, sim, '1');
      await sellAs(front, 1, 0);
      // The shift is left open over a long weekend: its next sale is three days later, still in it.
      clockOf(sim).advance(3 * 86_400_000);
      await sellAs(front, 1, 0);
      const z = await closedZ(front);
      await untilPublished(front.c, testLedger);
      expect(z.businessDay).toBe(front.day);
      expect(z.sales[0]?.count).toBe(2);
      const view = unwrap(await ownerView(front.c.h, front, front.day, testLedger.owner));
      const main = view.shops.find((shop) => shop.name === 'Main street');
      expect(main?.counters.map((counter) => counter.figures)).toEqual([zFigures(z)]);
    } finally {
      await sim.close();
    }
  }, 300_000);

  it("refuses a wrong password and a login that is not the owner's, saying so, and keeps the password nowhere", async () => {
    const testLedger = await newLedger(server());
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    try {
      const front = await shopCounterOpen(testLedger, sim, '1');
      const { h } = front.c;
      const wrong = { user: testLedger.owner.user, password: 'not-the-owners-password-1234' };
      const refused = await ownerView(h, front, front.day, wrong);
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'SHOP_LEDGER_REFUSED', details: { reason: 'credentials' } },
      });
      // A counter's own role sees its shop only: it is no owner.
      const counterRole = await joinedCounter(testLedger, {
        shop: 'Harbour',
        counterId: 'C-SPARE',
        code: '9',
        name: 'Spare',
      });
      const notOwner = await ownerView(h, front, front.day, counterRole.login);
      expect(notOwner).toMatchObject({
        ok: false,
        error: { code: 'SHOP_LEDGER_REFUSED', details: { reason: 'not_owner' } },
      });
      // Without the manager's approval, nothing is read.
      const unapproved = await h.call('getOwnerView', {
        day: front.day,
        ownerName: testLedger.owner.user,
        ownerPassword: testLedger.owner.password,
        approval: { managerId: front.staff.manager.id, pin: '0000' },
      });
      expect(unapproved).toMatchObject({ ok: false, error: { code: 'PIN_INVALID' } });
      expect(unwrap(await ownerView(h, front, front.day, testLedger.owner)).shops).toHaveLength(2);

      // The passwords typed reach no error, no log line and no byte of the journal.
      const passwords = [wrong.password, testLedger.owner.password, counterRole.login.password];
      const said = JSON.stringify([refused, notOwner, unapproved]) + h.logLines.join('\n');
      const journal = readFileSync(join(front.c.dataDir, 'journal.sqlite'));
      const wal = (() => {
        try {
          return readFileSync(join(front.c.dataDir, 'journal.sqlite-wal'));
        } catch {
          return Buffer.alloc(0);
        }
      })();
      for (const password of passwords) {
        expect(said.includes(password)).toBe(false);
        expect(journal.includes(password)).toBe(false);
        expect(wal.includes(password)).toBe(false);
      }
    } finally {
      await sim.close();
    }
  }, 300_000);
});
