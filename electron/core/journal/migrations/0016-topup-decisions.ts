import type { Migration } from './index';

/**
 * What a top-up in doubt waits on, and how it was settled. The API has no idempotency key for top-ups,
 * so no order the provider lists proves it is a lost top-up's own: a manager decides.
 * - `search_json`: the last look at the provider's orders (TopUpSearch): each order of the eSIM near
 *   the top-up, and what rules it out (placed after the counter stopped waiting, claimed by another
 *   record…). Rewritten at each look while the top-up is in doubt.
 * - `decision_json`: the manager's decision (TopUpDecision): who, when, and the order taken as the
 *   top-up's own, or none. Written once, with the move to completed or failed; a settled top-up's
 *   decision is never changed, as its other facts are not.
 */
export const m0016TopUpDecisions: Migration = {
  version: 16,
  name: '0016-topup-decisions',
  up(db) {
    db.exec(`
      ALTER TABLE topups ADD COLUMN search_json TEXT;
      ALTER TABLE topups ADD COLUMN decision_json TEXT;
      CREATE TRIGGER topups_decision_is_final BEFORE UPDATE OF decision_json ON topups
        WHEN OLD.state IN ('completed', 'failed')
        BEGIN SELECT RAISE(ABORT, 'a completed or failed top-up is never edited'); END;
    `);
  },
};
