import type { Migration } from './index';
import { countRowsGone, rowsOf } from './rows-gone';

/**
 * An answer's body in a row of its own (`answer_bodies`), keyed by the answer's new `id`, and the
 * encodings of bodies deflated with the answers' first dictionary (answers.ts). An order's answer with
 * its QR code, about 1,770 bytes deflated, sat beside its columns in a row too long to fit three to a
 * 4 KB page: two fitted, and a third of every page of answers stayed unused. Alone and deflated with
 * the dictionary (about 1,320 bytes) it fits three, and the columns pack tightly in their own table.
 *
 * Every answer is copied as it is, its id its old rowid and its body as it was stored, in the
 * migration's transaction: no body is inflated or packed again, so what was received stays byte for
 * byte what it was. Only answers kept from now on are deflated with the dictionary.
 */
export const m0021AnswerBodiesApart: Migration = {
  version: 21,
  name: '0021-answer-bodies-apart',
  // Each answer is gone through twice: its columns, then its body.
  rows: (db) => 2 * rowsOf(db, 'answers'),
  up(db, gone) {
    countRowsGone(db, gone);
    db.exec(`
      ALTER TABLE answers RENAME TO answers_v20;
      CREATE TABLE answers (
        id INTEGER PRIMARY KEY,
        record_kind TEXT NOT NULL CHECK (record_kind IN ('sale', 'topup', 'cancellation')),
        record_id TEXT NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        request TEXT,
        send INTEGER,
        attempt INTEGER,
        status INTEGER,
        whole INTEGER NOT NULL CHECK (whole IN (0, 1)),
        received_at TEXT NOT NULL,
        encoding TEXT NOT NULL
          CHECK (encoding IN ('text', 'deflate', 'deflate-base64', 'deflate-d1', 'deflate-base64-d1')),
        UNIQUE (record_kind, record_id, seq)
      ) STRICT;
      CREATE TABLE answer_bodies (
        answer_id INTEGER PRIMARY KEY REFERENCES answers (id),
        body BLOB NOT NULL
      ) STRICT;
      INSERT INTO answers (id, record_kind, record_id, seq, request, send, attempt, status, whole, received_at,
          encoding)
        SELECT rowid, record_kind, record_id, seq, request, send, attempt, status, whole, received_at, encoding
        FROM answers_v20 WHERE migration_row() ORDER BY rowid;
      INSERT INTO answer_bodies (answer_id, body)
        SELECT rowid, body FROM answers_v20 WHERE migration_row() ORDER BY rowid;
      DROP TABLE answers_v20;
      CREATE TRIGGER answers_are_never_changed BEFORE UPDATE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
      CREATE TRIGGER answers_are_never_removed BEFORE DELETE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
      CREATE TRIGGER answer_bodies_are_never_changed BEFORE UPDATE ON answer_bodies
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
      CREATE TRIGGER answer_bodies_are_never_removed BEFORE DELETE ON answer_bodies
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
    `);
  },
};
