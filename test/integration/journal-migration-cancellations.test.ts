import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancellationJournal } from '../../electron/core/care/cancellation-journal';
import { answersOf } from '../../electron/core/journal/answers';
import { openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { minor } from '../../shared/money';
import { journalAtVersion, versionOf } from '../support/journal-versions';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-cancel-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const BEFORE = versionOf('-cancellations') - 1;

/** A journal as the version before cancellations left it: a manager and one completed sale. */
function journalBeforeCancellations(): void {
  const db = journalAtVersion(file, BEFORE);
  db.prepare(
    `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES ('M1', 'Manager', 'manager', NULL,
       '2026-11-01T09:00:00.000Z')`,
  ).run();
  db.prepare(
    `INSERT INTO sales (id, receipt_number, counter_id, training, state, package_code, package_name, quantity,
       idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency, order_reference,
       attempts, created_at, updated_at, state_since, completed_at)
     VALUES ('done', 1, 'C1', 0, 'completed', 'PKG', 'Iraq 5 GB', 1, 'C1-done', 'USD', 1500, 1500, 1100, 'USD',
       'ORD-1', 1, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z',
       '2026-11-01T10:00:02.000Z')`,
  ).run();
  db.close();
}

describe('migration 0009 (cancellations)', () => {
  it('keeps every sale, and guards settled cancellations and every kept answer from then on', () => {
    journalBeforeCancellations();
    const db = openJournal({ file, now: () => new Date('2026-11-22T09:30:00.000Z') });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(new SalesJournal(db).get('done')).toMatchObject({ state: 'completed', receiptNumber: 1 });
      const journal = new CancellationJournal(db);
      const at = '2026-11-22T09:31:00.000Z';
      const intent = journal.create(
        {
          kind: 'cancellation',
          saleId: 'done',
          topUpId: null,
          originalReceiptNumber: 1,
          counterId: 'C1',
          training: false,
          cashierId: null,
          shiftId: null,
          approvedBy: 'M1',
          reason: 'Changed their mind',
          iccid: '8988000000000000001',
          orderReference: 'ORD-1',
          cashRefund: null,
        },
        at,
      );
      // The receipt counter of a journal from before it existed continues after the sale's number.
      expect(intent).toMatchObject({ state: 'intent', originalReceiptNumber: 1 });
      journal.markSent(intent.id, at);
      const done = journal.markCancelled(
        intent.id,
        { method: 'balance', amount: { amount: minor(1100), currency: 'USD' } },
        { call: 'cancel', httpStatus: 200, body: '{"success":true}' },
        at,
      );
      expect(done).toMatchObject({ state: 'cancelled', refundMethod: 'balance' });
      expect(() => db.prepare(`UPDATE cancellations SET reason = 'x' WHERE id = ?`).run(done.id)).toThrow(
        /never edited/,
      );
      expect(() => db.prepare('DELETE FROM cancellations').run()).toThrow(/never deleted/);
      expect(() => db.prepare(`UPDATE answer_bodies SET body = x'00'`).run()).toThrow(/kept as received/);
      expect(answersOf(db, 'cancellation', done.id)).toEqual([
        expect.objectContaining({ request: 'POST /esims/cancel', status: 200, body: '{"success":true}' }),
      ]);
    } finally {
      db.close();
    }
  });
});
