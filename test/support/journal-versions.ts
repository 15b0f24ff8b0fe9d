import { GENESIS_HASH } from '../../electron/core/journal/chain';
import type { Db } from '../../electron/core/journal/database';
import {
  COUNT_SOLD,
  saleCompletionTriggers,
} from '../../electron/core/journal/migrations/0010-journal-at-scale';
import {
  CHAIN_LINK_COLUMNS,
  CHAIN_LOOKUPS_AND_GUARDS,
} from '../../electron/core/journal/migrations/chain-table';

/**
 * Journals put back by hand in the form an earlier schema version kept, from a journal the current
 * code wrote: so a migration's test runs it on real rows, written as the counter writes them. The
 * caller sets `user_version`.
 */

/** Back to version 12: the chain as version 14 kept it, no receipt index, best sellers by day alone. */
export function backToVersion12(db: Db): void {
  chainAsVersion14(db);
  db.exec(`
    -- A receipt's print history had no index until version 14.
    DROP INDEX audit_receipts;
    -- Best sellers read the per-day summary alone until version 13.
    DROP TRIGGER sales_sold_on_completion;
    DROP TRIGGER sales_sold_on_insert;
    DROP TABLE sales_sold_week;
    DROP TABLE sales_sold_week_start;
    ${saleCompletionTriggers(COUNT_SOLD)}
  `);
}

/**
 * The chain as versions 11 to 14 kept it, rebuilt from the current one: each hash as 64 characters of
 * hex, and beside it the hash of the link before (`prev_hash`), as those versions wrote them.
 */
export function chainAsVersion14(db: Db): void {
  db.exec(`
    CREATE TABLE chain_v14 (
      ${CHAIN_LINK_COLUMNS}
      record BLOB NOT NULL,
      record_encoding TEXT NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      PRIMARY KEY (counter_id, seq)
    ) STRICT;
    INSERT INTO chain_v14 SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding,
      -- hex() of no link before is '', not NULL.
      coalesce(nullif(lower(hex(lag(hash) OVER (PARTITION BY counter_id ORDER BY seq))), ''), '${GENESIS_HASH}'),
      lower(hex(hash))
    FROM chain ORDER BY counter_id, seq;
    DROP TABLE chain;
    ALTER TABLE chain_v14 RENAME TO chain;
    ${CHAIN_LOOKUPS_AND_GUARDS}
  `);
}
