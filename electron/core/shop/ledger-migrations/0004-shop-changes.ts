import type { LedgerMigration } from '.';

/**
 * How a shop's counters hear of its changes at once (electron/core/shop/shop-watch.ts): each shop
 * gets a channel of its own, and the ledger notifies it, with what changed as the payload, from the
 * transaction that changed it (delivered on commit, once per topic and transaction).
 * - The channel's name is random and kept in the shop's row, which only its own counters read: a
 *   counter of another shop cannot name it to listen. A notification carries the topic only (`sale`,
 *   `staff`…); a counter reads what changed through row-level security, as ever.
 * - `ledger.notify_shop(shop, topic)` is what a table's trigger or a ledger function calls; counters
 *   may not call it (they notify by changing the shop's data).
 * - Links notify once per push, with each record type they carry (`sale`, `topup`, `cancellation`…).
 */
export const l0004ShopChanges: LedgerMigration = {
  version: 4,
  name: '0004-shop-changes',
  async up(client) {
    await client.query(`
      ALTER TABLE ledger.shops ADD COLUMN channel text NOT NULL UNIQUE
        DEFAULT 'ledger_shop_' || replace(gen_random_uuid()::text, '-', '');

      CREATE FUNCTION ledger.notify_shop(shop bigint, topic text) RETURNS void
        LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$ SELECT pg_notify(s.channel, topic) FROM ledger.shops s WHERE s.id = shop $$;
      REVOKE EXECUTE ON FUNCTION ledger.notify_shop(bigint, text) FROM PUBLIC;

      -- One pass over the links a push stored (a link sent twice is not among them).
      CREATE FUNCTION ledger.links_arrived() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      BEGIN
        PERFORM ledger.notify_shop(t.shop_id, t.topic) FROM (
          SELECT DISTINCT a.shop_id, split_part(a.kind, '.', 1) AS topic FROM arrived a WHERE a.subject IS NOT NULL
        ) t;
        RETURN NULL;
      END $$;
      REVOKE EXECUTE ON FUNCTION ledger.links_arrived() FROM PUBLIC;
      CREATE TRIGGER links_arrived AFTER INSERT ON ledger.links
        REFERENCING NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION ledger.links_arrived();
    `);
  },
};
