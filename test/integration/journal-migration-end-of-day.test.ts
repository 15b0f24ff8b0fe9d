import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDirOf } from '../../electron/core/journal/backup';
import { openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { journalAtVersion, versionOf } from '../support/journal-versions';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-eod-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A journal as the version before end of day left it: one completed sale, one in doubt, their audit rows. */
function journalBeforeEndOfDay(): void {
  const db = journalAtVersion(file, versionOf('-end-of-day') - 1);
  const insert = db.prepare(
    `INSERT INTO sales (id, receipt_number, counter_id, training, state, package_code, package_name, quantity,
       idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency, order_reference,
       attempts, created_at, updated_at, state_since, completed_at, last_error_json)
     VALUES (?, ?, 'C1', 0, ?, 'PKG', 'Iraq 5 GB', 1, ?, 'USD', 1500, 1500, ?, ?, ?, 1, '2026-11-01T10:00:00.000Z',
       '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', ?, ?)`,
  );
  insert.run('done', 1, 'completed', 'C1-done', 1100, 'USD', 'ORD-1', '2026-11-01T10:00:02.000Z', null);
  insert.run('doubt', 2, 'in_doubt', 'C1-doubt', null, null, null, null, '{"code":"TIMEOUT","message":"x"}');
  db.prepare(`INSERT INTO sale_esims (sale_id, position, iccid, lpa, smdp_address, activation_code)
    VALUES ('done', 0, '8988000000000000001', 'LPA:1$smdp.example$CODE', 'smdp.example', 'CODE')`).run();
  db.prepare(
    `INSERT INTO audit (at, kind, subject) VALUES ('2026-11-01T10:00:02.000Z', 'sale.completed', 'done')`,
  ).run();
  db.close();
}

describe('migration 0006 (end of day)', () => {
  it('keeps every sale, without a tender, and guards the settled ones from then on', () => {
    journalBeforeEndOfDay();
    const db = openJournal({ file, now: () => new Date('2026-11-22T09:30:00.000Z') });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(readdirSync(backupDirOf(file))).toHaveLength(1);
      const sales = new SalesJournal(db);
      expect(sales.get('done')).toMatchObject({
        state: 'completed',
        tender: null,
        cashierId: null,
        shiftId: null,
      });
      expect(sales.get('doubt')).toMatchObject({ state: 'in_doubt', tender: null });
      expect(() => db.prepare(`UPDATE sales SET retail_total_minor = 1 WHERE id = 'done'`).run()).toThrow(
        /never edited/,
      );
      // An unsettled sale still moves, and its non-fact columns stay writable.
      db.prepare(`UPDATE sales SET next_check_at = '2026-11-22T10:00:00.000Z' WHERE id = 'done'`).run();
      // Its audit row, from before the chain, is kept as a record the chain does not hold (0018).
      expect(db.prepare('SELECT kind, subject FROM unchained_records').all()).toEqual([
        { kind: 'sale.completed', subject: 'done' },
      ]);
      expect(() => db.prepare(`DELETE FROM unchained_records`).run()).toThrow(/never deleted/);
      expect(db.prepare('SELECT count(*) AS n FROM chain').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('refuses a tender method it does not know and a second open shift on a drawer', () => {
    const db = openJournal({ file });
    try {
      expect(() =>
        db
          .prepare(
            `INSERT INTO sales (id, receipt_number, counter_id, training, state, package_code, package_name, quantity,
               idempotency_key, currency, retail_unit_minor, retail_total_minor, created_at, updated_at, state_since,
               tender_method) VALUES ('s', 1, 'C1', 0, 'intent', 'P', 'P', 1, 'k', 'USD', 1, 1, 'x', 'x', 'x', 'cheque')`,
          )
          .run(),
      ).toThrow(/CHECK/);
      db.prepare(
        `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES ('m', 'M', 'manager', NULL, 'x')`,
      ).run();
      const open = db.prepare(
        `INSERT INTO shifts (id, counter_id, drawer, state, business_day, opened_at, opened_by)
         VALUES (?, 'C1', 'main', 'open', '2026-11-22', 'x', 'm')`,
      );
      open.run('s1');
      expect(() => open.run('s2')).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });
});
