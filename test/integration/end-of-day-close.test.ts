import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index';
import type { Sale } from '../../shared/domain/sale';
import type { Shift } from '../../shared/domain/shift';
import type { ShiftReport } from '../../shared/domain/shift-report';
import { minor } from '../../shared/money';
import { unwrap } from '../support/core-harness';
import {
  ALICE_PIN,
  cashOf,
  count,
  hireStaff,
  iqd,
  noteFor,
  openShift,
  sell,
  sellInDinars,
  setDinarRate,
  signInManager,
  usd,
  xReport,
} from './end-of-day-support';
import { type Counter, charges, cheapest, ledger, SEED, startCounter } from './money-support';

let counter: Counter | null = null;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await counter?.close();
  counter = null;
  for (const close of closers.splice(0)) await close();
});

type Closed = { shift: Shift; report: ShiftReport };

describe('closing the day', () => {
  it('closes offline, carrying pending and in-doubt sales forward with the cash held for them', async () => {
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    counter = await startCounter({}, { sim });
    const { h, packages } = counter;
    await hireStaff(h);
    const pkg = cheapest(packages);
    await openShift(h, [usd(2000)]);
    const cash = { method: 'cash' as const, tendered: pkg.retail.amount };
    expect((await sell(h, pkg, cash)).state).toBe('completed');
    sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
    const pending = await sell(h, pkg, cash);
    expect(pending.state).toBe('pending');
    // The order's answer is lost, and so is the order list the counter reads at once to settle it.
    sim.setFaults({ pendingRate: 0, dropAfterCommitRate: 1, paths: ['POST /esims/order', 'GET /orders'] });
    const inDoubt = await sell(h, pkg, cash);
    expect(inDoubt.state).toBe('in_doubt');
    await sim.close();

    // The provider is gone: counting and closing are the journal's business alone.
    const expected = 2000 + 3 * pkg.retail.amount;
    const { countId, lines } = await count(h, [usd(expected)]);
    expect(lines[0]?.withinTolerance).toBe(true);
    const { report } = unwrap(await h.call<Closed>('closeShift', { countId }));
    expect(cashOf(report, 'USD')).toMatchObject({
      expected: usd(expected),
      counted: usd(expected),
      variance: usd(0),
    });
    expect(report.sales).toEqual([expect.objectContaining({ count: 1, retail: pkg.retail })]);
    expect(report.carriedForward.map((each) => [each.id, each.state, each.amount])).toEqual([
      [pending.id, 'pending', pkg.retail],
      [inDoubt.id, 'in_doubt', pkg.retail],
    ]);
    expect(report.cashHeld).toEqual([usd(2 * pkg.retail.amount)]);
  });

  it('force-closes a shift as not counted, never as zero, and lists its later count on the next Z', async () => {
    counter = await startCounter();
    const { h, packages } = counter;
    const staff = await hireStaff(h);
    const pkg = cheapest(packages);
    await openShift(h, [usd(3000)]);
    await sell(h, pkg, { method: 'cash', tendered: pkg.retail.amount });
    expect(
      await h.call('forceCloseShift', {
        reason: 'Alice went home',
        approval: { ...staff.approval, pin: '1111' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'PIN_INVALID' } });
    const forced = unwrap(
      await h.call<Closed>('forceCloseShift', { reason: 'Alice went home', approval: staff.approval }),
    );
    const expected = 3000 + pkg.retail.amount;
    expect(forced.shift).toMatchObject({ state: 'not_counted', zNumber: 1, countedLater: false });
    expect(forced.report).toMatchObject({
      counted: false,
      varianceReason: 'Alice went home',
      approvedBy: 'Manager',
    });
    expect(cashOf(forced.report, 'USD')).toMatchObject({
      expected: usd(expected),
      counted: null,
      variance: null,
    });

    const later = unwrap(
      await h.call<Shift>('countClosedShift', {
        shiftId: forced.shift.id,
        counts: [{ currency: 'USD', amount: expected - 200 }],
        approval: staff.approval,
      }),
    );
    expect(later).toMatchObject({ state: 'not_counted', countedLater: true });
    expect(
      await h.call('countClosedShift', {
        shiftId: forced.shift.id,
        counts: [{ currency: 'USD', amount: expected }],
        approval: staff.approval,
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    // The stored Z read back by a manager: the same Z, figures and all.
    await signInManager(h, staff);
    expect(unwrap(await h.call('getZReport', { shiftId: forced.shift.id }))).toEqual(forced.report);
    unwrap(await h.call('signIn', { cashierId: staff.alice.id, pin: ALICE_PIN }));

    await openShift(h, [usd(expected - 200)]);
    const { countId } = await count(h, [usd(expected - 200)]);
    const next = unwrap(await h.call<Closed>('closeShift', { countId }));
    expect(next.report.zNumber).toBe(2);
    expect(next.report.floatDifference).toEqual([usd(0)]);
    expect(next.report.corrections).toEqual([
      expect.objectContaining({
        kind: 'late_count',
        shiftId: forced.shift.id,
        zNumber: 1,
        amount: usd(expected - 200),
        expected: usd(expected),
        approvedBy: 'Manager',
      }),
    ]);
  });

  it('records a correction of a closed Z as a new record on the next report, leaving that Z as it was', async () => {
    counter = await startCounter();
    const { h } = counter;
    const staff = await hireStaff(h);
    const first = await openShift(h, [usd(1000)]);
    expect(
      await h.call('correctShift', {
        shiftId: first.id,
        amount: usd(100),
        reason: 'x',
        approval: staff.approval,
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    const z1 = unwrap(await h.call<Closed>('closeShift', { countId: (await count(h, [usd(1000)])).countId }));
    unwrap(
      await h.call('correctShift', {
        shiftId: first.id,
        amount: usd(200),
        reason: 'Two dollars found under the drawer',
        approval: staff.approval,
      }),
    );
    await openShift(h, [usd(1200)]);
    expect((await xReport(h)).corrections).toEqual([
      expect.objectContaining({ kind: 'adjustment', zNumber: 1, amount: usd(200), expected: null }),
    ]);
    const z2 = unwrap(await h.call<Closed>('closeShift', { countId: (await count(h, [usd(1200)])).countId }));
    expect(z2.report.corrections.map((line) => line.reason)).toEqual(['Two dollars found under the drawer']);
    expect(unwrap(await h.call('getZReport', { shiftId: first.id }))).toEqual(z1.report);
    await openShift(h, [usd(1200)]);
    const z3 = unwrap(await h.call<Closed>('closeShift', { countId: (await count(h, [usd(1200)])).countId }));
    expect(z3.report.zNumber).toBe(3);
    expect(z3.report.corrections).toEqual([]);
  });

  it('keeps IQD and USD apart in one drawer, pricing in dinars at the rate of the day', async () => {
    counter = await startCounter();
    const { h, packages, sim } = counter;
    const staff = await hireStaff(h);
    const pkg = cheapest(packages);
    await sellInDinars(h, staff.approval);
    await openShift(h, [usd(5000), iqd(250_000)]);
    const noRate = await h.call<Sale>('sell', {
      packageCode: pkg.code,
      quantity: 1,
      tender: { method: 'cash', tendered: 100_000 },
    });
    expect(noRate).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    expect(unwrap(await h.call<{ sales: Sale[] }>('listSales', {})).sales).toEqual([]);
    expect(charges((await ledger(sim)).entries)).toEqual([]);

    const rate = await setDinarRate(h, staff.approval);
    expect(rate).toMatchObject({ buyPer100: 131_000, sellPer100: 132_000 });
    // At 1,320 a dollar, rounded half up to the dinar and then up to a payable 250 (the dinar's default step).
    const due = iqd(Math.ceil(Math.round((pkg.retail.amount * 1320) / 100) / 250) * 250);
    const inDinars = await sell(h, pkg, { method: 'cash', tendered: minor(noteFor(due)) });
    expect(inDinars.tender).toEqual({
      method: 'cash',
      due,
      tendered: iqd(noteFor(due)),
      change: iqd(noteFor(due) - due.amount),
      ratePer100: 132_000,
    });
    const inDollars = await sell(h, pkg, { method: 'cash', currency: 'USD', tendered: pkg.retail.amount });
    expect(inDollars.tender).toMatchObject({ due: pkg.retail, ratePer100: null });
    unwrap(await h.call('moveCash', { kind: 'pay_out', reason: 'expense', amount: iqd(1000), note: 'Tea' }));

    const usdExpected = 5000 + pkg.retail.amount;
    const iqdExpected = 250_000 + due.amount - 1000;
    const counted = await count(h, [iqd(iqdExpected), usd(usdExpected)]);
    expect(counted.lines.map((line) => [line.currency, line.withinTolerance])).toEqual([
      ['USD', true],
      ['IQD', true],
    ]);
    const { report } = unwrap(await h.call<Closed>('closeShift', { countId: counted.countId }));
    expect(report.cash.map((line) => [line.currency, line.expected, line.variance])).toEqual([
      ['USD', usd(usdExpected), usd(0)],
      ['IQD', iqd(iqdExpected), iqd(0)],
    ]);
    expect(report.cash.map((line) => line.currency)).toEqual(['USD', 'IQD']);
    expect(cashOf(report, 'IQD')).toMatchObject({
      opening: iqd(250_000),
      payOuts: iqd(1000),
      counted: iqd(iqdExpected),
    });
    expect(report.tenders).toEqual(
      expect.arrayContaining([
        { method: 'cash', currency: 'IQD', count: 1, amount: due },
        { method: 'cash', currency: 'USD', count: 1, amount: pkg.retail },
      ]),
    );
    // Takings stay in the price's currency: the drawer's dinars are never turned into dollars.
    expect(report.sales).toEqual([expect.objectContaining({ currency: 'USD', count: 2 })]);
    expect(report.rates).toEqual([{ base: 'USD', quote: 'IQD', buyPer100: 131_000, sellPer100: 132_000 }]);
  });
});
