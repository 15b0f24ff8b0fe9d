import { CHAIN_RECORD_ENCODING, packRecord } from '../chain-record';
import type { Migration } from './index';

/**
 * A sale's share of the journal, smaller: each link of the chain held its record as JSON text (about
 * 750 bytes, three links a sale); it is now stored deflated against a dictionary of what records look
 * like (chain-record.ts, about 75 bytes), and inflated to the same text, byte for byte, when the chain
 * is checked. Every link is rewritten in place, in the migration's transaction; hashes, sequence
 * numbers and every other column are copied unchanged, so the chain's head (printed on each Z and in
 * the accountant's pack) stays what it was.
 */
export const m0011CompactChain: Migration = {
  version: 11,
  name: '0011-compact-chain',
  up(db) {
    db.function('chain_record_pack', { deterministic: true }, (text) => packRecord(String(text)));
    db.exec(`
      CREATE TABLE chain_compact (
        counter_id TEXT NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        subject TEXT,
        cashier_id TEXT,
        shift_id TEXT,
        record BLOB NOT NULL,
        record_encoding TEXT NOT NULL CHECK (record_encoding IN ('${CHAIN_RECORD_ENCODING}')),
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (counter_id, seq)
      ) STRICT;
      INSERT INTO chain_compact
        SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id, chain_record_pack(record_json),
          '${CHAIN_RECORD_ENCODING}', prev_hash, hash
        FROM chain ORDER BY counter_id, seq;
      DROP TABLE chain;
      ALTER TABLE chain_compact RENAME TO chain;
      CREATE INDEX chain_by_subject ON chain (subject, seq);
      CREATE INDEX chain_by_shift ON chain (shift_id, kind);
      CREATE TRIGGER chain_never_updated BEFORE UPDATE ON chain
        BEGIN SELECT RAISE(ABORT, 'chain rows are never edited'); END;
      CREATE TRIGGER chain_never_deleted BEFORE DELETE ON chain
        BEGIN SELECT RAISE(ABORT, 'chain rows are never deleted'); END;
    `);
  },
};
