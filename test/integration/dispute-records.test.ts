import { describe, expect, it } from 'vitest';
import { disputeRecords, type JournalRecord } from '../../electron/core/care/dispute-records';
import type { Db } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { ReceiptLog } from '../../electron/core/receipts/receipt-log';
import { newSale, saleCompletion } from '../support/journal-records';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * A dispute pack's journal records and chain links of a sale, read from the chain's subject index:
 * the same records the audit log holds, without reading the audit log, which has no index on subject.
 * A sale made before the chain began, or whose link cannot be read back, is read from the audit log.
 */

const journal = tempJournalPerTest('dispute-records');
const AT = '2026-11-24T10:00:00.000Z';

/** A completed sale with its receipt printed: four records, four links. */
function soldAndPrinted(db: Db, id: string): void {
  const sales = new SalesJournal(db);
  sales.createIntent(newSale({ id }), AT);
  sales.markSent(id, AT);
  sales.markCompleted(id, saleCompletion({ orderReference: `ORD-${id}` }), AT);
  new ReceiptLog(db).record({
    kind: 'sale',
    id,
    at: AT,
    copyNumber: null,
    language: 'en',
    paperWidthMm: 80,
    managerPin: false,
  });
}

/** The audit log's rows of the subjects, read whole, as the pack read them before. */
function auditRowsOf(db: Db, subjects: readonly string[]): JournalRecord[] {
  return db
    .prepare(
      'SELECT at, kind, subject, detail_json FROM audit WHERE subject IN (SELECT value FROM json_each(?)) ORDER BY id',
    )
    .all(JSON.stringify(subjects)) as JournalRecord[];
}

/** A record with its detail parsed: the chain keeps the detail's keys in order, the audit log as written. */
const parsed = ({ detail_json, ...record }: JournalRecord) => ({
  ...record,
  detail: detail_json === null ? null : JSON.parse(detail_json),
});

describe("a dispute pack's records", () => {
  it('are the audit log’s records of the sale, read from its chain links without reading the audit log', () => {
    const db = journal.open();
    soldAndPrinted(db, 'sale-a');
    soldAndPrinted(db, 'sale-b');
    const audited = auditRowsOf(db, ['sale-b']);
    expect(audited.map((each) => each.kind)).toEqual([
      'sale.intent',
      'sale.sent',
      'sale.completed',
      'receipt.original',
    ]);
    // The audit log out of the way: a read of it would fail.
    db.exec('ALTER TABLE audit RENAME TO audit_elsewhere');
    const { journal: records, chain } = disputeRecords(db, ['sale-b']);
    expect(records.map(parsed)).toEqual(audited.map(parsed));
    const hashes = db.prepare('SELECT seq, lower(hex(hash)) AS hash FROM chain ORDER BY seq').all() as {
      seq: number;
      hash: string;
    }[];
    expect(chain.map((link) => link.seq)).toEqual([5, 6, 7, 8]);
    for (const link of chain) {
      expect(link.hash).toBe(hashes[link.seq - 1]?.hash);
      expect(link.prev_hash).toBe(hashes[link.seq - 2]?.hash);
    }
  });

  it('of a sale made before the chain began are read from the audit log', () => {
    const db = journal.open();
    soldAndPrinted(db, 'sale-now');
    // As a journal of version 5 wrote them: audit rows, no links.
    const insert = db.prepare('INSERT INTO audit (at, kind, subject, detail_json) VALUES (?, ?, ?, ?)');
    insert.run(
      '2025-01-02T10:00:00.000Z',
      'sale.intent',
      'sale-then',
      '{"packageCode":"PKG-1","quantity":1}',
    );
    insert.run('2025-01-02T10:00:01.000Z', 'sale.completed', 'sale-then', '{"orderReference":"ORD-9"}');
    const { journal: records, chain } = disputeRecords(db, ['sale-then']);
    expect(records).toEqual(auditRowsOf(db, ['sale-then']));
    expect(records).toHaveLength(2);
    expect(chain).toEqual([]);
  });

  it('are read from the audit log when a link of the sale cannot be read back', () => {
    const db = journal.open();
    soldAndPrinted(db, 'sale-x');
    db.exec('DROP TRIGGER chain_never_updated');
    db.prepare(
      "UPDATE chain SET record = x'00ff' WHERE subject = 'sale-x' AND kind = 'sale.completed'",
    ).run();
    const { journal: records, chain } = disputeRecords(db, ['sale-x']);
    expect(records).toEqual(auditRowsOf(db, ['sale-x']));
    expect(chain).toHaveLength(4);
  });
});
