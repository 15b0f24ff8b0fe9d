import type { Cashier } from '../../../shared/domain/cashier';
import type { Shift } from '../../../shared/domain/shift';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import type { ExchangeRate } from '../../../shared/domain/till';
import { type Currency, type MinorUnits, type Money, minor, subtractMinor } from '../../../shared/money';
import { chainHead } from '../journal/chain';
import type { Db } from '../journal/database';
import { OPEN_STATE_PARAMS } from '../journal/state-rows';
import { cancelledOn, type ShiftFigures, shiftFigures, sumByCurrency, withCount } from './shift-figures';
import type { ZJournal } from './z-journal';

const CARRIED_FORWARD = `
  SELECT 'sale' AS kind, id, receipt_number, state, coalesce(tender_currency, currency) AS currency,
    coalesce(tender_due_minor, retail_total_minor) AS amount, created_at, shift_id
  FROM sales WHERE state IN (SELECT value FROM json_each(@openSales)) AND counter_id = @counter
  UNION ALL
  SELECT 'topup', id, receipt_number, state, coalesce(tender_currency, currency), coalesce(tender_due_minor, retail_minor),
    created_at, shift_id
  FROM topups WHERE state IN (SELECT value FROM json_each(@openTopUps)) AND counter_id = @counter
  ORDER BY created_at`;

/** Who made records on a shift: who opened and closed it, who signed in during it, who moved cash. */
const SHIFT_CASHIERS = `
  SELECT opened_by AS id FROM shifts WHERE id = @shift
  UNION SELECT closed_by FROM shifts WHERE id = @shift AND closed_by IS NOT NULL
  UNION SELECT subject FROM chain WHERE shift_id = @shift AND kind = 'cashier.signed_in'
  UNION SELECT cashier_id FROM cash_movements WHERE shift_id = @shift AND cashier_id IS NOT NULL`;

export interface ReportRequest {
  readonly kind: 'x' | 'z';
  readonly shift: Shift;
  readonly generatedAt: string;
  readonly drawerCurrencies: readonly Currency[];
  readonly rates: readonly Pick<ExchangeRate, 'base' | 'quote' | 'buyPer100' | 'sellPer100'>[];
  readonly cashierName: (id: string) => Cashier | null;
  /** False for an X read by a cashier who counts blind: the expected amounts are left out. */
  readonly expectedVisible: boolean;
  /** The Z's close: its count (null when force-closed as not counted), reason and approver. */
  readonly close: {
    readonly counted: readonly Money[] | null;
    readonly varianceReason: string | null;
    readonly approvedBy: string | null;
  } | null;
  /** What the previous shift on the drawer counted (null when there is none, or it was never counted). */
  readonly previousCount: readonly Money[] | null;
  /** Every closing count of the shift so far, oldest first. */
  readonly counts: readonly {
    readonly at: string;
    readonly cashierId: string | null;
    readonly lines: readonly Money[];
  }[];
  /** The corrections this report lists: id in (after, through]. */
  readonly corrections: { readonly after: number; readonly through: number };
}

/**
 * An X or Z report of one shift, computed in SQL from the journal as it stands. The Z's numbers
 * come from the same computation as the X's, so a Z re-computed right after its close equals the
 * stored one (the property tests check this).
 */
export function computeShiftReport(db: Db, zJournal: ZJournal, request: ReportRequest): ShiftReport {
  const { shift, close } = request;
  const figures: ShiftFigures = shiftFigures(db, shift.id, shift.opening, request.drawerCurrencies);
  const cancellations = cancelledOn(db, shift.id, figures.sales);
  const counted = close?.counted ?? null;
  const cash = counted ? withCount(figures.cash, counted) : figures.cash;
  const open = carriedForward(db, shift.counterId);
  const name = (id: string | null): string | null =>
    id === null ? null : (request.cashierName(id)?.name ?? id);
  const cashiers = (db.prepare(SHIFT_CASHIERS).all({ shift: shift.id }) as { id: string }[])
    .map((row) => request.cashierName(row.id))
    .filter((cashier): cashier is Cashier => cashier !== null)
    .map((cashier) => ({ id: cashier.id, name: cashier.name, role: cashier.role }));
  return {
    kind: request.kind,
    zNumber: request.kind === 'z' ? shift.zNumber : null,
    counterId: shift.counterId,
    shiftId: shift.id,
    drawer: shift.drawer,
    state: shift.state,
    businessDay: shift.businessDay,
    openedAt: shift.openedAt,
    closedAt: shift.closedAt,
    generatedAt: request.generatedAt,
    openedBy: name(shift.openedBy) ?? shift.openedBy,
    closedBy: name(shift.closedBy),
    cashiers,
    sales: figures.sales,
    topUps: figures.topUps,
    cancelled: cancellations.cancelled,
    cancelledCashBack: cancellations.cashBack,
    tenders: figures.tenders,
    untendered: figures.untendered,
    cash: request.expectedVisible ? cash : cash.map((line) => ({ ...line, expected: null, variance: null })),
    movements: figures.movements.map((line) => ({
      ...line,
      reason: line.reason as ShiftReport['movements'][number]['reason'],
    })),
    counts: request.counts.map((count) => ({
      at: count.at,
      countedBy: name(count.cashierId),
      lines: count.lines.map((line) => {
        const expected = figures.cash.find((each) => each.currency === line.currency)?.expected;
        const variance = expected ? subtractMinor(line.amount, expected.amount) : line.amount;
        return {
          counted: line,
          variance: request.expectedVisible ? { amount: variance, currency: line.currency } : null,
        };
      }),
    })),
    varianceReason: close?.varianceReason ?? null,
    approvedBy: name(close?.approvedBy ?? null),
    counted: request.kind === 'x' || counted !== null,
    expectedHidden: !request.expectedVisible,
    floatDifference: floatDifference(shift.opening, request.previousCount),
    noSaleOpens: figures.noSaleOpens,
    reprints: reprints(db, shift.id),
    carriedForward: open,
    cashHeld: sumByCurrency(open.map((each) => each.amount)),
    corrections: zJournal
      .between(shift.counterId, request.corrections.after, request.corrections.through)
      .map((line) => ({ ...line, approvedBy: name(line.approvedBy) })),
    rates: request.rates.map(({ base, quote, buyPer100, sellPer100 }) => ({
      base,
      quote,
      buyPer100,
      sellPer100,
    })),
    chainHead: chainHead(db, shift.counterId),
  };
}

/** Sales and top-ups of the counter still waiting for their eSIM, whatever shift took their money. */
function carriedForward(db: Db, counterId: string): ShiftReport['carriedForward'] {
  const rows = db.prepare(CARRIED_FORWARD).all({
    counter: counterId,
    // Open: money was taken for an eSIM (or a top-up) the customer does not have yet.
    ...OPEN_STATE_PARAMS,
  }) as {
    kind: 'sale' | 'topup';
    id: string;
    receipt_number: number;
    state: string;
    currency: Currency;
    amount: number;
    created_at: string;
    shift_id: string | null;
  }[];
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    receiptNumber: row.receipt_number,
    state: row.state,
    amount: { amount: minor(row.amount), currency: row.currency },
    createdAt: row.created_at,
    shiftId: row.shift_id,
  }));
}

function reprints(db: Db, shiftId: string): number {
  const row = db
    .prepare(`SELECT count(*) AS n FROM chain WHERE shift_id = ? AND kind = 'receipt.copy'`)
    .get(shiftId) as { n: number };
  return row.n;
}

/**
 * The float this shift opened with against what the previous shift on the drawer counted: a
 * hand-over that does not match shows here.
 */
function floatDifference(opening: readonly Money[], previous: readonly Money[] | null): Money[] {
  if (!previous) return [];
  const currencies = [...new Set([...opening, ...previous].map((each) => each.currency))];
  const amountIn = (list: readonly Money[], currency: Currency): MinorUnits =>
    list.find((each) => each.currency === currency)?.amount ?? minor(0);
  return currencies.map((currency) => ({
    amount: subtractMinor(amountIn(opening, currency), amountIn(previous, currency)),
    currency,
  }));
}
