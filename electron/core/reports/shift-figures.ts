import type { CancelledLine, CashLine, TakingsLine } from '../../../shared/domain/shift-report';
import type { TenderMethod } from '../../../shared/domain/till';
import { addMinor, type Currency, type Money, minor, subtractMinor } from '../../../shared/money';
import type { Db } from '../journal/database';

/**
 * A shift's money, summed by SQLite over the shift's index ranges (`sales_by_shift` and
 * `topups_by_shift` cover every column summed, so no table row is read): takings, tenders and the
 * cash each currency of the drawer should hold. Nothing here reads a page of rows into memory; the
 * few grouped rows SQLite returns are folded per currency.
 */

interface GroupRow {
  state: string;
  currency: Currency;
  cost_currency: Currency | null;
  tender_method: TenderMethod | null;
  tender_currency: Currency | null;
  n: number;
  units: number;
  retail: number;
  cost: number | null;
  due: number | null;
  tendered: number | null;
  change: number | null;
}

const GROUPED = (table: 'sales' | 'topups', units: string, retail: string): string => `
  SELECT state, currency, cost_currency, tender_method, tender_currency, count(*) AS n, ${units} AS units,
    sum(${retail}) AS retail, sum(cost_minor) AS cost, sum(tender_due_minor) AS due,
    sum(tendered_minor) AS tendered, sum(change_minor) AS change
  FROM ${table} INDEXED BY ${table}_by_shift WHERE shift_id = ?
  GROUP BY state, currency, cost_currency, tender_method, tender_currency`;

const SALES = GROUPED('sales', 'sum(quantity)', 'retail_total_minor');
const TOPUPS = GROUPED('topups', 'count(*)', 'retail_minor');
const MOVEMENTS = `
  SELECT kind, reason, currency, count(*) AS n, sum(amount_minor) AS amount
  FROM cash_movements WHERE shift_id = ? GROUP BY kind, reason, currency`;

// A cancellation belongs to the shift whose drawer gave its cash back, else to the one it was made on;
// only one the provider confirmed counts (one in doubt or refused leaves the sale sold).
const CANCELLED_ON_SHIFT = `c.kind = 'cancellation' AND c.state = 'cancelled' AND coalesce(m.shift_id, c.shift_id) = ?`;
const CANCELLED = `
  SELECT s.currency AS currency, count(*) AS n, sum(s.retail_total_minor) AS retail
  FROM cancellations AS c JOIN sales AS s ON s.id = c.sale_id
    LEFT JOIN cash_movements AS m ON m.id = c.cash_movement_id
  WHERE ${CANCELLED_ON_SHIFT} GROUP BY s.currency ORDER BY s.currency`;
const CANCELLED_CASH_BACK = `
  SELECT c.cash_refund_currency AS currency, sum(c.cash_refund_minor) AS amount
  FROM cancellations AS c JOIN cash_movements AS m ON m.id = c.cash_movement_id
  WHERE ${CANCELLED_ON_SHIFT} GROUP BY c.cash_refund_currency ORDER BY c.cash_refund_currency`;

export interface TenderTotal {
  readonly method: TenderMethod;
  readonly currency: Currency;
  readonly count: number;
  readonly amount: Money;
}

export interface MovementTotal {
  readonly kind: 'pay_in' | 'pay_out' | 'refund';
  readonly reason: string;
  readonly currency: Currency;
  readonly count: number;
  readonly amount: Money;
}

export interface ShiftFigures {
  readonly sales: TakingsLine[];
  readonly topUps: TakingsLine[];
  readonly tenders: TenderTotal[];
  readonly untendered: number;
  readonly movements: MovementTotal[];
  readonly noSaleOpens: number;
  /** Per currency: opening float, cash in and out, and what the drawer should hold. */
  readonly cash: CashLine[];
}

/** Sums grouped by key, in first-seen order. */
class Totals<K> {
  private readonly map = new Map<string, { key: K; values: number[] }>();
  add(id: string, key: K, values: readonly number[]): void {
    const found = this.map.get(id);
    if (!found) this.map.set(id, { key, values: [...values] });
    else
      values.forEach((value, i) => {
        found.values[i] = (found.values[i] ?? 0) + value;
      });
  }
  entries(): { key: K; values: number[] }[] {
    return [...this.map.values()];
  }
}

function money(amount: number, currency: Currency): Money {
  return { amount: minor(amount), currency };
}

/** Completed records per currency: what was earned. Cost and margin count only a cost in that currency. */
function takings(rows: readonly GroupRow[]): TakingsLine[] {
  const totals = new Totals<Currency>();
  for (const row of rows) {
    if (row.state !== 'completed') continue;
    const cost = row.cost_currency === row.currency ? (row.cost ?? 0) : 0;
    totals.add(row.currency, row.currency, [row.n, row.units, row.retail, cost]);
  }
  return totals.entries().map(({ key, values: [count = 0, units = 0, retail = 0, cost = 0] }) => ({
    currency: key,
    count,
    units,
    retail: money(retail, key),
    cost: money(cost, key),
    margin: money(retail - cost, key),
  }));
}

/**
 * Figures of one shift, as of now. A failed sale or top-up charged nothing and its money went back to
 * the customer, so it counts nowhere; everything else taken (completed, pending, in doubt) is in the drawer.
 */
export function shiftFigures(
  db: Db,
  shiftId: string,
  opening: readonly Money[],
  drawerCurrencies: readonly Currency[],
): ShiftFigures {
  const sales = db.prepare(SALES).all(shiftId) as GroupRow[];
  const topUps = db.prepare(TOPUPS).all(shiftId) as GroupRow[];
  const tenders = new Totals<{ method: TenderMethod; currency: Currency }>();
  const cashIn = new Totals<Currency>();
  let untendered = 0;
  for (const row of [...sales, ...topUps]) {
    if (row.state === 'failed') continue;
    if (row.tender_method === null || row.tender_currency === null) {
      untendered += row.n;
      continue;
    }
    const currency = row.tender_currency;
    tenders.add(`${row.tender_method}:${currency}`, { method: row.tender_method, currency }, [
      row.n,
      row.due ?? 0,
    ]);
    if (row.tender_method === 'cash') cashIn.add(currency, currency, [row.tendered ?? 0, row.change ?? 0]);
  }
  const movementRows = db.prepare(MOVEMENTS).all(shiftId) as {
    kind: 'pay_in' | 'pay_out' | 'refund' | 'no_sale';
    reason: string | null;
    currency: Currency | null;
    n: number;
    amount: number | null;
  }[];
  const movements: MovementTotal[] = [];
  const moved = new Totals<Currency>();
  let noSaleOpens = 0;
  for (const row of movementRows) {
    if (row.kind === 'no_sale' || row.currency === null || row.reason === null) {
      noSaleOpens += row.n;
      continue;
    }
    const amount = row.amount ?? 0;
    movements.push({
      kind: row.kind,
      reason: row.reason,
      currency: row.currency,
      count: row.n,
      amount: money(amount, row.currency),
    });
    moved.add(row.currency, row.currency, [
      row.kind === 'pay_in' ? amount : 0,
      row.kind === 'pay_out' ? amount : 0,
      row.kind === 'refund' ? amount : 0,
    ]);
  }
  const currencies = orderedCurrencies(drawerCurrencies, [
    ...opening.map((each) => each.currency),
    ...cashIn.entries().map((each) => each.key),
    ...moved.entries().map((each) => each.key),
  ]);
  const cash = currencies.map((currency): CashLine => {
    const open = opening.find((each) => each.currency === currency)?.amount ?? minor(0);
    const [tendered = 0, change = 0] = cashIn.entries().find((each) => each.key === currency)?.values ?? [];
    const [payIns = 0, payOuts = 0, refunds = 0] =
      moved.entries().find((each) => each.key === currency)?.values ?? [];
    const expected = open + tendered - change - refunds + payIns - payOuts;
    return {
      currency,
      opening: money(open, currency),
      cashIn: money(tendered, currency),
      change: money(change, currency),
      refunds: money(refunds, currency),
      payIns: money(payIns, currency),
      payOuts: money(payOuts, currency),
      expected: money(expected, currency),
      counted: null,
      variance: null,
    };
  });
  return {
    sales: takings(sales),
    topUps: takings(topUps),
    tenders: tenders.entries().map(({ key, values: [count = 0, amount = 0] }) => ({
      ...key,
      count,
      amount: money(amount, key.currency),
    })),
    untendered,
    movements,
    noSaleOpens,
    cash,
  };
}

/**
 * The sales the provider cancelled on a shift, per currency of their price, with the shift's sales
 * takings net of them, and the cash its drawer gave back for them. That cash is already one of the
 * drawer's refunds (a `refund` movement): it is named here, never taken off the drawer again.
 */
export function cancelledOn(
  db: Db,
  shiftId: string,
  sales: readonly TakingsLine[],
): { readonly cancelled: CancelledLine[]; readonly cashBack: Money[] } {
  const rows = db.prepare(CANCELLED).all(shiftId) as { currency: Currency; n: number; retail: number }[];
  const cashBack = db.prepare(CANCELLED_CASH_BACK).all(shiftId) as { currency: Currency; amount: number }[];
  return {
    cancelled: rows.map((row) => {
      const takings = sales.find((line) => line.currency === row.currency)?.retail.amount ?? 0;
      return {
        currency: row.currency,
        count: row.n,
        retail: money(row.retail, row.currency),
        net: money(takings - row.retail, row.currency),
      };
    }),
    cashBack: cashBack.map((row) => money(row.amount, row.currency)),
  };
}

/** The drawer's currencies first, in the shop's order, then any other that money moved in. */
function orderedCurrencies(drawer: readonly Currency[], seen: readonly Currency[]): Currency[] {
  return [...new Set([...drawer, ...seen])];
}

/** Counted against expected, per currency: what the count found beyond (or short of) what was expected. */
export function withCount(cash: readonly CashLine[], counted: readonly Money[]): CashLine[] {
  const currencies = orderedCurrencies(
    cash.map((line) => line.currency),
    counted.map((line) => line.currency),
  );
  return currencies.map((currency) => {
    const line = cash.find((each) => each.currency === currency) ?? emptyLine(currency);
    const count = counted.find((each) => each.currency === currency) ?? null;
    const expected = line.expected ?? money(0, currency);
    return {
      ...line,
      counted: count,
      variance: count ? { amount: subtractMinor(count.amount, expected.amount), currency } : null,
    };
  });
}

function emptyLine(currency: Currency): CashLine {
  const zero = money(0, currency);
  return {
    currency,
    opening: zero,
    cashIn: zero,
    change: zero,
    refunds: zero,
    payIns: zero,
    payOuts: zero,
    expected: zero,
    counted: null,
    variance: null,
  };
}

/** Sum of amounts per currency. */
export function sumByCurrency(amounts: readonly Money[]): Money[] {
  const totals = new Map<Currency, Money>();
  for (const each of amounts) {
    const before = totals.get(each.currency)?.amount ?? minor(0);
    totals.set(each.currency, { amount: addMinor(before, each.amount), currency: each.currency });
  }
  return [...totals.values()];
}
