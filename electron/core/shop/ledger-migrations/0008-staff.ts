import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * The shop's staff, once per shop (electron/core/cashiers/shop-staff.ts): each cashier and manager
 * with their role and the scrypt hash of their PIN (never the PIN), and their wrong PINs counted
 * across the shop. Each counter also has its own manager, who signs in with that counter's manager
 * PIN (Settings): kept here as the counter's (`counter:` and its id), without a hash, so the ledger
 * knows them as a manager who may approve at that counter only.
 *
 * Counters read their shop's rows; they change them only through the functions below, as their
 * role: a change names the manager who approved it, and the ledger checks that this is an active
 * manager of the calling counter's shop (the counter checked the PIN). Every change notifies the
 * shop's `staff` topic.
 */
export const l0008Staff: LedgerMigration = {
  version: 8,
  name: '0008-staff',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      CREATE TABLE ledger.staff (
        id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        -- Null for the shop's staff; a counter's id for that counter's own manager (its manager PIN).
        counter_id text REFERENCES ledger.counters,
        name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 80),
        role text NOT NULL CHECK (role IN ('cashier', 'manager')),
        pin jsonb,
        active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        changed_at timestamptz NOT NULL DEFAULT now(),
        changed_by text NOT NULL REFERENCES ledger.counters,
        approved_by text,
        -- Wrong PINs since the last right one, at any counter of the shop; when the last was given.
        failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
        failed_at timestamptz,
        CHECK ((counter_id IS NULL) = (pin IS NOT NULL)),
        CHECK (counter_id IS NULL OR role = 'manager')
      );
      CREATE UNIQUE INDEX staff_names ON ledger.staff (shop_id, name) WHERE active AND counter_id IS NULL;
      CREATE UNIQUE INDEX staff_counter_manager ON ledger.staff (counter_id) WHERE counter_id IS NOT NULL;

      ALTER TABLE ledger.staff ENABLE ROW LEVEL SECURITY;
      CREATE POLICY shop_reads ON ledger.staff FOR SELECT USING (shop_id = (SELECT ledger.shop_of(current_user)));
      GRANT SELECT ON ledger.staff TO ${group};

      -- A manager of the calling counter's shop who may approve there (null: the counter's own
      -- manager), or a refusal.
      CREATE FUNCTION ledger.staff_approver(me ledger.counters, approver text) RETURNS void
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      BEGIN
        PERFORM 1 FROM ledger.staff s WHERE s.shop_id = me.shop_id AND s.role = 'manager' AND s.active
          AND CASE WHEN approver IS NULL THEN s.counter_id = me.id ELSE s.id = approver AND s.counter_id IS NULL END;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'the approval is not by an active manager of this shop';
        END IF;
      END $$;

      -- Adds a member of the shop's staff, or changes one (null: unchanged); a new PIN clears the
      -- wrong PINs. Answers the row's new version.
      CREATE FUNCTION ledger.put_staff(staff_id text, new_name text, new_role text, new_pin jsonb,
          new_active boolean, approver text) RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters := ledger.calling_counter();
        held ledger.staff;
        result integer;
      BEGIN
        PERFORM ledger.staff_approver(me, approver);
        SELECT * INTO held FROM ledger.staff WHERE id = staff_id FOR UPDATE;
        IF NOT FOUND THEN
          INSERT INTO ledger.staff (id, shop_id, name, role, pin, active, changed_by, approved_by)
            VALUES (staff_id, me.shop_id, new_name, new_role, new_pin, coalesce(new_active, true), me.id, approver)
            RETURNING version INTO result;
        ELSIF held.shop_id <> me.shop_id OR held.counter_id IS NOT NULL THEN
          RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'no such member of this shop''s staff';
        ELSE
          UPDATE ledger.staff SET name = coalesce(new_name, name), role = coalesce(new_role, role),
              pin = coalesce(new_pin, pin), active = coalesce(new_active, active), version = version + 1,
              changed_at = now(), changed_by = me.id, approved_by = approver,
              failures = CASE WHEN new_pin IS NULL THEN failures ELSE 0 END,
              failed_at = CASE WHEN new_pin IS NULL THEN failed_at END
            WHERE id = staff_id RETURNING version INTO result;
        END IF;
        PERFORM ledger.notify_shop(me.shop_id, 'staff');
        RETURN result;
      END $$;

      -- The calling counter's own manager (its manager PIN), under its name.
      CREATE FUNCTION ledger.put_counter_manager(new_name text) RETURNS void
        LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
        INSERT INTO ledger.staff AS s (id, shop_id, counter_id, name, role, changed_by)
          SELECT 'counter:' || me.id, me.shop_id, me.id, new_name, 'manager', me.id FROM ledger.calling_counter() me
          ON CONFLICT (id) DO UPDATE SET shop_id = EXCLUDED.shop_id, name = EXCLUDED.name, changed_at = now()
            WHERE (s.shop_id, s.name) IS DISTINCT FROM (EXCLUDED.shop_id, EXCLUDED.name)
      $$;

      -- PINs given at the calling counter since it last told: wrong ones added to the shop's count,
      -- after a right one (reset) if any. Answers the shop's count.
      CREATE FUNCTION ledger.pin_tried(staff_id text, reset boolean, failed integer) RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters := ledger.calling_counter();
        result integer;
      BEGIN
        IF failed < 0 THEN
          RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'a count of wrong PINs is never negative';
        END IF;
        UPDATE ledger.staff SET failures = CASE WHEN reset THEN 0 ELSE failures END + failed,
            failed_at = CASE WHEN failed > 0 THEN now() WHEN reset THEN NULL ELSE failed_at END
          WHERE id = staff_id AND shop_id = me.shop_id AND counter_id IS NULL
          RETURNING failures INTO result;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'no such member of this shop''s staff';
        END IF;
        PERFORM ledger.notify_shop(me.shop_id, 'staff');
        RETURN result;
      END $$;

      REVOKE EXECUTE ON FUNCTION ledger.staff_approver(ledger.counters, text),
        ledger.put_staff(text, text, text, jsonb, boolean, text), ledger.put_counter_manager(text),
        ledger.pin_tried(text, boolean, integer) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION ledger.put_staff(text, text, text, jsonb, boolean, text),
        ledger.put_counter_manager(text), ledger.pin_tried(text, boolean, integer) TO ${group};
    `);
  },
};
