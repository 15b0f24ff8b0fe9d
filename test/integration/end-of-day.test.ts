import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain/sale';
import type { Shift, TillView } from '../../shared/domain/shift';
import type { ShiftReport } from '../../shared/domain/shift-report';
import { minor } from '../../shared/money';
import { unwrap } from '../support/core-harness';
import {
  ALICE_PIN,
  BOB_PIN,
  cashOf,
  count,
  hireStaff,
  noteFor,
  openShift,
  sell,
  usd,
  xReport,
} from './end-of-day-support';
import { type Counter, cheapest, startCounter } from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

async function start(): Promise<Counter> {
  counter = await startCounter();
  return counter;
}

describe('a shift from its float to its Z', () => {
  it('counts cash with change, a pay-out and a card sale; the X hides the expected cash from a cashier', async () => {
    const { h, packages } = await start();
    const staff = await hireStaff(h);
    const pkg = cheapest(packages);
    await openShift(h, [usd(10_000)]);

    const tendered = noteFor(pkg.retail);
    const cash = await sell(h, pkg, { method: 'cash', tendered: minor(tendered) });
    expect(cash.state).toBe('completed');
    expect(cash).toMatchObject({ cashierId: staff.alice.id, shiftId: expect.any(String) });
    expect(cash.tender).toEqual({
      method: 'cash',
      due: pkg.retail,
      tendered: usd(tendered),
      change: usd(tendered - pkg.retail.amount),
      ratePer100: null,
    });
    const card = await sell(h, pkg, { method: 'card' });
    expect(card.tender).toMatchObject({ method: 'card', due: pkg.retail, change: usd(0) });
    unwrap(
      await h.call('moveCash', { kind: 'pay_out', reason: 'expense', amount: usd(500), note: 'Cleaning' }),
    );
    unwrap(await h.call('noSale', { note: 'Change for a customer' }));

    const x = await xReport(h);
    expect(x.kind).toBe('x');
    expect(x.expectedHidden).toBe(true);
    expect(cashOf(x, 'USD')).toMatchObject({ opening: usd(10_000), expected: null, counted: null });
    expect(x.sales).toEqual([
      expect.objectContaining({ currency: 'USD', count: 2, units: 2, retail: usd(pkg.retail.amount * 2) }),
    ]);
    expect(x.tenders).toEqual(
      expect.arrayContaining([
        { method: 'cash', currency: 'USD', count: 1, amount: pkg.retail },
        { method: 'card', currency: 'USD', count: 1, amount: pkg.retail },
      ]),
    );
    expect(x.noSaleOpens).toBe(1);

    // Expected: float + the cash sale's price (tendered less change) − the pay-out.
    const expected = 10_000 + pkg.retail.amount - 500;
    // The cashier counts blind: what was expected is on the Z, once the count is final.
    const counted = await count(h, [usd(expected - 50)]);
    expect(counted.lines).toEqual([
      { currency: 'USD', counted: usd(expected - 50), expected: null, variance: null, withinTolerance: true },
    ]);
    expect(counted.approvalNeeded).toBe(false);
    const closed = unwrap(
      await h.call<{ shift: Shift; report: ShiftReport }>('closeShift', { countId: counted.countId }),
    );
    expect(closed.shift).toMatchObject({ state: 'closed', zNumber: 1, closedBy: staff.alice.id });
    const z = closed.report;
    expect(z).toMatchObject({ kind: 'z', zNumber: 1, counted: true, expectedHidden: false, untendered: 0 });
    expect(cashOf(z, 'USD')).toEqual({
      currency: 'USD',
      opening: usd(10_000),
      cashIn: usd(tendered),
      change: usd(tendered - pkg.retail.amount),
      refunds: usd(0),
      payIns: usd(0),
      payOuts: usd(500),
      expected: usd(expected),
      counted: usd(expected - 50),
      variance: usd(-50),
    });
    expect(z.movements).toEqual([
      { kind: 'pay_out', reason: 'expense', currency: 'USD', count: 1, amount: usd(500) },
    ]);
    expect(z.cashiers.map((each) => each.name)).toEqual(['Alice']);
    expect(z.chainHead?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(unwrap(await h.call('getZReport', { shiftId: closed.shift.id }))).toEqual(z);
  });

  it('refuses to edit or remove a closed shift, its counts, its Z or a completed sale', async () => {
    const c = await start();
    await hireStaff(c.h);
    await openShift(c.h, [usd(1000)]);
    const sale = await sell(c.h, cheapest(c.packages), { method: 'card' });
    const { countId } = await count(c.h, [usd(1000)]);
    const { shift } = unwrap(await c.h.call<{ shift: Shift }>('closeShift', { countId }));
    await c.restart(() => {
      const db = new Database(join(c.dataDir, 'journal.sqlite'));
      try {
        expect(() =>
          db.prepare(`UPDATE shifts SET opened_by = opened_by WHERE id = ?`).run(shift.id),
        ).toThrow(/never edited/);
        expect(() => db.prepare('DELETE FROM shifts WHERE id = ?').run(shift.id)).toThrow(/never deleted/);
        expect(() => db.prepare('UPDATE drawer_counts SET amount_minor = 0').run()).toThrow(/never edited/);
        expect(() => db.prepare('DELETE FROM z_reports').run()).toThrow(/never deleted/);
        expect(() => db.prepare('UPDATE sales SET retail_total_minor = 1 WHERE id = ?').run(sale.id)).toThrow(
          /never edited/,
        );
        expect(() => db.prepare('DELETE FROM sales WHERE id = ?').run(sale.id)).toThrow(/never deleted/);
        expect(() => db.prepare('DELETE FROM chain').run()).toThrow(/never deleted/);
      } finally {
        db.close();
      }
    });
  });
});

describe('permissions', () => {
  it('lets anyone pay in, and asks a manager for a large pay-out, a refund and a variance above the tolerance', async () => {
    const { h, packages } = await start();
    const staff = await hireStaff(h);
    await openShift(h, [usd(20_000)]);
    unwrap(await h.call('moveCash', { kind: 'pay_in', reason: 'change_float', amount: usd(5000) }));
    const big = { kind: 'pay_out', reason: 'owner_drop', amount: usd(6000) };
    expect((await h.call('moveCash', big)).ok).toBe(false);
    const asCashier = await h.call('moveCash', {
      ...big,
      approval: { managerId: staff.alice.id, pin: ALICE_PIN },
    });
    expect(asCashier).toMatchObject({ ok: false, error: { code: 'PIN_INVALID' } });
    const wrongPin = await h.call('moveCash', { ...big, approval: { ...staff.approval, pin: '9999' } });
    expect(wrongPin).toMatchObject({ ok: false, error: { code: 'PIN_INVALID' } });
    const approved = unwrap(
      await h.call<{ approvedBy: string }>('moveCash', { ...big, approval: staff.approval }),
    );
    expect(approved.approvedBy).toBe(staff.manager.id);
    const refund = { kind: 'refund', reason: 'customer_refund', amount: usd(100), note: 'Sale 12' };
    expect(await h.call('moveCash', refund)).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    unwrap(await h.call('moveCash', { ...refund, approval: staff.approval }));
    await sell(h, cheapest(packages), { method: 'transfer' });

    // Expected: 200 + 50 − 60 − 1 = 189.00; counted 180.00 is 9.00 short, above the 1.00 tolerance.
    const counted = await count(h, [usd(18_000)]);
    expect(counted.lines[0]).toMatchObject({ expected: null, variance: null, withinTolerance: false });
    expect(counted.approvalNeeded).toBe(true);
    const noReason = await h.call('closeShift', { countId: counted.countId });
    expect(noReason).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    const noManager = await h.call('closeShift', { countId: counted.countId, reason: 'Paid the courier' });
    expect(noManager).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    const { report } = unwrap(
      await h.call<{ report: ShiftReport }>('closeShift', {
        countId: counted.countId,
        reason: 'Paid the courier',
        approval: staff.approval,
      }),
    );
    expect(report).toMatchObject({ varianceReason: 'Paid the courier', approvedBy: 'Manager' });
    expect(cashOf(report, 'USD')).toMatchObject({ expected: usd(18_900), variance: usd(-900) });
    expect(cashOf(report, 'USD')).toMatchObject({ payIns: usd(5000), payOuts: usd(6000), refunds: usd(100) });
  });

  it('keeps a count above the tolerance: a recount needs a manager, and the Z lists both counts', async () => {
    const { h } = await start();
    const staff = await hireStaff(h);
    await openShift(h, [usd(10_000)]);
    const short = await count(h, [usd(9_481)]);
    expect(short).toMatchObject({
      approvalNeeded: true,
      lines: [{ withinTolerance: false, expected: null }],
    });

    // Counted again to the cent the drawer should hold: within the tolerance, and still not the cashier's alone.
    const again = await count(h, [usd(10_000)]);
    expect(again).toMatchObject({ approvalNeeded: true, lines: [{ withinTolerance: true, expected: null }] });
    expect(await h.call('closeShift', { countId: again.countId })).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED' },
    });
    expect(
      await h.call('closeShift', { countId: again.countId, reason: 'Miscounted the fives' }),
    ).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    const { report } = unwrap(
      await h.call<{ report: ShiftReport }>('closeShift', {
        countId: again.countId,
        reason: 'Miscounted the fives',
        approval: staff.approval,
      }),
    );
    expect(report).toMatchObject({ varianceReason: 'Miscounted the fives', approvedBy: 'Manager' });
    expect(report.counts).toEqual([
      { at: expect.any(String), countedBy: 'Alice', lines: [{ counted: usd(9_481), variance: usd(-519) }] },
      { at: expect.any(String), countedBy: 'Alice', lines: [{ counted: usd(10_000), variance: usd(0) }] },
    ]);
    expect(unwrap(await h.call('getZReport', { shiftId: report.shiftId }))).toEqual(report);
    for (const [language, first, second] of [
      ['en', 'Count 1', 'Count 2'],
      ['ar', 'العدّ 1', 'العدّ 2'],
    ] as const) {
      const { html } = unwrap(
        await h.call<{ html: string }>('renderShiftReport', {
          kind: 'z',
          shiftId: report.shiftId,
          paper: '80',
          language,
        }),
      );
      expect(html).toContain(first);
      expect(html).toContain(second);
    }
  });

  it('lets a cashier close on a count within the tolerance with no manager', async () => {
    const { h } = await start();
    await hireStaff(h);
    await openShift(h, [usd(10_000)]);
    const close = await count(h, [usd(9_950)]);
    expect(close.approvalNeeded).toBe(false);
    const { report } = unwrap(
      await h.call<{ report: ShiftReport }>('closeShift', { countId: close.countId }),
    );
    expect(report.counts).toHaveLength(1);
  });

  it('names the field a refusal is about and its problem, and whose PIN was wrong', async () => {
    const { h } = await start();
    const staff = await hireStaff(h);
    await openShift(h, [usd(10_000)]);
    const noNote = await h.call('moveCash', {
      kind: 'pay_out',
      reason: 'other',
      amount: usd(100),
      note: ' ',
    });
    expect(noNote).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { issues: [{ path: 'note', problem: 'reason_needed' }] } },
    });
    const zero = await h.call('moveCash', { kind: 'pay_in', reason: 'change_float', amount: usd(0) });
    expect(zero).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { issues: [{ path: 'amount', problem: 'not_above_zero' }] } },
    });
    const missing = await h.call('countDrawer', { counts: [usd(10_000), usd(5)] });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { issues: [{ path: 'counts', problem: 'counted_twice' }] } },
    });
    const wrong = await h.call('signIn', { cashierId: staff.bob.id, pin: '0000' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'PIN_INVALID', details: { cashier: 'Bob' } } });
    unwrap(await h.call('updateCashier', { id: staff.bob.id, active: false, approval: staff.approval }));
    const left = await h.call('signIn', { cashierId: staff.bob.id, pin: BOB_PIN });
    expect(left).toMatchObject({
      ok: false,
      error: { code: 'PIN_INVALID', details: { cashier: 'Bob', inactive: true } },
    });
  });

  it('keeps a cashier locked out after wrong PINs across a restart, and chains every wrong PIN', async () => {
    const c = await start();
    const staff = await hireStaff(c.h);
    for (const pin of ['0000', '0001', '0002']) {
      expect(await c.h.call('signIn', { cashierId: staff.bob.id, pin })).toMatchObject({
        ok: false,
        error: { code: 'PIN_INVALID' },
      });
    }
    const h = await c.restart();
    const locked = await h.call('signIn', { cashierId: staff.bob.id, pin: BOB_PIN });
    expect(locked).toMatchObject({
      ok: false,
      error: { code: 'PIN_INVALID', details: { retryAfterSeconds: expect.any(Number) } },
    });
    const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
    try {
      const failures = db
        .prepare(`SELECT count(*) AS n FROM chain WHERE kind = 'pin.failed' AND subject = ?`)
        .get(staff.bob.id);
      expect(failures).toEqual({ n: 3 });
    } finally {
      db.close();
    }
  });

  it('refuses a sale while no shift is open, once the shop requires one', async () => {
    const { h, packages } = await start();
    const staff = await hireStaff(h);
    unwrap(
      await h.call('updateEndOfDaySettings', { patch: { requireOpenShift: true }, approval: staff.approval }),
    );
    const refused = await h.call<Sale>('sell', { packageCode: cheapest(packages).code, quantity: 1 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    expect(unwrap(await h.call<{ sales: Sale[] }>('listSales', {})).sales).toEqual([]);
    await openShift(h, [usd(0)]);
    expect((await sell(h, cheapest(packages), { method: 'card' })).state).toBe('completed');
  });
});

describe('hand-over', () => {
  it('puts two cashiers on one shift, then offers the counted cash as the next float and shows a difference', async () => {
    const { h, packages } = await start();
    const staff = await hireStaff(h);
    const pkg = cheapest(packages);
    const first = await openShift(h, [usd(5000)]);
    const byAlice = await sell(h, pkg, { method: 'cash', tendered: pkg.retail.amount });
    const switched = unwrap(await h.call<TillView>('signIn', { cashierId: staff.bob.id, pin: BOB_PIN }));
    expect(switched.cashier?.name).toBe('Bob');
    expect(switched.shift?.id).toBe(first.id);
    const byBob = await sell(h, pkg, { method: 'cash', tendered: pkg.retail.amount });
    expect([byAlice.cashierId, byBob.cashierId]).toEqual([staff.alice.id, staff.bob.id]);
    expect(byBob.shiftId).toBe(first.id);

    const total = 5000 + 2 * pkg.retail.amount;
    const { countId } = await count(h, [usd(total)]);
    const { report } = unwrap(await h.call<{ report: ShiftReport }>('closeShift', { countId }));
    expect(report.cashiers.map((each) => each.name).sort()).toEqual(['Alice', 'Bob']);
    expect(report.closedBy).toBe('Bob');

    const till = unwrap(await h.call<TillView>('getTill'));
    expect(till.shift).toBeNull();
    expect(till.lastCount).toEqual([usd(total)]);
    const second = await openShift(h, [usd(total - 100)]);
    expect(second.previousShiftId).toBe(first.id);
    expect((await xReport(h)).floatDifference).toEqual([usd(-100)]);
  });
});
