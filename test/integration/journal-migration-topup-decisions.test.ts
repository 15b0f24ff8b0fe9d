import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import type { TopUpSearch } from '../../shared/domain/topup';
import { minor } from '../../shared/money';
import { insertRow, journalAtVersion, versionOf } from '../support/journal-versions';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-topup-decisions-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const BEFORE = versionOf('-topup-decisions') - 1;

/** A top-up row as the version before decisions wrote it. */
function topUpRow(id: string, receipt: number, state: string, more: Record<string, unknown> = {}) {
  return {
    id,
    receipt_number: receipt,
    counter_id: 'C1',
    training: 0,
    state,
    iccid: '8988247000100000015',
    package_code: 'TOPUP-1',
    package_name: 'Top-up 1 GB',
    currency: 'USD',
    retail_minor: 349,
    quoted_cost_minor: 249,
    before_taken_at: '2026-11-01T10:00:00.000Z',
    before_raw: '{}',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:31.000Z',
    sent_at: '2026-11-01T10:00:01.000Z',
    state_since: '2026-11-01T10:00:31.000Z',
    ...more,
  };
}

/** A journal as the version before decisions left it: a top-up in doubt, and one completed on a read. */
function journalBeforeDecisions(): void {
  const db = journalAtVersion(file, BEFORE);
  insertRow(
    db,
    'topups',
    topUpRow('lost', 1, 'in_doubt', { last_error_json: '{"code":"TIMEOUT","message":"x"}' }),
  );
  insertRow(
    db,
    'topups',
    topUpRow('read', 2, 'completed', {
      cost_minor: 249,
      cost_currency: 'USD',
      order_reference: 'TOP-1',
      inferred: 1,
      completed_at: '2026-11-01T10:01:00.000Z',
    }),
  );
  db.close();
}

const SEARCH: TopUpSearch = {
  readAt: '2026-11-22T09:31:00.000Z',
  sentAt: '2026-11-01T10:00:01.000Z',
  stoppedAt: '2026-11-01T10:00:31.000Z',
  skewMs: 0,
  quotedCost: { amount: minor(249), currency: 'USD' },
  complete: true,
  otherCountersChecked: false,
  orders: [],
};

describe('migration 0016 (top-up decisions)', () => {
  it('keeps every top-up undecided, then records a look and a decision, which is never changed once settled', () => {
    journalBeforeDecisions();
    const db = openJournal({ file, now: () => new Date('2026-11-22T09:30:00.000Z') });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      const journal = new TopUpsJournal(db);
      expect(journal.get('lost')).toMatchObject({ state: 'in_doubt', search: null });
      // A top-up completed on a read before decisions existed stays as it was: no manager decided it.
      expect(journal.get('read')).toMatchObject({ state: 'completed', inferred: true, decision: null });

      expect(journal.recordSearch('lost', SEARCH, null, SEARCH.readAt)).toMatchObject({ search: SEARCH });
      const decision = { by: 'M1', byName: 'Manager', at: '2026-11-22T09:32:00.000Z', orderReference: null };
      const failed = journal.markDecidedNotCharged(
        'lost',
        { code: 'DECIDED_NOT_CHARGED', message: 'none is its own' },
        decision,
        [],
        decision.at,
      );
      expect(failed).toMatchObject({ state: 'failed', error: { code: 'DECIDED_NOT_CHARGED' }, decision });
      expect(() => db.prepare(`UPDATE topups SET decision_json = '{}' WHERE id = 'lost'`).run()).toThrow(
        /never edited/,
      );
      expect(() => db.prepare(`UPDATE topups SET decision_json = '{}' WHERE id = 'read'`).run()).toThrow(
        /never edited/,
      );
    } finally {
      db.close();
    }
  });
});
