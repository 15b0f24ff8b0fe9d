import type { Migration } from './index';

/**
 * One table for every answer the provider gave: a cancellation's answers (its cancel call's and each
 * settling read's), kept until now in `cancellation_answers` of their own, move into `answers` as
 * records of the kind 'cancellation', in the order they came, their bodies as received. Every raw
 * answer is then read one way (`answersOf`) and guarded by one pair of triggers. `answers` is built
 * again because SQLite cannot widen a CHECK in place; its rows are copied as they are.
 */
export const m0012CancellationAnswers: Migration = {
  version: 12,
  name: '0012-cancellation-answers',
  up(db) {
    db.exec(`
      CREATE TABLE answers_kept (
        record_kind TEXT NOT NULL CHECK (record_kind IN ('sale', 'topup', 'cancellation')),
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
      INSERT INTO answers_kept (record_kind, record_id, seq, request, send, attempt, status, whole, received_at,
          body, encoding)
        SELECT record_kind, record_id, seq, request, send, attempt, status, whole, received_at, body, encoding
        FROM answers;
      DROP TABLE answers;
      ALTER TABLE answers_kept RENAME TO answers;
      CREATE TRIGGER answers_are_never_changed BEFORE UPDATE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
      CREATE TRIGGER answers_are_never_removed BEFORE DELETE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;

      -- The cancel call is a cancellation's one send; a read that succeeded keeps no status, as a
      -- sale's settling read does; a call that ended without a body is kept as an empty, cut-off one.
      INSERT INTO answers (record_kind, record_id, seq, request, send, attempt, status, whole, received_at, body,
          encoding)
        SELECT 'cancellation', cancellation_id,
          row_number() OVER (PARTITION BY cancellation_id ORDER BY id),
          CASE call WHEN 'cancel' THEN 'POST /esims/cancel' ELSE 'GET /esims/order' END,
          CASE call WHEN 'cancel' THEN 1 END,
          CASE call WHEN 'cancel' THEN 1 END,
          CASE WHEN call = 'read' AND http_status = 200 THEN NULL ELSE http_status END,
          body IS NOT NULL, at, CAST(coalesce(body, '') AS BLOB), 'text'
        FROM cancellation_answers;
      DROP TABLE cancellation_answers;
    `);
  },
};
