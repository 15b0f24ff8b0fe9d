import { describe, expect, it } from 'vitest';
import { disputeRecords } from '../../electron/core/care/dispute-records';
import type { Db } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { ReceiptLog } from '../../electron/core/receipts/receipt-log';
import { loggedRecords, newSale, saleCompletion } from '../support/journal-records';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * A dispute pack's journal records and chain links of a sale, read by subject: the records the chain
 * does not hold (a sale made before it began, kept by migration 0018), then those its links hold.
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

describe("a dispute pack's records", () => {
  it('are the records its chain links hold, with the links and the hashes they follow', () => {
    const db = journal.open();
    soldAndPrinted(db, 'sale-a');
    soldAndPrinted(db, 'sale-b');
    const { journal: records, chain } = disputeRecords(db, ['sale-b']);
    expect(records.map((each) => each.kind)).toEqual([
      'sale.intent',
      'sale.sent',
      'sale.completed',
      'receipt.original',
    ]);
    expect(records).toEqual(loggedRecords(db, (each) => each.subject === 'sale-b'));
    expect(JSON.parse(records[3]?.detail_json ?? 'null')).toMatchObject({ record: 'sale', paperWidthMm: 80 });
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

  it('of a sale made before the chain began come first, from the records the chain does not hold', () => {
    const db = journal.open();
    soldAndPrinted(db, 'sale-then');
    // As migration 0018 keeps a journal's records from before version 6: rows, no links.
    const insert = db.prepare(
      'INSERT INTO unchained_records (at, kind, subject, detail_json) VALUES (?, ?, ?, ?)',
    );
    insert.run(
      '2025-01-02T10:00:00.000Z',
      'sale.intent',
      'sale-then',
      '{"packageCode":"PKG-1","quantity":1}',
    );
    insert.run('2025-01-02T10:00:01.000Z', 'sale.completed', 'sale-then', '{"orderReference":"ORD-9"}');
    const { journal: records, chain } = disputeRecords(db, ['sale-then']);
    expect(records.map((each) => [each.at.slice(0, 4), each.kind])).toEqual([
      ['2025', 'sale.intent'],
      ['2025', 'sale.completed'],
      ['2026', 'sale.intent'],
      ['2026', 'sale.sent'],
      ['2026', 'sale.completed'],
      ['2026', 'receipt.original'],
    ]);
    expect(chain).toHaveLength(4);
  });

  it('leave out a record whose link cannot be read back, and still list the link', () => {
    const db = journal.open();
    soldAndPrinted(db, 'sale-x');
    db.exec('DROP TRIGGER chain_never_updated');
    db.prepare(
      "UPDATE chain SET record = x'00ff' WHERE subject = 'sale-x' AND kind = 'sale.completed'",
    ).run();
    const { journal: records, chain } = disputeRecords(db, ['sale-x']);
    expect(records.map((each) => each.kind)).toEqual(['sale.intent', 'sale.sent', 'receipt.original']);
    expect(chain).toHaveLength(4);
  });
});
