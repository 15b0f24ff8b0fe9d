import type { Migration } from './index';

/**
 * The background checkers' queries (pending sales due a poll, in-doubt top-ups due a look at their
 * eSIM) read only the due rows of the connected mode, already in due order: an index on state, mode
 * and next check. It starts with the state, so the indexes on state alone go.
 */
export const m0003DueCheckIndexes: Migration = {
  version: 3,
  name: '0003-due-check-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX sales_due_checks ON sales (state, training, next_check_at);
      DROP INDEX sales_by_state;
      CREATE INDEX topups_due_checks ON topups (state, training, next_check_at);
      DROP INDEX topups_by_state;
    `);
  },
};
