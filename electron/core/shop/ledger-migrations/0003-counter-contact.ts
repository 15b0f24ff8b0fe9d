import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * Each counter's last contact with the ledger, by the server's clock: the pusher marks it as a push
 * starts, and now and then while it has nothing to send. The shop day tells by it a counter whose
 * shift is open from one that has not been in touch since (its close may be waiting there). A counter
 * marks its own contact only, through the function; nobody writes the column otherwise.
 */
export const l0003CounterContact: LedgerMigration = {
  version: 3,
  name: '0003-counter-contact',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      ALTER TABLE ledger.counters ADD COLUMN contact_at timestamptz;

      CREATE FUNCTION ledger.mark_contact() RETURNS void
        LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$ UPDATE ledger.counters SET contact_at = now() WHERE id = (ledger.calling_counter()).id $$;

      REVOKE EXECUTE ON FUNCTION ledger.mark_contact() FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION ledger.mark_contact() TO ${group};
    `);
  },
};
