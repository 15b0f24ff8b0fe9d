import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_ENCODINGS_OF_V11,
  answersOf,
  keepAnswers,
  packAnswerBody,
} from '../../electron/core/journal/answers';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { m0021AnswerBodiesApart } from '../../electron/core/journal/migrations/0021-answer-bodies-apart';
import { keptAnswer } from '../support/journal-records';
import { insertRow, journalAtVersion, versionOf } from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * Migration 0021 moves each answer's body to a row of its own. A journal built at version 20 by the
 * real migrations, its answers stored as version 20 stored them (deflated, QR codes as their bytes),
 * is migrated: every body is the same bytes under its answer's id, read back as received, and the
 * migration tells how far it is while it copies.
 */

const journal = tempJournalPerTest('journal-answer-bodies');
const BEFORE = versionOf('-answer-bodies-apart') - 1;

/** An order's answer with a QR code, as the provider sends it: text around a PNG's base64. */
const qrAnswer = (i: number): string =>
  JSON.stringify({
    success: true,
    orderReference: `ORD-20261201-${i}`,
    esims: [{ iccid: `8985${i}`, qrCodeUrl: `data:image/png;base64,${randomBytes(300).toString('base64')}` }],
  });

/** Enough answers that the copy tells its progress more than once (it tells every 4,096 rows). */
const ANSWERS = 4_200;

describe('migration 0021 (answer bodies apart)', () => {
  it('keeps every body byte for byte under its answer, tells its progress, and reads each back as received', () => {
    const old = journalAtVersion(journal.file, BEFORE);
    const texts: string[] = [];
    for (let i = 0; i < ANSWERS; i++) {
      // Every tenth answer a refusal without a QR code: stored as plain deflate, the others with their bytes.
      const text = i % 10 === 0 ? `{"success":false,"code":"INSUFFICIENT_BALANCE","n":${i}}` : qrAnswer(i);
      texts.push(text);
      insertRow(old, 'answers', {
        record_kind: 'sale',
        record_id: `sale-${i}`,
        seq: 1,
        request: 'POST /esims/order',
        send: 1,
        attempt: 1,
        status: 200,
        whole: 1,
        received_at: '2026-12-01T10:00:00.000Z',
        ...packAnswerBody(text, ANSWER_ENCODINGS_OF_V11),
      });
    }
    const before = old.prepare('SELECT rowid AS id, body, encoding FROM answers ORDER BY rowid').all();
    expect(new Set(before.map((row) => (row as { encoding: string }).encoding))).toEqual(
      new Set(['deflate', 'deflate-base64']),
    );

    const rows = m0021AnswerBodiesApart.rows?.(old);
    const told: number[] = [];
    old.transaction(() => {
      m0021AnswerBodiesApart.up(old, (done) => told.push(done));
      old.pragma(`user_version = ${BEFORE + 1}`);
    })();
    expect(rows).toBe(2 * ANSWERS);
    expect(told).toEqual([4_096, 8_192]);
    const after = old
      .prepare('SELECT id, body, encoding FROM answers JOIN answer_bodies ON answer_id = id ORDER BY id')
      .all();
    expect(after).toEqual(before);
    old.close();

    const db = journal.open();
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      for (const i of [0, 1, ANSWERS - 1]) {
        expect(answersOf(db, 'sale', `sale-${i}`).map((answer) => answer.body)).toEqual([texts[i]]);
      }
      // A new answer gets the next id and is stored with the answers' dictionary.
      const later = qrAnswer(ANSWERS);
      keepAnswers(db, 'sale', 'sale-1', [keptAnswer(later)]);
      expect(
        db.prepare('SELECT id, seq, encoding FROM answers WHERE record_id = ? ORDER BY seq').all('sale-1'),
      ).toEqual([
        { id: 2, seq: 1, encoding: 'deflate-base64' },
        { id: ANSWERS + 1, seq: 2, encoding: 'deflate-base64-d1' },
      ]);
      expect(answersOf(db, 'sale', 'sale-1').map((answer) => answer.body)).toEqual([texts[1], later]);
    } finally {
      db.close();
    }
  });
});
