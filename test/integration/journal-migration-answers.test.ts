import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancellationJournal } from '../../electron/core/care/cancellation-journal';
import { answersOf } from '../../electron/core/journal/answers';
import { openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { journalAtVersion, versionOf } from '../support/journal-versions';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-answers-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const BEFORE = versionOf('-cancellation-answers') - 1;
const SALE_ANSWER = '{"success":true,"orderReference":"ORD-1"}';
const CANCEL_ANSWER = '{"success":true,"data":{"refund_method":"refund_request","refunded":"11.00"}}';

/**
 * A journal as the version before one answers table left it: a sale with its order's answer, and its
 * cancellation whose cancel call ended without a body (unknown), then was settled by a read; and a
 * second cancellation refused with an error body.
 */
function journalWithCancellationAnswers(): void {
  const db = journalAtVersion(file, BEFORE);
  db.exec(`
    INSERT INTO cashiers (id, name, role, pin_json, created_at)
      VALUES ('M1', 'Manager', 'manager', NULL, '2026-11-01T09:00:00.000Z');
    INSERT INTO sales (id, receipt_number, counter_id, training, state, package_code, package_name, quantity,
        idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency, order_reference,
        attempts, created_at, updated_at, state_since, completed_at)
      VALUES ('S1', 1, 'C1', 0, 'completed', 'PKG', 'Iraq 5 GB', 1, 'C1-S1', 'USD', 1500, 1500, 1100, 'USD',
        'ORD-1', 1, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z',
        '2026-11-01T10:00:02.000Z');
    INSERT INTO answers (record_kind, record_id, seq, request, send, attempt, status, whole, received_at, body,
        encoding)
      VALUES ('sale', 'S1', 1, 'POST /esims/order', 1, 1, 200, 1, '2026-11-01T10:00:02.000Z',
        CAST('${SALE_ANSWER}' AS BLOB), 'text');
    INSERT INTO cancellations (id, kind, sale_id, state, receipt_number, original_receipt_number, counter_id,
        training, approved_by, reason, iccid, order_reference, refund_method, provider_refund_minor,
        provider_refund_currency, recoverable, attempts, created_at, updated_at, settled_at)
      VALUES
        ('X1', 'cancellation', 'S1', 'cancelled', 2, 1, 'C1', 0, 'M1', 'غيّر رأيه', '8988000000000000001', 'ORD-1',
          'refund_request', 1100, 'USD', 1, 1, '2026-11-02T09:00:00.000Z', '2026-11-02T09:05:00.000Z',
          '2026-11-02T09:05:00.000Z');
    INSERT INTO cancellation_answers (cancellation_id, call, http_status, body, at) VALUES
      ('X1', 'cancel', NULL, NULL, '2026-11-02T09:00:31.000Z'),
      ('X1', 'read', 200, '${CANCEL_ANSWER}', '2026-11-02T09:05:00.000Z');
  `);
  db.close();
}

describe('one answers table (cancellations move in)', () => {
  it('moves every cancellation answer into answers in order, keeps the sale answers, and drops the old table', () => {
    journalWithCancellationAnswers();
    const db = openJournal({ file, now: () => new Date('2026-11-23T09:30:00.000Z') });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(answersOf(db, 'cancellation', 'X1')).toEqual([
        {
          seq: 1,
          request: 'POST /esims/cancel',
          send: 1,
          attempt: 1,
          status: null,
          whole: false,
          receivedAt: '2026-11-02T09:00:31.000Z',
          body: '',
        },
        {
          seq: 2,
          request: 'GET /esims/order',
          send: null,
          attempt: null,
          status: null,
          whole: true,
          receivedAt: '2026-11-02T09:05:00.000Z',
          body: CANCEL_ANSWER,
        },
      ]);
      expect(answersOf(db, 'sale', 'S1')).toEqual([
        expect.objectContaining({ seq: 1, request: 'POST /esims/order', status: 200, body: SALE_ANSWER }),
      ]);
      expect(
        db.prepare(`SELECT name FROM sqlite_schema WHERE name LIKE 'cancellation_answers%'`).all(),
      ).toEqual([]);

      // From now on a cancellation's answers go to the one table, after those moved in, and stay.
      new CancellationJournal(db).keepRead(
        'X1',
        { call: 'read', httpStatus: 503, body: '{"success":false}' },
        '2026-11-23T09:31:00.000Z',
      );
      expect(answersOf(db, 'cancellation', 'X1').map((answer) => [answer.seq, answer.status])).toEqual([
        [1, null],
        [2, null],
        [3, 503],
      ]);
      expect(() => db.prepare(`UPDATE answers SET whole = 0`).run()).toThrow(/kept as received/);
      expect(() => db.prepare(`DELETE FROM answers WHERE record_kind = 'cancellation'`).run()).toThrow(
        /kept as received/,
      );
      expect(() =>
        db
          .prepare(
            `INSERT INTO answers (record_kind, record_id, seq, whole, received_at, encoding)
             VALUES ('refund', 'X1', 9, 1, 'now', 'text')`,
          )
          .run(),
      ).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
