/**
 * Parts of the chain's table that its forms share: version 6 created it, and versions 11 and 15
 * rebuilt it with each link stored more compactly. Migrations run once, so these are never changed:
 * a new form of the table is a new migration, with its own columns beside these.
 */

/** The columns every form of a chain link has had since version 6: what the record says, for lookups. */
export const CHAIN_LINK_COLUMNS = `
  counter_id TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT,
  cashier_id TEXT,
  shift_id TEXT,
`;

/**
 * The chain's two lookup indexes and the triggers that keep it append-only, as every rebuild of its
 * table since version 11 recreates them (a table's indexes and triggers go with it when it is dropped).
 */
export const CHAIN_LOOKUPS_AND_GUARDS = `
  CREATE INDEX chain_by_subject ON chain (subject, seq);
  CREATE INDEX chain_by_shift ON chain (shift_id, kind);
  CREATE TRIGGER chain_never_updated BEFORE UPDATE ON chain
    BEGIN SELECT RAISE(ABORT, 'chain rows are never edited'); END;
  CREATE TRIGGER chain_never_deleted BEFORE DELETE ON chain
    BEGIN SELECT RAISE(ABORT, 'chain rows are never deleted'); END;
`;
