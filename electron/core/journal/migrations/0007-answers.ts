import type { Migration } from './index';

/**
 * Every answer the provider gave to a sale's or a top-up's send, kept as received whatever became of
 * it (read, refused, unreadable, cut off), and the reads that settled a record; and the eSIMs found
 * in the text of an answer that could not be read. A sale may be answered more than once (the
 * client's re-send, the cashier's "send again"), so one column overwritten by the last answer would
 * lose the others: the answers are rows of their own, appended and never changed. `raw_response`,
 * which held the last answer that moved a record, is moved into them and dropped, so each answer is
 * stored once.
 */
export const m0007Answers: Migration = {
  version: 7,
  name: '0007-answers',
  up(db) {
    db.exec(`
      CREATE TABLE answers (
        record_kind TEXT NOT NULL CHECK (record_kind IN ('sale', 'topup')),
        record_id TEXT NOT NULL,
        -- 1, 2, 3… in the order the journal took them.
        seq INTEGER NOT NULL CHECK (seq >= 1),
        -- What was asked ('POST /esims/order', 'GET /orders'…); NULL for an answer kept before this table.
        request TEXT,
        -- The record's send it answered (a sale's attempt count then; 1 for a top-up); NULL for a read.
        send INTEGER,
        -- The client's attempt within that send (2: its re-send); NULL for a read.
        attempt INTEGER,
        -- The HTTP status; NULL for a read (a success) and for an answer kept before this table.
        status INTEGER,
        -- 0 when the connection ended, or the deadline passed, before the whole body arrived.
        whole INTEGER NOT NULL CHECK (whole IN (0, 1)),
        -- This computer's clock; for an answer kept before this table, when its record last changed.
        received_at TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (record_kind, record_id, seq)
      ) STRICT;
      CREATE TRIGGER answers_are_never_changed BEFORE UPDATE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
      CREATE TRIGGER answers_are_never_removed BEFORE DELETE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;

      -- What installs each eSIM an unreadable answer of a sale named, with its ICCID where the answer
      -- gave one beside it: at hand when the sale is settled, never shown before.
      CREATE TABLE answer_esims (
        sale_id TEXT NOT NULL REFERENCES sales (id),
        answer_seq INTEGER NOT NULL,
        position INTEGER NOT NULL,
        iccid TEXT,
        lpa TEXT NOT NULL,
        smdp_address TEXT NOT NULL,
        activation_code TEXT NOT NULL,
        PRIMARY KEY (sale_id, answer_seq, position)
      ) STRICT;
      CREATE INDEX answer_esims_by_iccid ON answer_esims (iccid);

      INSERT INTO answers (record_kind, record_id, seq, whole, received_at, body)
        SELECT 'sale', id, 1, 1, updated_at, raw_response FROM sales WHERE raw_response IS NOT NULL;
      INSERT INTO answers (record_kind, record_id, seq, whole, received_at, body)
        SELECT 'topup', id, 1, 1, updated_at, raw_response FROM topups WHERE raw_response IS NOT NULL;
      ALTER TABLE sales DROP COLUMN raw_response;
      ALTER TABLE topups DROP COLUMN raw_response;
    `);
  },
};
