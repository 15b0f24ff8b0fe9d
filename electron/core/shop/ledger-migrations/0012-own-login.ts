import type { LedgerMigration } from '.';

/**
 * `ledger.counter_of(who)` and `ledger.shop_of(who)` answer for the calling login only
 * (`who = session_user`), null for any other name. Until now they answered for any role, and every
 * login reads the role names in `pg_roles`: a counter could learn another shop's counter ids and
 * shop number by asking about its roles.
 *
 * Same signatures, rights and grants, so every policy that calls them keeps working unchanged:
 * - a policy asks about `current_user`, the querying counter's role, which is its login;
 * - `ledger.push` runs with the caller's rights, so its `counter_of(current_user)` is the login's too;
 * - no function with the definer's rights asks them anything (they find the caller by
 *   `ledger.calling_counter()`, by `session_user`), and the owner, who owns the tables, reads past
 *   row-level security as before.
 * The owner's login is no counter: both answer it null, for any name.
 */
export const l0012OwnLogin: LedgerMigration = {
  version: 12,
  name: '0012-own-login',
  async up(client) {
    await client.query(`
      CREATE OR REPLACE FUNCTION ledger.counter_of(who name) RETURNS text
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$ SELECT id FROM ledger.counters WHERE role = who AND who = session_user $$;
      CREATE OR REPLACE FUNCTION ledger.shop_of(who name) RETURNS bigint
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$ SELECT shop_id FROM ledger.counters WHERE role = who AND who = session_user $$;
    `);
  },
};
