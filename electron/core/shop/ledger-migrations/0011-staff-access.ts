import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * Staff given access to another shop: a member of one shop's staff (their home shop, `staff.shop_id`)
 * who also works in another keeps one id and one PIN there. Only the ledger's owner gives or takes
 * away access (it writes `staff_access`; no counter may); taken away, the row stays with the time,
 * so the shop's counters read the member as no longer active there.
 *
 * A counter reads its own shop's access rows, and the members they name besides its own staff.
 * Such a member signs in there, approves there when a manager, and their wrong PINs count with their
 * home shop's (one count per person). Their name, role and PIN change at their home shop only.
 */
export const l0011StaffAccess: LedgerMigration = {
  version: 11,
  name: '0011-staff-access',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      CREATE TABLE ledger.staff_access (
        staff_id text NOT NULL REFERENCES ledger.staff,
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        granted_at timestamptz NOT NULL DEFAULT now(),
        granted_by name NOT NULL DEFAULT session_user,
        -- Null while the access holds.
        withdrawn_at timestamptz,
        PRIMARY KEY (staff_id, shop_id)
      );

      ALTER TABLE ledger.staff_access ENABLE ROW LEVEL SECURITY;
      CREATE POLICY shop_reads ON ledger.staff_access FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));
      GRANT SELECT ON ledger.staff_access TO ${group};

      -- Whether a member of the staff may work in the shop now: theirs, or given access to it. With the
      -- caller's rights: a counter learns it of its own shop only.
      CREATE FUNCTION ledger.works_in(member ledger.staff, shop bigint) RETURNS boolean
        LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp
        AS $$
        SELECT member.shop_id = shop OR EXISTS (
          SELECT 1 FROM ledger.staff_access a
          WHERE a.staff_id = member.id AND a.shop_id = shop AND a.withdrawn_at IS NULL)
      $$;

      -- A counter reads its shop's staff, and the members its shop was ever given access to (read as
      -- not active there once it was taken away).
      ALTER POLICY shop_reads ON ledger.staff USING (
        shop_id = (SELECT ledger.shop_of(current_user))
        OR EXISTS (SELECT 1 FROM ledger.staff_access a
          WHERE a.staff_id = id AND a.shop_id = (SELECT ledger.shop_of(current_user))));

      CREATE OR REPLACE FUNCTION ledger.staff_approver(me ledger.counters, approver text) RETURNS void
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      BEGIN
        PERFORM 1 FROM ledger.staff s WHERE s.role = 'manager' AND s.active
          AND CASE WHEN approver IS NULL THEN s.counter_id = me.id AND s.shop_id = me.shop_id
            ELSE s.id = approver AND s.counter_id IS NULL AND ledger.works_in(s, me.shop_id) END;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'the approval is not by an active manager of this shop';
        END IF;
      END $$;

      CREATE OR REPLACE FUNCTION ledger.pin_tried(staff_id text, reset boolean, failed integer) RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters := ledger.calling_counter();
        member ledger.staff;
        result integer;
      BEGIN
        IF failed < 0 THEN
          RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'a count of wrong PINs is never negative';
        END IF;
        SELECT * INTO member FROM ledger.staff s WHERE s.id = staff_id AND s.counter_id IS NULL FOR UPDATE;
        IF NOT FOUND OR NOT ledger.works_in(member, me.shop_id) THEN
          RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'no such member of this shop''s staff';
        END IF;
        UPDATE ledger.staff SET failures = CASE WHEN reset THEN 0 ELSE failures END + failed,
            failed_at = CASE WHEN failed > 0 THEN now() WHEN reset THEN NULL ELSE failed_at END
          WHERE id = staff_id RETURNING failures INTO result;
        -- Every shop the member works in counts the same PINs.
        PERFORM ledger.notify_shop(member.shop_id, 'staff');
        PERFORM ledger.notify_shop(a.shop_id, 'staff') FROM ledger.staff_access a
          WHERE a.staff_id = member.id AND a.withdrawn_at IS NULL;
        RETURN result;
      END $$;

      REVOKE EXECUTE ON FUNCTION ledger.works_in(ledger.staff, bigint) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION ledger.works_in(ledger.staff, bigint) TO ${group};
    `);
  },
};
