import Database from 'better-sqlite3';
import { type ChainRecord, canonicalJson, GENESIS_HASH, linkHash } from '../../electron/core/journal/chain';
import { FIRST_RECORD_ENCODING, packRecord } from '../../electron/core/journal/chain-record';
import { rowRulesOf } from '../../electron/core/journal/chain-rows';
import { MIGRATIONS } from '../../electron/core/journal/migrations';

/**
 * Journals as an earlier version of the app left them, built from the journal's own history: the real
 * migrations 1…N, then rows written in the shape version N wrote them. Never a schema put back by
 * hand: a migration's test then runs it on exactly what the version before it made.
 */

/**
 * Runs the real migrations from `db`'s version up to `version` in one transaction, as the app does,
 * and sets `user_version`: so rows can be written at each version on the way.
 */
export function updateToVersion(db: Database.Database, version: number): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (version < current || version > MIGRATIONS.length) {
    throw new Error(`cannot bring a journal of version ${current} to version ${version}`);
  }
  db.transaction(() => {
    for (const migration of MIGRATIONS.slice(current, version)) migration.up(db);
    db.pragma(`user_version = ${version}`);
  }).immediate();
}

/** A new journal file at `version`, open for rows in that version's shape; the caller closes it. */
export function journalAtVersion(file: string, version: number): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  updateToVersion(db, version);
  return db;
}

/** The version a migration leads to, by the end of its name (`'-cancellations'`). */
export function versionOf(nameEnd: string): number {
  const migration = MIGRATIONS.find((m) => m.name.endsWith(nameEnd));
  if (!migration) throw new Error(`no migration named …${nameEnd}`);
  return migration.version;
}

/** Writes one row by column name, as an earlier version's code wrote it. */
export function insertRow(
  db: Database.Database,
  table: string,
  row: Readonly<Record<string, unknown>>,
): void {
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
  ).run(row);
}

/**
 * How versions 6 to 14 stored a chain link: the previous link's hash beside its own, both as hex; the
 * record as its JSON text until version 11 (`text`), deflated against the first dictionary from then
 * on (`packed`).
 */
export type OldLinkForm = 'text' | 'packed';

/** The rows the records of versions 6 to 15 held (record version 1). */
const VERSION_1_ROWS = rowRulesOf(1)!;

/**
 * Appends a record to the chain of `counterId` as versions 6 to 14 did: a record of version 1, hashed
 * as the counter hashes every record, stored in that version's form. Call it after the row it is about
 * has changed, as the counter does.
 */
export function appendOldLink(
  db: Database.Database,
  form: OldLinkForm,
  counterId: string,
  record: ChainRecord,
): { seq: number; hash: string } {
  const last = db
    .prepare('SELECT seq, hash FROM chain WHERE counter_id = ? ORDER BY seq DESC LIMIT 1')
    .get(counterId) as { seq: number; hash: string } | undefined;
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const rows = record.subject === null ? null : VERSION_1_ROWS.rowsOf(record.kind);
  const recordJson = canonicalJson({
    v: 1,
    counter: counterId,
    seq,
    at: record.at,
    kind: record.kind,
    subject: record.subject,
    cashier: null,
    shift: null,
    detail: record.detail ?? null,
    rows: null,
    ...(rows && record.subject !== null ? VERSION_1_ROWS.read(db, rows, record.subject) : {}),
  });
  const hash = linkHash(prevHash, recordJson);
  const link = {
    counter_id: counterId,
    seq,
    at: record.at,
    kind: record.kind,
    subject: record.subject,
    cashier_id: null,
    shift_id: null,
    prev_hash: prevHash,
    hash,
  };
  insertRow(
    db,
    'chain',
    form === 'text'
      ? { ...link, record_json: recordJson }
      : {
          ...link,
          record: packRecord(recordJson, FIRST_RECORD_ENCODING),
          record_encoding: FIRST_RECORD_ENCODING,
        },
  );
  return { seq, hash };
}

export interface OldSale {
  readonly id: string;
  /** When it was made, sent and answered. */
  readonly at: string;
  readonly packageCode?: string;
  readonly quantity?: number;
  /** The fingerprint of the account it was sent to (null: a sale from before version 2 named none). */
  readonly accountRef?: string;
  /** `completed` (the default, with its order reference), `failed` (refused), or left `sent`. */
  readonly outcome?: 'completed' | 'failed' | 'sent';
}

/**
 * Writes a live sale as versions 7 to 15 kept it (their sales table is the same): its receipt number
 * from the counter's one sequence, then made, sent and answered, each change with its audit row and,
 * when `chain` is given, the chain link in that version's form. It costs 1,100 cents an eSIM and
 * sells for 1,500.
 */
export function sellAsBefore(
  db: Database.Database,
  counterId: string,
  sale: OldSale,
  chain?: OldLinkForm,
): void {
  const { id, at } = sale;
  const quantity = sale.quantity ?? 1;
  const change = (kind: string, columns: Readonly<Record<string, unknown>>, detail: unknown = null): void => {
    const names = Object.keys(columns);
    if (names.length > 0) {
      db.prepare(
        `UPDATE sales SET ${names.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`,
      ).run({ ...columns, id });
    }
    insertRow(db, 'audit', {
      at,
      kind,
      subject: id,
      detail_json: detail === null ? null : JSON.stringify(detail),
    });
    if (chain) appendOldLink(db, chain, counterId, { at, kind, subject: id, detail });
  };
  const { receipt } = db
    .prepare(
      `INSERT INTO receipt_counters (counter_id, training, last_number) VALUES (?, 0, 1)
       ON CONFLICT (counter_id, training) DO UPDATE SET last_number = last_number + 1
       RETURNING last_number AS receipt`,
    )
    .get(counterId) as { receipt: number };
  insertRow(db, 'sales', {
    id,
    receipt_number: receipt,
    counter_id: counterId,
    training: 0,
    state: 'intent',
    package_code: sale.packageCode ?? 'PKG',
    package_name: 'Iraq 5 GB',
    quantity,
    idempotency_key: `${counterId}-${id}`,
    currency: 'USD',
    retail_unit_minor: 1500,
    retail_total_minor: 1500 * quantity,
    attempts: 0,
    created_at: at,
    updated_at: at,
    state_since: at,
    account_ref: sale.accountRef ?? null,
  });
  change('sale.intent', {}, { packageCode: sale.packageCode ?? 'PKG', quantity });
  change('sale.sent', { state: 'sent', attempts: 1, sent_at: at });
  const outcome = sale.outcome ?? 'completed';
  if (outcome === 'completed') {
    const cost = { amount: 1100 * quantity, currency: 'USD' };
    change(
      'sale.completed',
      {
        state: 'completed',
        cost_minor: cost.amount,
        cost_currency: cost.currency,
        order_reference: `ORD-${id}`,
        completed_at: at,
      },
      { cost, orderReference: `ORD-${id}` },
    );
  } else if (outcome === 'failed') {
    change('sale.failed', {
      state: 'failed',
      last_error_json: JSON.stringify({ code: 'INSUFFICIENT_BALANCE', message: 'not enough balance' }),
    });
  }
}

/**
 * Fills the chain of a journal of version 11 to 14 with `count` links of that version's shape (a record
 * packed as then, the hashes in hex) by SQL alone: a year's chain in a second or two, for what a start
 * that rebuilds it costs at that size. The records are random bytes of a record's size and the hashes
 * link to nothing, so the chain check names them: for a start's time and progress only.
 */
export function fillOldChain(db: Database.Database, counterId: string, count: number, at: string): void {
  db.prepare(
    `WITH RECURSIVE n(seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM n WHERE seq < @count)
     INSERT INTO chain (counter_id, seq, at, kind, subject, prev_hash, hash, record, record_encoding)
     SELECT @counterId, seq, @at, 'sale.completed', 'sale-' || (seq / 3), lower(hex(randomblob(32))),
       lower(hex(randomblob(32))), randomblob(120), @encoding
     FROM n`,
  ).run({ count, counterId, at, encoding: FIRST_RECORD_ENCODING });
}
