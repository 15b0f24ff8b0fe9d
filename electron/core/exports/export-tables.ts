import type { ReconcileKind } from '../../../shared/domain/reconciliation';
import type { Currency } from '../../../shared/money';
import { receiptNumberText, zNumberText } from '../../../shared/printed-numbers';
import { CASH_KINDS } from '../pos/manager-figures';
import { type CsvCell, timeCells } from './csv';

/** A journal row as SQLite returns it. */
type Row = Record<string, unknown>;

/** What every cell of an export is written with. */
export interface ExportContext {
  /** The shop's time zone: times are written in it. */
  readonly timeZone: string;
  /**
   * The code a counter prints its receipt and Z numbers with, by the counter's id (null: a counter in
   * no shop ledger). Every row carries its counter's id, so one file can hold a whole shop's rows.
   */
  readonly codeOf: (counterId: string) => string | null;
  /** Whether a manager's figures (MANAGER_FIGURES) are written: a cashier's export has no such columns. */
  readonly managerFigures: boolean;
}

/** One column of an export: its header and how a row becomes its cell. */
export interface ExportColumn {
  readonly header: string;
  readonly cell: (row: Row, context: ExportContext) => CsvCell;
  /** A manager's figure: left out of a cashier's export, header and all. */
  readonly figure?: true;
}

/** Which rows of the journal an export keeps, as SQL conditions on a row's columns. */
export interface ExportScopeSql {
  /**
   * A money record of the shift asked for or of the business days asked for (the row's shift's day,
   * or the day its time falls in when it has no shift).
   */
  readonly record: (shiftColumn: string, timeColumn: string) => string;
  /**
   * A reconciliation period (first and last business day) inside the days asked for: for a Z, the
   * period of its business day alone; for a range, every period that lies within it.
   */
  readonly period: (firstDayColumn: string, lastDayColumn: string) => string;
}

/**
 * One CSV file of an export. `sql` selects the rows of the period under `scope`'s conditions. A new
 * table of the journal is one more entry in EXPORT_TABLES.
 */
export interface ExportTable {
  readonly name: string;
  readonly sql: (scope: ExportScopeSql) => string;
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

/**
 * A moment as two columns in the shop's time zone (see timeCells): `header` with its offset, and
 * `header_local` as Excel and LibreOffice read a date and time.
 */
const time = (header: string, column: string = header): readonly ExportColumn[] => [
  { header, cell: (row, { timeZone }) => timeCells(row[column], timeZone)[0] },
  { header: `${header}_local`, cell: (row, { timeZone }) => timeCells(row[column], timeZone)[1] },
];

/** The code of the row's counter (`counter_id`, which every export's rows carry). */
const codeOfRow = (row: Row, { codeOf }: ExportContext): string | null => codeOf(String(row.counter_id));

/**
 * The first column of every file: the counter the row is of. In a shop ledger, its short code, the
 * one its receipts print with; a counter on its own prints no code, so its id names it, as its files'
 * names and its journal's check do.
 */
export const COUNTER: ExportColumn = {
  header: 'counter',
  cell: (row, context) => ({ text: codeOfRow(row, context) ?? String(row.counter_id) }),
};

/**
 * A receipt or Z number: as the paper prints it (`2-000123`, `Z2-000017`) at a counter in a shop
 * ledger, where it names one receipt of the shop; the bare number at a counter on its own.
 */
const numbered =
  (print: (value: number, counterCode: string) => string) =>
  (header: string, column: string = header): ExportColumn => ({
    header,
    cell: (row, context) => {
      const value = row[column];
      if (typeof value !== 'number') return { count: null };
      const counterCode = codeOfRow(row, context);
      return counterCode === null ? { count: value } : { text: print(value, counterCode) };
    },
  });
const receipt = numbered(receiptNumberText);
const zNumber = numbered(zNumberText);

const yesNo = (header: string, column: string): ExportColumn => ({
  header,
  cell: (row) => ({ text: row[column] === null ? null : row[column] === 1 ? 'yes' : 'no' }),
});

/** The Z number and the cashier's name of a record, looked up by id. */
const Z_OF = (shift: string): string => `(SELECT z_number FROM shifts WHERE id = ${shift})`;
/**
 * A record's business day: its shift's, or the day its time falls in by the shop's time zone and
 * cut-off, which every export statement binds as @timeZone and @dayCutOff (see Exporter).
 */
export const DAY_OF = (shift: string, time: string): string =>
  `coalesce((SELECT business_day FROM shifts WHERE id = ${shift}), business_day(${time}, @timeZone, @dayCutOff))`;
const NAME_OF = (cashier: string): string => `(SELECT name FROM cashiers WHERE id = ${cashier})`;

/** Columns every money record has: where and when it was made, and by whom. */
const ORIGIN: readonly ExportColumn[] = [
  text('business_day'),
  zNumber('z_number'),
  text('cashier'),
  text('training_mode', 'training'),
];
const originSql = (table: string): string =>
  `${DAY_OF(`${table}.shift_id`, `${table}.created_at`)} AS business_day, ${Z_OF(`${table}.shift_id`)} AS z_number,
   ${NAME_OF(`${table}.cashier_id`)} AS cashier, CASE ${table}.training WHEN 1 THEN 'training' ELSE 'live' END AS training`;

/** A sale's or top-up's columns around what it sold: its receipt and origin, its times and state… */
const RECORD_HEAD: readonly ExportColumn[] = [
  receipt('receipt', 'receipt_number'),
  ...ORIGIN,
  ...time('created_at'),
  ...time('completed_at'),
  text('state', 'record_state'),
];
/** A manager's figure (ExportColumn.figure). */
const figure = (column: ExportColumn): ExportColumn => ({ ...column, figure: true });

/** …and what the provider charged for it (a manager's), and its order. */
const COST: readonly ExportColumn[] = [
  figure(text('cost_currency')),
  figure(amount('cost', 'cost_minor', 'cost_currency')),
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

/**
 * What became of a sale's cancellation, beside the sale: a sale the provider cancelled reads
 * `cancelled` in `state` (it is no longer sold), and `cancellation` says `cancelled`, `in_doubt` (sent,
 * its answer not known yet) or `refused` (the provider kept the sale). `cancelled_at` is when the
 * provider's cancel was recorded; the refund is the cash handed back to the customer from the drawer.
 */
const SALE_CANCELLATION_SQL = `CASE cancellation.state WHEN 'cancelled' THEN 'cancelled' ELSE sales.state END AS record_state,
  CASE cancellation.state WHEN 'cancelled' THEN 'cancelled' WHEN 'refused' THEN 'refused'
    WHEN 'intent' THEN 'in_doubt' WHEN 'sent' THEN 'in_doubt' WHEN 'unknown' THEN 'in_doubt' END AS cancellation,
  cancellation.receipt_number AS cancellation_receipt,
  CASE cancellation.state WHEN 'cancelled' THEN coalesce(cancellation.settled_at, cancellation.updated_at) END
    AS cancelled_at,
  CASE WHEN cancellation.cash_movement_id IS NOT NULL THEN cancellation.cash_refund_currency END AS refund_currency,
  CASE WHEN cancellation.cash_movement_id IS NOT NULL THEN cancellation.cash_refund_minor END AS refund_minor`;
const SALE_CANCELLATION: readonly ExportColumn[] = [
  text('cancellation'),
  receipt('cancellation_receipt'),
  ...time('cancelled_at'),
  text('refund_currency'),
  amount('refund', 'refund_minor', 'refund_currency'),
];

/** The money records of the journal. */
const JOURNAL_TABLES: readonly ExportTable[] = [
  {
    name: 'sales',
    // A sale's cancellation: the one the provider did not refuse, else its latest refusal.
    sql: (scope) => `SELECT sales.*, ${originSql('sales')},
        (SELECT group_concat(iccid, ' ') FROM sale_esims WHERE sale_id = sales.id) AS iccids,
        ${SALE_CANCELLATION_SQL}
      FROM sales
      LEFT JOIN cancellations AS cancellation ON cancellation.rowid = (
        SELECT rowid FROM cancellations WHERE sale_id = sales.id ORDER BY state = 'refused', rowid DESC LIMIT 1)
      WHERE ${scope.record('sales.shift_id', 'sales.created_at')} ORDER BY sales.created_at, sales.rowid`,
    columns: [
      ...RECORD_HEAD,
      ...SALE_CANCELLATION,
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
    sql: (scope) => `SELECT topups.*, topups.state AS record_state, ${originSql('topups')}
      FROM topups WHERE ${scope.record('topups.shift_id', 'topups.created_at')} ORDER BY topups.created_at, topups.rowid`,
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
      FROM cancellations WHERE ${scope.record('cancellations.shift_id', 'cancellations.created_at')}
      ORDER BY cancellations.created_at, cancellations.rowid`,
    columns: [
      receipt('receipt', 'receipt_number'),
      receipt('original_receipt', 'original_receipt_number'),
      ...ORIGIN,
      ...time('created_at'),
      text('kind'),
      text('state'),
      text('reason'),
      text('approved_by', 'approver'),
      text('order_reference'),
      text('iccid'),
      text('refund_method'),
      // What the provider gives back is the refund of a cost: a manager's.
      figure(text('provider_refund_currency')),
      figure(amount('provider_refund', 'provider_refund_minor', 'provider_refund_currency')),
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
      FROM cash_movements m WHERE ${scope.record('m.shift_id', 'm.at')} ORDER BY m.at, m.rowid`,
    columns: [
      text('business_day'),
      zNumber('z_number'),
      ...time('at'),
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
      FROM drawer_counts c WHERE ${scope.record('c.shift_id', 'c.at')} ORDER BY c.at, c.rowid`,
    columns: [
      text('business_day'),
      zNumber('z_number'),
      ...time('at'),
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
      SELECT counter_id, 'sale' AS record, receipt_number, ${DAY_OF('shift_id', 'created_at')} AS business_day, state,
          state_since AS since, currency, retail_total_minor AS amount_minor, order_reference
        FROM sales WHERE state IN (SELECT value FROM json_each(@openSales))
          AND ${scope.record('shift_id', 'created_at')}
      UNION ALL
      SELECT counter_id, 'topup', receipt_number, ${DAY_OF('shift_id', 'created_at')}, state, state_since, currency, retail_minor,
          order_reference
        FROM topups WHERE state IN (SELECT value FROM json_each(@openTopUps))
          AND ${scope.record('shift_id', 'created_at')}
      UNION ALL
      SELECT counter_id, 'cancellation', receipt_number, ${DAY_OF('shift_id', 'created_at')},
          CASE WHEN state = 'cancelled' THEN 'refund_in_transit' ELSE state END, updated_at,
          provider_refund_currency, provider_refund_minor, order_reference
        FROM cancellations
        WHERE (state IN (SELECT value FROM json_each(@openCancellations))
            OR (state = 'cancelled' AND refund_method = 'refund_request'))
          AND ${scope.record('shift_id', 'created_at')}
      ORDER BY since`,
    columns: [
      text('record'),
      receipt('receipt', 'receipt_number'),
      text('business_day'),
      text('state'),
      ...time('since'),
      text('currency'),
      amount('amount', 'amount_minor', 'currency'),
      text('order_reference'),
    ],
  },
];

/** Each reconciled period's latest run (the one the Reconcile screen shows), training and live apart. */
const LATEST_RUNS = `latest AS (
  SELECT run.* FROM reconciliation_runs AS run
  WHERE NOT EXISTS (SELECT 1 FROM reconciliation_runs AS later
    WHERE later.first_day = run.first_day AND later.last_day = run.last_day AND later.training = run.training
      AND later.account_ref = run.account_ref AND later.rowid > run.rowid))`;

/** Fields of one reconciliation row kept in a run's report (ReconcileRow), by its json_each alias. */
const rowFields = (row: string): string => `
  json_extract(${row}.value, '$.key') AS key, json_extract(${row}.value, '$.kind') AS kind,
  json_extract(${row}.value, '$.severity') AS severity,
  json_extract(${row}.value, '$.orderReference') AS order_reference,
  json_extract(${row}.value, '$.record.kind') AS record, json_extract(${row}.value, '$.record.receiptNumber') AS receipt,
  json_extract(${row}.value, '$.journalState') AS journal_state,
  json_extract(${row}.value, '$.journalCost.currency') AS journal_currency,
  json_extract(${row}.value, '$.journalCost.amount') AS journal_cost,
  json_extract(${row}.value, '$.providerStatus') AS provider_status,
  json_extract(${row}.value, '$.providerAmount.currency') AS provider_currency,
  json_extract(${row}.value, '$.providerAmount.amount') AS provider_amount,
  json_extract(${row}.value, '$.providerCreatedAt') AS provider_created_at,
  (SELECT group_concat(json_extract(candidate.value, '$.receiptNumber'), ' ')
     FROM json_each(${row}.value, '$.candidates') AS candidate) AS candidates,
  json_extract(${row}.value, '$.amount.currency') AS row_currency,
  json_extract(${row}.value, '$.amount.amount') AS row_amount,
  json_extract(${row}.value, '$.packageName') AS package,
  json_extract(${row}.value, '$.note') AS note`;

/**
 * A column a cashier reads only on the rows whose amount is the drawer's cash: on every other row it
 * is a cost, a refund of one or the bridge's (manager-figures.ts), left empty in a cashier's file.
 */
const cashForCashier = (column: ExportColumn): ExportColumn => ({
  header: column.header,
  cell: (row, context) =>
    context.managerFigures || CASH_KINDS.has(row.kind as ReconcileKind)
      ? column.cell(row, context)
      : { text: null },
});

/** A reconciliation row's columns: what it is, the journal's side and the provider's side. */
const RECONCILE_ROW: readonly ExportColumn[] = [
  text('kind'),
  text('severity'),
  text('order_reference'),
  text('record'),
  receipt('receipt'),
  text('journal_state'),
  figure(text('journal_currency')),
  figure(amount('journal_cost', 'journal_cost', 'journal_currency')),
  text('provider_status'),
  figure(text('provider_currency')),
  figure(amount('provider_amount', 'provider_amount', 'provider_currency')),
  ...time('provider_created_at'),
  text('candidate_receipts', 'candidates'),
  cashForCashier(text('currency', 'row_currency')),
  cashForCashier(amount('amount', 'row_amount', 'row_currency')),
  text('package'),
  cashForCashier(text('note')),
];

const PERIOD: readonly ExportColumn[] = [
  text('first_day'),
  text('last_day'),
  text('training_mode', 'training'),
];
const TRAINING_OF = (run: string): string =>
  `CASE ${run}.training WHEN 1 THEN 'training' ELSE 'live' END AS training`;

/**
 * The reconciliation with the provider as the accountant reads it: every row of each period's latest
 * run, and every exception any run found with its age and how a manager resolved it.
 */
const RECONCILIATION_TABLES: readonly ExportTable[] = [
  {
    name: 'reconciliation',
    sql: (scope) => `WITH ${LATEST_RUNS}
      SELECT latest.counter_id, latest.first_day, latest.last_day, ${TRAINING_OF('latest')}, latest.run_at, latest.result,
          latest.confirmed_at, ${rowFields('row')}
        FROM latest, json_each(latest.report_json, '$.rows') AS row
        WHERE ${scope.period('latest.first_day', 'latest.last_day')}
        ORDER BY latest.first_day, latest.last_day, latest.training, row.key`,
    columns: [
      ...PERIOD,
      ...time('run_at'),
      text('run_result', 'result'),
      ...time('confirmed_at'),
      ...RECONCILE_ROW,
    ],
  },
  {
    // An exception stays in the file after the latest run stops finding it (a pending sale settled,
    // say), marked so: its age and its resolution are evidence too.
    name: 'reconciliation-exceptions',
    sql: (scope) => `WITH ${LATEST_RUNS}
      SELECT run.counter_id, run.first_day, run.last_day, ${TRAINING_OF('run')}, exception.first_seen_at, ${rowFields('row')},
          CASE WHEN resolution.exception_key IS NOT NULL THEN 'resolved'
            WHEN EXISTS (SELECT 1 FROM latest, json_each(latest.report_json, '$.rows') AS now
              WHERE latest.first_day = run.first_day AND latest.last_day = run.last_day
                AND latest.training = run.training AND latest.account_ref = run.account_ref
                AND json_extract(now.value, '$.key') = exception.key) THEN 'open'
            ELSE 'no_longer_found' END AS status,
          resolution.at AS resolved_at, ${NAME_OF('resolution.resolved_by')} AS resolved_by,
          resolution.classification, resolution.reason
        FROM reconciliation_exceptions AS exception
        JOIN reconciliation_runs AS run ON run.id = exception.first_run_id
        JOIN json_each(run.report_json, '$.rows') AS row ON json_extract(row.value, '$.key') = exception.key
        LEFT JOIN reconciliation_resolutions AS resolution ON resolution.exception_key = exception.key
        WHERE ${scope.period('run.first_day', 'run.last_day')}
        ORDER BY run.first_day, run.last_day, CASE exception.severity WHEN 'critical' THEN 0 ELSE 1 END,
          exception.first_seen_at, exception.key`,
    columns: [
      ...PERIOD,
      ...time('first_seen_at'),
      text('status'),
      ...RECONCILE_ROW,
      ...time('resolved_at'),
      text('resolved_by'),
      text('classification'),
      text('reason'),
    ],
  },
];

/** Every file of an export, each row first naming its counter. */
export const EXPORT_TABLES: readonly ExportTable[] = [...JOURNAL_TABLES, ...RECONCILIATION_TABLES].map(
  (table) => ({ ...table, columns: [COUNTER, ...table.columns] }),
);
