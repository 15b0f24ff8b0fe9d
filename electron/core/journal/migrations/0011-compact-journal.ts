import { ANSWER_ENCODINGS_OF_V11, type AnswerEncoding, answerBodyText, packAnswerBody } from '../answers';
import { FIRST_RECORD_ENCODING, packRecord } from '../chain-record';
import type { Db } from '../database';
import { CHAIN_LINK_COLUMNS, CHAIN_LOOKUPS_AND_GUARDS } from './chain-table';
import type { Migration } from './index';

/**
 * A sale's share of the journal, smaller, converted in place in the migration's transaction:
 * - each link of the chain held its record as JSON text (about 750 bytes, three links a sale); it is
 *   now stored deflated against a dictionary of what records look like (chain-record.ts, about 75
 *   bytes), and inflated to the same text, byte for byte, when the chain is checked. Hashes, sequence
 *   numbers and every other column are copied unchanged, so the chain's head (printed on each Z and in
 *   the accountant's pack) stays what it was.
 * - the answers take a third encoding, `deflate-base64` (answers.ts: a data URL's base64 kept as its
 *   bytes), and every answer kept before is stored again in the encoding a new one would get, once
 *   it reads back as exactly the same text. Still appended and never changed or removed.
 */
export const m0011CompactJournal: Migration = {
  version: 11,
  name: '0011-compact-journal',
  up(db) {
    compactAnswers(db);
    db.function('chain_record_pack', { deterministic: true }, (text) =>
      packRecord(String(text), FIRST_RECORD_ENCODING),
    );
    db.exec(`
      CREATE TABLE chain_compact (
        ${CHAIN_LINK_COLUMNS}
        record BLOB NOT NULL,
        record_encoding TEXT NOT NULL CHECK (record_encoding IN ('${FIRST_RECORD_ENCODING}')),
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (counter_id, seq)
      ) STRICT;
      INSERT INTO chain_compact
        SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id, chain_record_pack(record_json),
          '${FIRST_RECORD_ENCODING}', prev_hash, hash
        FROM chain ORDER BY counter_id, seq;
      DROP TABLE chain;
      ALTER TABLE chain_compact RENAME TO chain;
      ${CHAIN_LOOKUPS_AND_GUARDS}
    `);
  },
};

/** Rows of the answers rewritten per statement: a year's answers never sit in memory at once. */
const BATCH = 2_000;

function compactAnswers(db: Db): void {
  db.exec(`
    CREATE TABLE answers_compact (
      record_kind TEXT NOT NULL CHECK (record_kind IN ('sale', 'topup')),
      record_id TEXT NOT NULL,
      seq INTEGER NOT NULL CHECK (seq >= 1),
      request TEXT,
      send INTEGER,
      attempt INTEGER,
      status INTEGER,
      whole INTEGER NOT NULL CHECK (whole IN (0, 1)),
      received_at TEXT NOT NULL,
      body BLOB NOT NULL,
      encoding TEXT NOT NULL CHECK (encoding IN ('text', 'deflate', 'deflate-base64')),
      PRIMARY KEY (record_kind, record_id, seq)
    ) STRICT;
  `);
  const batch = db.prepare('SELECT rowid, * FROM answers WHERE rowid > ? ORDER BY rowid LIMIT ?');
  const insert = db.prepare(
    `INSERT INTO answers_compact (record_kind, record_id, seq, request, send, attempt, status, whole,
       received_at, body, encoding)
     VALUES (@record_kind, @record_id, @seq, @request, @send, @attempt, @status, @whole, @received_at, @body,
       @encoding)`,
  );
  let after = 0;
  for (;;) {
    const rows = batch.all(after, BATCH) as { rowid: number; body: Buffer; encoding: AnswerEncoding }[];
    if (rows.length === 0) break;
    for (const { rowid, ...row } of rows) {
      insert.run({
        ...row,
        ...packAnswerBody(answerBodyText(row.body, row.encoding), ANSWER_ENCODINGS_OF_V11),
      });
      after = rowid;
    }
  }
  db.exec(`
    DROP TABLE answers;
    ALTER TABLE answers_compact RENAME TO answers;
    CREATE TRIGGER answers_are_never_changed BEFORE UPDATE ON answers
      BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
    CREATE TRIGGER answers_are_never_removed BEFORE DELETE ON answers
      BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
  `);
}
