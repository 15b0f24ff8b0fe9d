import type { Migration } from './index';

/**
 * The background checks' index: the pending poller and the in-doubt top-up watcher ask "which rows in
 * this state are due by now, earliest first" every few seconds. An index on (state, next_check_at)
 * answers that as one range in order; the index on state alone it replaces made SQLite sort every
 * row in the state. (`EXPLAIN QUERY PLAN` test: test/integration/journal-migrations.test.ts.)
 */
export const m0003DueChecks: Migration = {
  version: 3,
  name: '0003-due-checks',
  up(db) {
    db.exec(`
      DROP INDEX sales_by_state;
      CREATE INDEX sales_by_state_due ON sales (state, next_check_at);
      DROP INDEX topups_by_state;
      CREATE INDEX topups_by_state_due ON topups (state, next_check_at);
    `);
  },
};
