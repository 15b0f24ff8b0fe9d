import { LEDGER_REFUSALS } from '../ledger-refusals';
import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * The shop's prices, rates and end-of-day rules, one numbered version per change: each row holds the
 * whole set as it stands from that version on (`settings`: `prices`, `rates`, `end_of_day`), which
 * part changed, the counter that sent it and the manager who approved it there. Versions are given by
 * the ledger, 1, 2, 3… per shop, under the shop's lock. A counter adds a version for its own shop
 * only, through the function, and only on top of the newest (a change made from an older version is
 * refused, so no manager overwrites a change they have not seen). Nobody changes or removes one.
 * Each new version notifies the shop's counters (topic `settings`, see shop-watch.ts).
 */

const { staleSettings } = LEDGER_REFUSALS;

export const l0006ShopSettings: LedgerMigration = {
  version: 6,
  name: '0006-shop-settings',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      CREATE TABLE ledger.shop_settings (
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        version integer NOT NULL CHECK (version >= 1),
        part text NOT NULL CHECK (part IN ('prices', 'rates', 'end_of_day', 'first')),
        settings jsonb NOT NULL CHECK (jsonb_typeof(settings) = 'object'
          AND settings ?& ARRAY['prices', 'rates', 'end_of_day']),
        counter_id text NOT NULL REFERENCES ledger.counters,
        manager text NOT NULL CHECK (length(manager) BETWEEN 1 AND 100),
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (shop_id, version)
      );

      -- A new version of the calling counter's shop, on top of version \`after\` (0 for the first).
      CREATE FUNCTION ledger.set_shop_settings(after integer, changed text, whole jsonb, approved_by text)
        RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
        newest integer;
      BEGIN
        me := ledger.calling_counter();
        PERFORM 1 FROM ledger.shops WHERE id = me.shop_id FOR UPDATE;
        SELECT coalesce(max(version), 0) INTO newest FROM ledger.shop_settings WHERE shop_id = me.shop_id;
        IF newest <> after THEN
          RAISE EXCEPTION USING ERRCODE = '${staleSettings}',
            MESSAGE = format('the shop''s settings are at version %s, not %s', newest, after);
        END IF;
        INSERT INTO ledger.shop_settings (shop_id, version, part, settings, counter_id, manager)
          VALUES (me.shop_id, newest + 1, changed, whole, me.id, approved_by);
        PERFORM ledger.notify_shop(me.shop_id, 'settings');
        RETURN newest + 1;
      END $$;

      ALTER TABLE ledger.shop_settings ENABLE ROW LEVEL SECURITY;
      CREATE POLICY shop_reads ON ledger.shop_settings FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));

      REVOKE EXECUTE ON FUNCTION ledger.set_shop_settings(integer, text, jsonb, text) FROM PUBLIC;
      GRANT SELECT ON ledger.shop_settings TO ${group};
      GRANT EXECUTE ON FUNCTION ledger.set_shop_settings(integer, text, jsonb, text) TO ${group};
    `);
  },
};
