import { describe, expect, it } from 'vitest';
import { disputeRecords } from '../../electron/core/care/dispute-records';
import { appendToChain, UNASSIGNED_COUNTER } from '../../electron/core/journal/chain';
import { checkChain } from '../../electron/core/journal/chain-check';
import type { Db } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { ReceiptLog } from '../../electron/core/receipts/receipt-log';
import { loggedRecords, newSale, saleCompletion } from '../support/journal-records';
import {
  insertRow,
  journalAtVersion,
  sellAsBefore,
  updateToVersion,
  versionOf,
} from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * Migration 0018 makes the chain the journal's one record log. An audit row goes only once a link is
 * found that holds it (same time, kind, subject and detail, repeats paired one for one); every other
 * row is kept in `unchained_records`, and the readers of the log read both.
 */

const journal = tempJournalPerTest('journal-one-record-log');
const ONE_LOG = versionOf('-one-record-log');
const THEN = '2025-03-01T09:00:00.000Z';
const AT = '2026-11-24T10:00:00.000Z';

interface AuditRow {
  readonly id: number;
  readonly at: string;
  readonly kind: string;
  readonly subject: string | null;
  readonly detail_json: string | null;
}

/**
 * Gives every link written since `afterSeq` its audit row, as versions 6 to 17 wrote each record to
 * both logs; `detailAs` says how a row's detail was written, when not as the link sorts it.
 */
function auditAsBefore(
  db: Db,
  afterSeq: number,
  detailAs: (record: { kind: string }) => string | null = () => null,
) {
  const records = loggedRecords(db).slice(afterSeq);
  for (const record of records)
    insertRow(db, 'audit', { ...record, detail_json: detailAs(record) ?? record.detail_json });
}

const chainLength = (db: Db): number =>
  (db.prepare('SELECT count(*) AS n FROM chain').get() as { n: number }).n;

describe('migration 0018 (one record log)', () => {
  it('lets go only the audit rows a link holds, keeps every other as it was, and reads both', () => {
    // Version 7: a sale from before the chain began, its records in the audit log alone.
    const db = journalAtVersion(journal.file, 7);
    sellAsBefore(db, 'C1', { id: 'old', at: THEN });
    insertRow(db, 'audit', {
      at: THEN,
      kind: 'receipt.original',
      subject: 'old',
      detail_json: '{"record":"sale","copyNumber":null}',
    });
    // Version 17: the chain adopted the old sale; a sale made and printed, each record in both logs.
    updateToVersion(db, ONE_LOG - 1);
    const seq = chainLength(db);
    const sales = new SalesJournal(db);
    sales.createIntent(newSale({ id: 'new' }), AT);
    sales.markSent('new', AT);
    // No answer or eSIM kept: at version 17 an answer's body was a column of its own row and an eSIM's
    // codes were each stored whole (0021 and 0022 store them otherwise).
    sales.markCompleted('new', saleCompletion({ orderReference: 'ORD-new', answers: [], esims: [] }), AT);
    const receipts = new ReceiptLog(db);
    const print = (copyNumber: number | null) =>
      receipts.record({
        kind: 'sale',
        id: 'new',
        at: AT,
        copyNumber,
        language: 'en',
        paperWidthMm: 80,
        managerPin: false,
      });
    print(null);
    print(1);
    // The intent's detail as the code wrote it, its keys not in the chain's order: still the same record.
    auditAsBefore(db, seq, (record) =>
      record.kind === 'sale.intent'
        ? JSON.stringify({ quantity: 1, packageCode: newSale().packageCode })
        : null,
    );
    // Twice in the audit log, once in the chain: one of the two is the link's.
    insertRow(db, 'audit', { ...loggedRecords(db).at(-1)! });
    // An audit row whose link says another thing, and one whose link cannot be read back.
    appendToChain(db, { at: AT, kind: 'test.note', subject: 'till', detail: { amount: 5 } });
    insertRow(db, 'audit', { at: AT, kind: 'test.note', subject: 'till', detail_json: '{"amount":500}' });
    appendToChain(db, { at: AT, kind: 'test.note', subject: 'drawer', detail: null });
    insertRow(db, 'audit', { at: AT, kind: 'test.note', subject: 'drawer', detail_json: null });
    // An audit row whose detail is not JSON: nothing can hold it.
    insertRow(db, 'audit', { at: AT, kind: 'test.note', subject: 'torn', detail_json: '{"amount":' });
    db.exec('DROP TRIGGER chain_never_updated');
    db.prepare(`UPDATE chain SET record = x'00ff' WHERE subject = 'drawer'`).run();
    const audit = db.prepare('SELECT * FROM audit ORDER BY id').all() as AuditRow[];
    const linksBefore = chainLength(db);
    db.close();

    const after = journal.open();
    const kept = after.prepare('SELECT * FROM unchained_records ORDER BY id').all() as AuditRow[];
    const byKind = (rows: readonly AuditRow[]) => rows.map((row) => [row.subject, row.kind]);
    expect(byKind(kept)).toEqual([
      ['old', 'sale.intent'],
      ['old', 'sale.sent'],
      ['old', 'sale.completed'],
      ['old', 'receipt.original'],
      ['new', 'receipt.copy'],
      ['till', 'test.note'],
      ['drawer', 'test.note'],
      ['torn', 'test.note'],
    ]);
    // Kept as they were, ids and text; every row let go is held by a link.
    for (const row of kept) expect(audit).toContainEqual(row);
    const linked = audit.filter((row) => !kept.some((each) => each.id === row.id));
    expect(byKind(linked)).toEqual([
      ['new', 'sale.intent'],
      ['new', 'sale.sent'],
      ['new', 'sale.completed'],
      ['new', 'receipt.original'],
      ['new', 'receipt.copy'],
    ]);
    expect(after.prepare(`SELECT name FROM sqlite_master WHERE name = 'audit'`).get()).toBeUndefined();
    expect(chainLength(after)).toBe(linksBefore);

    // The readers read both: the print history, and a dispute pack's records, the old ones first.
    const history = new ReceiptLog(after);
    // Two copies, as the audit log counted them before: the one the chain does not hold is kept.
    expect(history.history('new')).toEqual({ originalIssued: true, copies: 2 });
    expect(history.history('old')).toEqual({ originalIssued: true, copies: 0 });
    expect(disputeRecords(after, ['old']).journal.map((record) => record.kind)).toEqual([
      'sale.intent',
      'sale.sent',
      'sale.completed',
      'receipt.original',
    ]);

    // From now on each record is written once, as a link.
    const links = chainLength(after);
    new SalesJournal(after).createIntent(newSale({ id: 'next' }), AT);
    expect(chainLength(after)).toBe(links + 1);
    expect(after.prepare('SELECT count(*) AS n FROM unchained_records').get()).toEqual({ n: kept.length });
    expect(() => after.prepare('DELETE FROM unchained_records').run()).toThrow(/never deleted/);
    expect(checkChain(after, UNASSIGNED_COUNTER).firstBreak).not.toBeNull(); // the edited link is still named
  });

  it('reads a shift’s sign-ins and reprints from indexes of those kinds alone', () => {
    const db = journal.open();
    const plan = (sql: string): string =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('S1') as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
    expect(plan(`SELECT subject FROM chain WHERE shift_id = ? AND kind = 'cashier.signed_in'`)).toMatch(
      /SEARCH chain USING COVERING INDEX chain_sign_ins_by_shift \(shift_id=\?\)/,
    );
    expect(plan(`SELECT count(*) FROM chain WHERE shift_id = ? AND kind = 'receipt.copy'`)).toMatch(
      /SEARCH chain USING COVERING INDEX chain_reprints_by_shift \(shift_id=\?\)/,
    );
  });
});
