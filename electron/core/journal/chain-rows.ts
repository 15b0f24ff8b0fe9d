import type { Db } from './database';

/**
 * Which money rows a chain link holds, by the version of the record it writes. A link holds the rows
 * its record is about as the change left them, so the check can tell a row edited behind the
 * journal's back. Each version's rules are kept as they were written: an older link is read by the
 * rules of its version, and a column added to a table later breaks no link.
 */

/** A table whose rows a record holds: the column its subject names, and the columns that are facts. */
export interface RowTable {
  readonly table: string;
  readonly key: string;
  readonly columns: readonly string[];
}

/** What a record of one kind holds: its own row (or rows), then the rows that belong to it. */
export interface RecordRows {
  readonly own: RowTable;
  readonly belonging: readonly RowTable[];
}

/**
 * What a record holds of its rows: its own table's rows (`rows`, an array in every version, so a
 * reader of any version finds a sale's row at `rows[0]`), and from version 2 the rows that belong to
 * it, by table (`belonging`, only for a kind that has such rows).
 */
export interface HeldRows {
  readonly rows: unknown[];
  readonly belonging?: Record<string, unknown[]>;
}

export interface ChainRowRules {
  /** The rows a record of `kind` is about; null for a record about no money row. */
  rowsOf(kind: string): RecordRows | null;
  /**
   * The rows of `subject` as a record of this version holds them, read as they stand now; its own row
   * taken from `own` when given (the row a change returned, keyed by `id`), not read again.
   */
  read(db: Db, rows: RecordRows, subject: string, own?: WrittenRow): HeldRows;
}

/** A row as the statement that changed it returned it (`RETURNING *`), and the table it is in. */
export interface WrittenRow {
  readonly table: string;
  readonly row: object;
}

/**
 * The subject's own rows: the one `written` holds when it is the subject's row of that table (a table
 * keyed by its `id` has one), otherwise read.
 */
function ownRows(db: Db, own: RowTable, subject: string, written: WrittenRow | undefined): unknown[] {
  const row = written?.table === own.table ? (written.row as Readonly<Record<string, unknown>>) : null;
  if (row?.id !== subject || own.key !== 'id') return tableRows(db, own, subject);
  return [Object.fromEntries(own.columns.map((column) => [column, row[column]]))];
}

/** The rows of `subject` in one table, in the order they were written. */
function tableRows(db: Db, { table, key, columns }: RowTable, subject: string): unknown[] {
  return db
    .prepare(`SELECT ${columns.join(', ')} FROM ${table} WHERE ${key} = ? ORDER BY rowid`)
    .all(subject) as unknown[];
}

const own = (table: string, key: string, columns: readonly string[]): RecordRows => ({
  own: { table, key, columns },
  belonging: [],
});

// Version 1: the sale, top-up and drawer records of the end of day, each the rows of one table.
// Never changed.

const V1_ORIGIN = ['id', 'state', 'counter_id', 'cashier_id', 'shift_id', 'training', 'receipt_number'];
const V1_MONEY = ['cost_minor', 'cost_currency', 'order_reference', 'created_at', 'completed_at'];
const V1_TENDER = [
  'tender_method',
  'tender_currency',
  'tender_due_minor',
  'tendered_minor',
  'change_minor',
  'rate_per_100_minor',
];
const V1_SHIFT = [
  'id',
  'counter_id',
  'drawer',
  'state',
  'business_day',
  'opened_at',
  'opened_by',
  'previous_shift_id',
  'closed_at',
  'closed_by',
  'closing_count_id',
  'variance_reason',
  'approved_by',
  'z_number',
];
const V1_CASH = [
  'id',
  'shift_id',
  'kind',
  'reason',
  'currency',
  'amount_minor',
  'note',
  'counter_id',
  'cashier_id',
  'approved_by',
  'at',
];
const V1_COUNT = ['count_id', 'shift_id', 'purpose', 'currency', 'amount_minor', 'denominations_json', 'at'];
const V1_CORRECTION = [
  'id',
  'kind',
  'shift_id',
  'currency',
  'amount_minor',
  'expected_minor',
  'reason',
  'approved_by',
  'at',
];
const V1_Z = ['counter_id', 'z_number', 'shift_id', 'report_json', 'corrections_through', 'created_at'];
const V1_RATE = [
  'id',
  'base',
  'quote',
  'buy_per_100_minor',
  'sell_per_100_minor',
  'business_day',
  'set_by',
  'at',
];
const V1_CASHIER = ['id', 'name', 'role', 'active'];

const V1_SALE = [
  ...V1_ORIGIN,
  'package_code',
  'quantity',
  'idempotency_key',
  'currency',
  'retail_unit_minor',
  'retail_total_minor',
  ...V1_MONEY,
  ...V1_TENDER,
];
const V1_TOPUP = [
  ...V1_ORIGIN,
  'iccid',
  'package_code',
  'currency',
  'retail_minor',
  'quoted_cost_minor',
  ...V1_MONEY,
  ...V1_TENDER,
];

/** Version 1's rows, by the prefix of a record's kind (`sale.completed` → the sale). */
const V1_ROWS: Record<string, RecordRows> = {
  sale: own('sales', 'id', V1_SALE),
  topup: own('topups', 'id', V1_TOPUP),
  shift: own('shifts', 'id', V1_SHIFT),
  cash: own('cash_movements', 'id', V1_CASH),
  count: own('drawer_counts', 'count_id', V1_COUNT),
  correction: own('corrections', 'id', V1_CORRECTION),
  z: own('z_reports', 'shift_id', V1_Z),
  rate: own('exchange_rates', 'id', V1_RATE),
  cashier: own('cashiers', 'id', V1_CASHIER),
};

const prefixOf = (kind: string): string => kind.split('.', 1)[0] ?? '';

const V1: ChainRowRules = {
  rowsOf: (kind) => (Object.hasOwn(V1_ROWS, prefixOf(kind)) ? (V1_ROWS[prefixOf(kind)] ?? null) : null),
  read: (db, rows, subject) => ({ rows: tableRows(db, rows.own, subject) }),
};

// Version 2: every money record a shop keeps (cancellations and their refunds, provider deposits,
// balance readings, reconciliation runs with the exceptions they found, resolutions) and every field
// a receipt, a report or an export prints; a sale's eSIMs and a run's first exceptions as the rows
// that belong to it. Never an install code: a link is evidence that may leave the counter, and the
// codes stay under the install codes' rule (sales/install-codes.ts).

/** Version 2's row rules; exported so the check can name the tables every row must have a link in. */
export const V2_ROWS = {
  sale: {
    own: {
      table: 'sales',
      key: 'id',
      columns: [...V1_SALE, 'package_name', 'account_ref', 'state_since'],
    },
    // What a receipt prints of each eSIM, and what the provider reported of it; not its LPA string,
    // activation code or install links.
    belonging: [
      {
        table: 'sale_esims',
        key: 'sale_id',
        columns: [
          'position',
          'iccid',
          'smdp_address',
          'status',
          'total_volume_bytes',
          'validity_days',
          'expires_at',
        ],
      },
    ],
  },
  topup: own('topups', 'id', [
    ...V1_TOPUP,
    'package_name',
    'account_ref',
    'state_since',
    'new_total_gb',
    'new_remaining_gb',
    'new_expires_at',
    'inferred',
  ]),
  shift: own('shifts', 'id', V1_SHIFT),
  cash: own('cash_movements', 'id', V1_CASH),
  count: own('drawer_counts', 'count_id', [...V1_COUNT, 'counter_id', 'cashier_id']),
  correction: own('corrections', 'id', [...V1_CORRECTION, 'counter_id', 'cashier_id']),
  z: own('z_reports', 'shift_id', V1_Z),
  rate: own('exchange_rates', 'id', [...V1_RATE, 'counter_id']),
  cashier: own('cashiers', 'id', V1_CASHIER),
  cancellation: own('cancellations', 'id', [
    'id',
    'kind',
    'sale_id',
    'topup_id',
    'state',
    'receipt_number',
    'original_receipt_number',
    'counter_id',
    'training',
    'cashier_id',
    'shift_id',
    'approved_by',
    'reason',
    'iccid',
    'order_reference',
    'refund_method',
    'provider_refund_minor',
    'provider_refund_currency',
    'recoverable',
    'cash_refund_minor',
    'cash_refund_currency',
    'cash_movement_id',
    'created_at',
    'updated_at',
    'settled_at',
  ]),
  deposit: own('provider_deposits', 'id', [
    'id',
    'counter_id',
    'training',
    'account_ref',
    'business_day',
    'amount_minor',
    'currency',
    'note',
    'entered_by',
    'at',
  ]),
  balance: own('balance_snapshots', 'id', [
    'id',
    'counter_id',
    'training',
    'account_ref',
    'business_day',
    'purpose',
    'taken_at',
    'amount_minor',
    'currency',
  ]),
  run: {
    own: {
      table: 'reconciliation_runs',
      key: 'id',
      columns: [
        'id',
        'counter_id',
        'training',
        'account_ref',
        'first_day',
        'last_day',
        'run_at',
        'result',
        'confirmed_at',
        'report_json',
      ],
    },
    // The exceptions a run found first: they are stored with it and keep their age from it.
    belonging: [
      {
        table: 'reconciliation_exceptions',
        key: 'first_run_id',
        columns: ['key', 'first_run_id', 'first_seen_at', 'kind', 'severity', 'order_reference', 'record_id'],
      },
    ],
  },
  resolution: own('reconciliation_resolutions', 'exception_key', [
    'exception_key',
    'at',
    'resolved_by',
    'classification',
    'reason',
    'record_id',
  ]),
} as const satisfies Record<string, RecordRows>;

export type RowKind = keyof typeof V2_ROWS;

/**
 * The kind of the record that adopts a row the chain held no record of (migration 0017: a row
 * written before the chain began, or a balance reading named by its day), by row kind.
 */
export const ADOPTED_KINDS: Readonly<Record<RowKind, string>> = {
  sale: 'sale.adopted',
  topup: 'topup.adopted',
  shift: 'shift.adopted',
  cash: 'cash.adopted',
  count: 'count.adopted',
  correction: 'correction.adopted',
  z: 'z.adopted',
  rate: 'rate.adopted',
  cashier: 'cashier.adopted',
  cancellation: 'cancellation.adopted',
  deposit: 'provider.deposit_adopted',
  balance: 'balance.adopted',
  run: 'reconciliation.adopted',
  resolution: 'reconciliation.resolution_adopted',
};

/** Kinds whose rows are not named by their prefix alone. */
const V2_EXACT: Record<string, RowKind> = {
  'provider.deposit': 'deposit',
  'provider.deposit_adopted': 'deposit',
  'reconciliation.resolved': 'resolution',
  'reconciliation.resolution_adopted': 'resolution',
};
/** Prefixes of kinds other than a row kind's own name. */
const V2_PREFIXES: Record<string, RowKind> = { goodwill: 'cancellation', reconciliation: 'run' };

/** The row kind a version 2 record of `kind` is about, or null. */
export function rowKindOf(kind: string): RowKind | null {
  if (Object.hasOwn(V2_EXACT, kind)) return V2_EXACT[kind] ?? null;
  const prefix = prefixOf(kind);
  if (Object.hasOwn(V2_PREFIXES, prefix)) return V2_PREFIXES[prefix] ?? null;
  return Object.hasOwn(V2_ROWS, prefix) ? (prefix as RowKind) : null;
}

const V2: ChainRowRules = {
  rowsOf: (kind) => {
    const rowKind = rowKindOf(kind);
    return rowKind ? V2_ROWS[rowKind] : null;
  },
  read: (db, rows, subject, own) => ({
    rows: ownRows(db, rows.own, subject, own),
    ...(rows.belonging.length
      ? {
          belonging: Object.fromEntries(
            rows.belonging.map((table) => [table.table, tableRows(db, table, subject)]),
          ),
        }
      : {}),
  }),
};

/** The rules of the records this code writes (CHAIN_RECORD_VERSION in chain.ts). */
export const WRITTEN_ROWS = V2;

/** The rules a record of version `v` was written by; null for a version this code does not know. */
export function rowRulesOf(v: unknown): ChainRowRules | null {
  return v === 1 ? V1 : v === 2 ? V2 : null;
}
