import { GENESIS_HASH } from '../chain';
import { FIRST_RECORD_ENCODING } from '../chain-record';
import { CHAIN_LINK_COLUMNS, CHAIN_LOOKUPS_AND_GUARDS } from './chain-table';
import type { Migration } from './index';
import { countRowsGone, rowsOf } from './rows-gone';

/**
 * A chain link smaller by about 98 bytes, four links a sale, rewritten in the migration's transaction:
 * - `hash` is kept as its 32 bytes, not as 64 characters of hex. It is read back as the same hex
 *   (chain.ts), so every head printed on a Z or in the accountant's pack stays what it was.
 * - `prev_hash` is no longer stored. It was by construction the hash of the link before, and each
 *   link's hash covers it: the check walks the links in order and takes it from there, so a link
 *   removed, inserted or edited still breaks every hash after it.
 * Nothing the check found before is lost. A link whose hash is not 64 characters of lowercase hex, or
 * whose `prev_hash` is not the hash of the link before it (only a journal edited behind its back has
 * either), keeps its hash as its text's bytes: no SHA-256 is that, so the check still names that link.
 */
export const m0015ChainHashesAsBytes: Migration = {
  version: 15,
  name: '0015-chain-hashes-as-bytes',
  rows: (db) => rowsOf(db, 'chain'),
  up(db, gone) {
    countRowsGone(db, gone);
    db.exec(`
      CREATE TABLE chain_v15 (
        ${CHAIN_LINK_COLUMNS}
        record BLOB NOT NULL,
        record_encoding TEXT NOT NULL CHECK (record_encoding IN ('${FIRST_RECORD_ENCODING}')),
        hash BLOB NOT NULL,
        PRIMARY KEY (counter_id, seq)
      ) STRICT;
      INSERT INTO chain_v15
        SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding,
          CASE WHEN length(hash) = 64 AND hash = lower(hash) AND unhex(hash) IS NOT NULL AND prev_hash = followed
            THEN unhex(hash) ELSE CAST(hash AS BLOB) END
        FROM (
          SELECT *, coalesce(lag(hash) OVER (PARTITION BY counter_id ORDER BY seq), '${GENESIS_HASH}') AS followed
          FROM chain
        )
        WHERE migration_row()
        ORDER BY counter_id, seq;
      DROP TABLE chain;
      ALTER TABLE chain_v15 RENAME TO chain;
      ${CHAIN_LOOKUPS_AND_GUARDS}
    `);
  },
};
