import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChain } from '../../electron/core/journal/chain-check';
import type { Cashier } from '../../shared/domain/cashier';
import type { CountResult, Shift } from '../../shared/domain/shift';
import type { ShiftReport } from '../../shared/domain/shift-report';
import type { TenderInput } from '../../shared/domain/till';
import { type Currency, type Money, minor, money } from '../../shared/money';
import {
  DAY_COUNTER,
  DAY_PIN,
  type Day,
  journalSale,
  type SaleOutcome,
  startDay,
} from './end-of-day-journal';

/**
 * The drawer's invariants, over random days: for every currency the expected cash is the float plus
 * every movement (as an independent model adds them up), Z numbers and the chain have no gaps, and a
 * Z computed again right after its close equals the stored one. Everything runs on a real journal
 * file through the same modules the core uses; only the provider is left out (sales are settled in
 * the journal the way the sale path settles them).
 */

const RATE_PER_100 = 132_000; // IQD per 100 USD

type Op =
  | {
      kind: 'sale';
      price: number;
      tender: 'none' | 'card' | 'cash_usd' | 'cash_iqd';
      extra: number;
      outcome: SaleOutcome;
    }
  | { kind: 'move'; move: 'pay_in' | 'pay_out' | 'refund'; currency: Currency; amount: number }
  | { kind: 'no_sale' }
  | { kind: 'switch' };

interface ShiftPlan {
  readonly floats: { USD: number; IQD: number };
  readonly ops: readonly Op[];
  /** What the count differs from the expected cash by, per currency; null closes it as not counted. */
  readonly miscount: { USD: number; IQD: number } | null;
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    price: fc.integer({ min: 50, max: 9_000 }),
    tender: fc.constantFrom('none' as const, 'card' as const, 'cash_usd' as const, 'cash_iqd' as const),
    extra: fc.integer({ min: 0, max: 5_000 }),
    outcome: fc.constantFrom(
      'completed' as const,
      'failed' as const,
      'pending' as const,
      'in_doubt' as const,
    ),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    move: fc.constantFrom('pay_in' as const, 'pay_out' as const, 'refund' as const),
    currency: fc.constantFrom('USD' as const, 'IQD' as const),
    amount: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.constant({ kind: 'no_sale' as const }),
  fc.constant({ kind: 'switch' as const }),
);

const shiftArb: fc.Arbitrary<ShiftPlan> = fc.record({
  floats: fc.record({ USD: fc.integer({ min: 0, max: 50_000 }), IQD: fc.integer({ min: 0, max: 500_000 }) }),
  ops: fc.array(opArb, { maxLength: 12 }),
  miscount: fc.option(
    fc.record({ USD: fc.integer({ min: -300, max: 300 }), IQD: fc.integer({ min: -3000, max: 3000 }) }),
    {
      freq: 4,
    },
  ),
});

/** The model: what each currency of the drawer should hold, added up from the plan alone. */
class DrawerModel {
  readonly cash = new Map<Currency, number>();
  constructor(floats: { USD: number; IQD: number }) {
    this.cash.set('USD', floats.USD);
    this.cash.set('IQD', floats.IQD);
  }
  add(currency: Currency, amount: number): void {
    this.cash.set(currency, (this.cash.get(currency) ?? 0) + amount);
  }
}

function tenderOf(op: Extract<Op, { kind: 'sale' }>): { input?: TenderInput; cash: Money | null } {
  switch (op.tender) {
    case 'none':
      return { cash: null };
    case 'card':
      return { input: { method: 'card' }, cash: null };
    case 'cash_usd':
      return {
        input: { method: 'cash', currency: 'USD', tendered: minor(op.price + op.extra) },
        cash: money(op.price, 'USD'),
      };
    case 'cash_iqd': {
      // An independent reading of "price in dinars at 1,320 per dollar, rounded half up".
      const due = Math.floor((op.price * RATE_PER_100) / 10_000 + 0.5);
      return {
        input: { method: 'cash', currency: 'IQD', tendered: minor(due + op.extra) },
        cash: money(due, 'IQD'),
      };
    }
  }
}

function runSale(day: Day, op: Extract<Op, { kind: 'sale' }>, model: DrawerModel): void {
  const { input, cash } = tenderOf(op);
  journalSale(day, money(op.price, 'USD'), input, op.outcome);
  // A failed sale charged nothing: the customer's money went back.
  if (cash && op.outcome !== 'failed') model.add(cash.currency, cash.amount);
}

async function runShift(
  day: Day,
  cashiers: readonly Cashier[],
  plan: ShiftPlan,
): Promise<{ shift: Shift; report: ShiftReport; model: DrawerModel }> {
  const model = new DrawerModel(plan.floats);
  await day.call.openShift({
    floats: [
      { currency: 'USD', amount: minor(plan.floats.USD) },
      { currency: 'IQD', amount: minor(plan.floats.IQD) },
    ],
  });
  let signedIn = 0;
  for (const op of plan.ops) {
    if (op.kind === 'sale') runSale(day, op, model);
    else if (op.kind === 'no_sale') await day.call.noSale({ note: '' });
    else if (op.kind === 'switch') {
      signedIn = (signedIn + 1) % cashiers.length;
      const next = cashiers[signedIn]!;
      await day.call.signIn({ cashierId: next.id, pin: next.usesManagerPin ? DAY_PIN : '1111' });
    } else {
      const move = day.call.moveCash({
        kind: op.move,
        reason: op.move === 'refund' ? 'customer_refund' : 'other',
        amount: money(op.amount, op.currency),
        note: 'property',
        approval: day.approval,
      });
      // Cash handed back is never more than the drawer should hold: such a refund is refused, and the
      // drawer stays as it was.
      if (op.move === 'refund' && op.amount > (model.cash.get(op.currency) ?? 0)) {
        await expect(move).rejects.toMatchObject({ code: 'INVALID_INPUT' });
        continue;
      }
      await move;
      model.add(op.currency, op.move === 'pay_in' ? op.amount : -op.amount);
    }
  }
  if (plan.miscount === null) {
    const closed = await day.call.forceCloseShift({ reason: 'not counted', approval: day.approval });
    return { ...closed, model };
  }
  const x = await day.call.getXReport({});
  const counts = (['USD', 'IQD'] as const).map((currency) => {
    const expected = x.cash.find((line) => line.currency === currency)?.expected?.amount ?? 0;
    return { currency, amount: minor(Math.max(0, expected + plan.miscount![currency])) };
  });
  const counted: CountResult = await day.call.countDrawer({ counts });
  const closed = await day.call.closeShift({
    countId: counted.countId,
    reason: 'property',
    approval: day.approval,
  });
  return { ...closed, model };
}

describe('end-of-day invariants', () => {
  it('expected cash is the float plus every movement; Z numbers and the chain have no gaps; a recomputed Z equals the stored one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(shiftArb, { minLength: 1, maxLength: 3 }), async (plans) => {
        const day = startDay();
        try {
          const alice = await day.call.addCashier({
            name: 'Alice',
            role: 'cashier',
            pin: '1111',
            approval: day.approval,
          });
          const cashiers = [day.manager, alice];
          await day.call.updateEndOfDaySettings({
            patch: { currencies: ['USD', 'IQD'] },
            approval: day.approval,
          });
          await day.call.setExchangeRate({
            base: 'USD',
            quote: 'IQD',
            buy: '1310',
            sell: '1320',
            per: 1,
            approval: day.approval,
          });
          await day.call.signIn({ cashierId: alice.id, pin: '1111' });
          const zNumbers: number[] = [];
          for (const plan of plans) {
            const { shift, report, model } = await runShift(day, cashiers, plan);
            for (const currency of ['USD', 'IQD'] as const) {
              const line = report.cash.find((each) => each.currency === currency);
              expect(line?.expected?.amount, currency).toBe(model.cash.get(currency));
              if (plan.miscount)
                expect(line?.variance?.amount).toBe(
                  (line?.counted?.amount ?? 0) - (line?.expected?.amount ?? 0),
                );
              else expect(line?.counted).toBeNull();
            }
            expect(day.eod.endOfDay.recomputeZ(shift.id)).toEqual(report);
            zNumbers.push(report.zNumber ?? 0);
          }
          expect(zNumbers).toEqual(plans.map((_, i) => i + 1));
          const seqs = (
            day.db.prepare('SELECT seq FROM chain WHERE counter_id = ? ORDER BY seq').all(DAY_COUNTER) as {
              seq: number;
            }[]
          ).map((row) => row.seq);
          expect(seqs).toEqual(seqs.map((_, i) => i + 1));
          expect(checkChain(day.db, DAY_COUNTER)).toMatchObject({ firstBreak: null, unlinked: [] });
        } finally {
          day.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
