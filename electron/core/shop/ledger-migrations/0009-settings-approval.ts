import { LEDGER_REFUSALS } from '../ledger-refusals';
import type { LedgerMigration } from '.';

/**
 * A change of the shop's settings is approved by the shop's staff, as a change of its staff is
 * (0008): the function now checks the manager it names, not only the calling counter and its shop.
 * `approved_by` is a member of `ledger.staff`: an active manager of the calling counter's shop, or
 * null for the calling counter's own manager (its manager PIN); `ledger.staff_approver` refuses any
 * other. The version keeps that member's id (`counter:` and the counter's id for the counter's own).
 * A shop's `first` version is the first counter's own settings, approved by nobody: it is taken only
 * while the shop has no version, never on top of one.
 */

const { staleSettings } = LEDGER_REFUSALS;

export const l0009SettingsApproval: LedgerMigration = {
  version: 9,
  name: '0009-settings-approval',
  async up(client) {
    await client.query(`
      CREATE OR REPLACE FUNCTION ledger.set_shop_settings(after integer, changed text, whole jsonb, approved_by text)
        RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
        newest integer;
        manager text := approved_by;
      BEGIN
        me := ledger.calling_counter();
        PERFORM 1 FROM ledger.shops WHERE id = me.shop_id FOR UPDATE;
        SELECT coalesce(max(version), 0) INTO newest FROM ledger.shop_settings WHERE shop_id = me.shop_id;
        IF newest <> after THEN
          RAISE EXCEPTION USING ERRCODE = '${staleSettings}',
            MESSAGE = format('the shop''s settings are at version %s, not %s', newest, after);
        END IF;
        IF changed = 'first' THEN
          IF newest <> 0 THEN
            RAISE EXCEPTION USING ERRCODE = '${staleSettings}',
              MESSAGE = format('the shop''s settings are at version %s: a first version comes first', newest);
          END IF;
        ELSE
          PERFORM ledger.staff_approver(me, approved_by);
          manager := coalesce(approved_by, 'counter:' || me.id);
        END IF;
        INSERT INTO ledger.shop_settings (shop_id, version, part, settings, counter_id, manager)
          VALUES (me.shop_id, newest + 1, changed, whole, me.id, manager);
        PERFORM ledger.notify_shop(me.shop_id, 'settings');
        RETURN newest + 1;
      END $$;
    `);
  },
};
