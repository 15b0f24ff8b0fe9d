import type { Currency } from '../../../shared/money';
import type { CsvCell } from './csv';

/** A journal row as SQLite returns it. */
type Row = Record<string, unknown>;

/** One column of an export: its header and how a row becomes its cell. */
export interface ExportColumn {
  readonly header: string;
  readonly cell: (row: Row) => CsvCell;
}

/**
 * One CSV file of an export. `sql` selects the rows of the period; `scope(shift, time)` is the
 * condition that keeps a row of the shift asked for or of the business days asked for (the row's
 * shift's day, or the day its time falls in when it has no shift). A new table of the journal
 * (reconciliation rows, say) is one more entry in EXPORT_TABLES.
 */
export interface ExportTable {
  readonly name: string;
  readonly sql: (scope: (shiftColumn: string, timeColumn: string) => string) => string;
  readonly columns: readonly ExportColumn[];
}

const text = (header: string, column: string = header): ExportColumn => ({
  header,
  cell: (row) => ({ text: row[column] === null || row[column] === undefined ? null : String(row[column]) }),
});

const count = (header: string, column: string = header): ExportColumn => ({
  header,
  cell: (row) => ({ count: typeof row[column] === 'number' ? row[column] : null }),
});

/** An amount in minor units, written as decimal text in the exponent of the currency in `currencyColumn`. */
const amount = (header: string, column: string, currencyColumn: string): ExportColumn => ({
  header,
  cell: (row) => ({
    amount: typeof row[column] === 'number' ? row[column] : null,
    currency: (row[currencyColumn] as Currency | null) ?? null,
  }),
});

const yesNo = (header: string, column: string): ExportColumn => ({
  header,
  cell: (row) => ({ text: row[column] === null ? null : row[column] === 1 ? 'yes' : 'no' }),
});

/** The Z number and the cashier's name of a record, looked up by id. */
const Z_OF = (shift: string): string => `(SELECT z_number FROM shifts WHERE id = ${shift})`;
const DAY_OF = (shift: string, time: string): string =>
  `coalesce((SELECT business_day FROM shifts WHERE id = ${shift}), business_day(${time}))`;
const NAME_OF = (cashier: string): string => `(SELECT name FROM cashiers WHERE id = ${cashier})`;

/** Columns every money record has: where and when it was made, and by whom. */
const ORIGIN: readonly ExportColumn[] = [
  text('business_day'),
  count('z_number'),
  text('cashier'),
  text('training_mode', 'training'),
];
const originSql = (table: string): string =>
  `${DAY_OF(`${table}.shift_id`, `${table}.created_at`)} AS business_day, ${Z_OF(`${table}.shift_id`)} AS z_number,
   ${NAME_OF(`${table}.cashier_id`)} AS cashier, CASE ${table}.training WHEN 1 THEN 'training' ELSE 'live' END AS training`;

/** A sale's or top-up's columns around what it sold: its receipt and origin, its times and state… */
const RECORD_HEAD: readonly ExportColumn[] = [
  count('receipt', 'receipt_number'),
  ...ORIGIN,
  text('created_at'),
  text('completed_at'),
  text('state'),
];
/** …and what the provider charged for it. */
const COST: readonly ExportColumn[] = [
  text('cost_currency'),
  amount('cost', 'cost_minor', 'cost_currency'),
  text('order_reference'),
];

/** The tender of a sale or top-up. */
const TENDER: readonly ExportColumn[] = [
  text('tender_method'),
  text('tender_currency'),
  amount('amount_due', 'tender_due_minor', 'tender_currency'),
  amount('tendered', 'tendered_minor', 'tender_currency'),
  amount('change', 'change_minor', 'tender_currency'),
];

export const EXPORT_TABLES: readonly ExportTable[] = [
  {
    name: 'sales',
    sql: (scope) => `SELECT sales.*, ${originSql('sales')},
        (SELECT group_concat(iccid, ' ') FROM sale_esims WHERE sale_id = sales.id) AS iccids
      FROM sales WHERE ${scope('sales.shift_id', 'sales.created_at')} ORDER BY sales.created_at, sales.rowid`,
    columns: [
      ...RECORD_HEAD,
      text('package_code'),
      text('package_name'),
      count('quantity'),
      text('currency'),
      amount('retail', 'retail_total_minor', 'currency'),
      ...COST,
      text('iccids'),
      ...TENDER,
    ],
  },
  {
    name: 'topups',
    sql: (scope) => `SELECT topups.*, ${originSql('topups')}
      FROM topups WHERE ${scope('topups.shift_id', 'topups.created_at')} ORDER BY topups.created_at, topups.rowid`,
    columns: [
      ...RECORD_HEAD,
      text('iccid'),
      text('package_code'),
      text('package_name'),
      text('currency'),
      amount('retail', 'retail_minor', 'currency'),
      ...COST,
      ...TENDER,
    ],
  },
  {
    name: 'cancellations',
    sql: (scope) => `SELECT cancellations.*, ${originSql('cancellations')},
        ${NAME_OF('cancellations.approved_by')} AS approver,
        CASE WHEN state = 'cancelled' AND refund_method = 'refund_request' THEN 1 ELSE 0 END AS in_transit
      FROM cancellations WHERE ${scope('cancellations.shift_id', 'cancellations.created_at')}
      ORDER BY cancellations.created_at, cancellations.rowid`,
    columns: [
      count('receipt', 'receipt_number'),
      count('original_receipt', 'original_receipt_number'),
      ...ORIGIN,
      text('created_at'),
      text('kind'),
      text('state'),
      text('reason'),
      text('approved_by', 'approver'),
      text('order_reference'),
      text('iccid'),
      text('refund_method'),
      text('provider_refund_currency'),
      amount('provider_refund', 'provider_refund_minor', 'provider_refund_currency'),
      yesNo('refund_in_transit', 'in_transit'),
      yesNo('recoverable', 'recoverable'),
      text('cash_refund_currency'),
      amount('cash_refund', 'cash_refund_minor', 'cash_refund_currency'),
    ],
  },
  {
    name: 'cash-movements',
    sql: (
      scope,
    ) => `SELECT m.*, ${DAY_OF('m.shift_id', 'm.at')} AS business_day, ${Z_OF('m.shift_id')} AS z_number,
        ${NAME_OF('m.cashier_id')} AS cashier, ${NAME_OF('m.approved_by')} AS approver
      FROM cash_movements m WHERE ${scope('m.shift_id', 'm.at')} ORDER BY m.at, m.rowid`,
    columns: [
      text('business_day'),
      count('z_number'),
      text('at'),
      text('kind'),
      text('reason'),
      text('currency'),
      amount('amount', 'amount_minor', 'currency'),
      text('note'),
      text('cashier'),
      text('approved_by', 'approver'),
    ],
  },
  {
    name: 'counts',
    sql: (
      scope,
    ) => `SELECT c.*, ${DAY_OF('c.shift_id', 'c.at')} AS business_day, ${Z_OF('c.shift_id')} AS z_number,
        ${NAME_OF('c.cashier_id')} AS cashier
      FROM drawer_counts c WHERE ${scope('c.shift_id', 'c.at')} ORDER BY c.at, c.rowid`,
    columns: [
      text('business_day'),
      count('z_number'),
      text('at'),
      text('purpose'),
      text('currency'),
      amount('amount', 'amount_minor', 'currency'),
      text('cashier'),
    ],
  },
  {
    // What the period left open, as it stands now: money taken for eSIMs not delivered, answers not
    // known, and refunds the provider owes.
    name: 'exceptions',
    sql: (scope) => `
      SELECT 'sale' AS record, receipt_number, ${DAY_OF('shift_id', 'created_at')} AS business_day, state,
          state_since AS since, currency, retail_total_minor AS amount_minor, order_reference
        FROM sales WHERE state NOT IN ('completed', 'failed') AND ${scope('shift_id', 'created_at')}
      UNION ALL
      SELECT 'topup', receipt_number, ${DAY_OF('shift_id', 'created_at')}, state, state_since, currency, retail_minor,
          order_reference
        FROM topups WHERE state NOT IN ('completed', 'failed') AND ${scope('shift_id', 'created_at')}
      UNION ALL
      SELECT 'cancellation', receipt_number, ${DAY_OF('shift_id', 'created_at')},
          CASE WHEN state = 'cancelled' THEN 'refund_in_transit' ELSE state END, updated_at,
          provider_refund_currency, provider_refund_minor, order_reference
        FROM cancellations
        WHERE (state IN ('intent', 'sent', 'unknown') OR (state = 'cancelled' AND refund_method = 'refund_request'))
          AND ${scope('shift_id', 'created_at')}
      ORDER BY since`,
    columns: [
      text('record'),
      count('receipt', 'receipt_number'),
      text('business_day'),
      text('state'),
      text('since'),
      text('currency'),
      amount('amount', 'amount_minor', 'currency'),
      text('order_reference'),
    ],
  },
];
