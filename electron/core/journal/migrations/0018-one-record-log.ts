import { createHash } from 'node:crypto';
import { canonicalJson } from '../chain';
import { unpackRecord } from '../chain-record';
import type { Migration } from './index';
import { countRowsGone, rowsOf } from './rows-gone';

/**
 * One record log: the chain. Since version 6 every record went to the audit log and, in the same
 * transaction, to the chain as a link holding the same time, kind, subject and detail; the audit row
 * was a second copy of each (a fifth of a sale's bytes and a page write of each of its commits).
 *
 * An audit row is let go only once a link is found whose record holds it: the same time, kind and
 * subject, and a detail that reads the same (keys in any order), compared by a 128-bit SHA-256 digest of
 * the four. Rows that repeat pair off with links one for one.
 * Every other row is kept, as it was, in `unchained_records`: the records written before the chain
 * began (a journal older than version 6), and any whose link cannot be read back or says another thing.
 * What the chain does not cover is never taken for evidence, and never lost.
 *
 * The chain's index by shift kept every link; the shift's report reads only two kinds from it, the
 * sign-ins and the reprints, so each gets a partial index of its own.
 */
export const m0018OneRecordLog: Migration = {
  version: 18,
  name: '0018-one-record-log',
  rows: (db) => rowsOf(db, 'audit') + rowsOf(db, 'chain'),
  up(db, gone) {
    countRowsGone(db, gone);
    // A record's key: its time, kind, subject and detail (keys sorted), as the record itself says them.
    // Null when it cannot be read: a link whose bytes were edited, an audit row whose detail is not JSON.
    const keyOf = (read: () => { at: unknown; kind: unknown; subject: unknown; detail: unknown }) => {
      try {
        const { at, kind, subject, detail } = read();
        return createHash('sha256')
          .update(canonicalJson([at, kind, subject ?? null, detail ?? null]))
          .digest()
          .subarray(0, 16);
      } catch {
        return null;
      }
    };
    db.function('link_key', { deterministic: true }, (record, encoding) =>
      keyOf(() => JSON.parse(unpackRecord(record as Buffer, String(encoding)))),
    );
    db.function('audit_key', { deterministic: true }, (at, kind, subject, detail) =>
      keyOf(() => ({ at, kind, subject, detail: detail === null ? null : JSON.parse(String(detail)) })),
    );
    db.exec(`
      CREATE TABLE unchained_records (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        subject TEXT,
        detail_json TEXT
      ) STRICT;
      CREATE INDEX unchained_records_by_subject ON unchained_records (subject, kind);
      CREATE TRIGGER unchained_records_never_updated BEFORE UPDATE ON unchained_records
        BEGIN SELECT RAISE(ABORT, 'records are never edited'); END;
      CREATE TRIGGER unchained_records_never_deleted BEFORE DELETE ON unchained_records
        BEGIN SELECT RAISE(ABORT, 'records are never deleted'); END;

      -- Each record's key, worked out once (a window reads its input more than once), then numbered
      -- among the records of the same key, on both sides.
      CREATE TEMP TABLE link_keys AS
        SELECT link_key(record, record_encoding) AS key, counter_id, seq FROM chain WHERE migration_row();
      CREATE TEMP TABLE linked AS
        SELECT key, row_number() OVER (PARTITION BY key ORDER BY counter_id, seq) AS n
        FROM link_keys WHERE key IS NOT NULL;
      CREATE INDEX temp.linked_by_key ON linked (key, n);
      CREATE TEMP TABLE audit_keys AS
        SELECT id, audit_key(at, kind, subject, detail_json) AS key FROM audit WHERE migration_row();
      CREATE TEMP TABLE audited AS
        SELECT id, key, row_number() OVER (PARTITION BY key ORDER BY id) AS n FROM audit_keys;

      INSERT INTO unchained_records (id, at, kind, subject, detail_json)
        SELECT audit.id, audit.at, audit.kind, audit.subject, audit.detail_json
        FROM audited JOIN audit ON audit.id = audited.id
        WHERE audited.key IS NULL
          OR NOT EXISTS (SELECT 1 FROM linked WHERE linked.key = audited.key AND linked.n = audited.n)
        ORDER BY audit.id;

      DROP TABLE temp.link_keys;
      DROP TABLE temp.linked;
      DROP TABLE temp.audit_keys;
      DROP TABLE temp.audited;
      DROP TABLE audit;

      DROP INDEX chain_by_shift;
      CREATE INDEX chain_sign_ins_by_shift ON chain (shift_id, subject) WHERE kind = 'cashier.signed_in';
      CREATE INDEX chain_reprints_by_shift ON chain (shift_id) WHERE kind = 'receipt.copy';
    `);
  },
};
