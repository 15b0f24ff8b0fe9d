import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * One top-up in flight per eSIM in a shop. Before a counter sends a top-up it takes a lease on the
 * eSIM's ICCID here; the lease names the counter and its top-up, and the shop's other counters send
 * nothing for that eSIM while it holds.
 *
 * - One row per shop and ICCID: the latest lease, kept after its top-up ended as the shop's last
 *   word on that eSIM (whose top-up, when, how it ended) until the next lease replaces it.
 * - A lease holds until it is released or its two minutes are up (a top-up is on the wire for a
 *   minute at most); a counter killed while topping up holds nobody up for longer.
 * - Released when its top-up's outcome is journalled: completed or failed at once; in doubt, ten
 *   seconds later, so a second top-up's order is placed well after the first stopped waiting.
 * - A lease of another counter ended within ten minutes whose top-up may have charged (completed, in
 *   doubt, or never released) is the repeat question: a counter takes the lease after it only with
 *   the cashier's confirmation.
 * - Through the two functions only, as the calling counter, for its own shop: nobody takes or
 *   releases another counter's lease; an expired one is replaced.
 */
export const l0005TopUpLeases: LedgerMigration = {
  version: 5,
  name: '0005-topup-leases',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      CREATE TABLE ledger.topup_leases (
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        iccid text NOT NULL CHECK (iccid ~ '^[0-9]{1,32}$'),
        counter_id text NOT NULL REFERENCES ledger.counters,
        topup_id text NOT NULL CHECK (length(topup_id) BETWEEN 1 AND 100),
        taken_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        released_at timestamptz,
        outcome text CHECK (outcome IN ('completed', 'failed', 'in_doubt')),
        PRIMARY KEY (shop_id, iccid)
      );

      -- 'taken' (the lease is the caller's now), 'held' (another counter's lease holds) or 'repeat'
      -- (another counter's top-up of the last ten minutes may have charged: asked first), with the
      -- lease that answer is about and its counter.
      CREATE FUNCTION ledger.take_topup_lease(lease_iccid text, lease_topup text, repeat_confirmed boolean)
        RETURNS TABLE (answer text, counter_id text, counter_code text, counter_name text, topup_id text,
          taken_at timestamptz, expires_at timestamptz, released_at timestamptz, outcome text)
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters := ledger.calling_counter();
        held ledger.topup_leases;
        verdict text := 'taken';
      BEGIN
        -- Two counters taking one eSIM's lease at once: one waits for the other's answer.
        PERFORM pg_advisory_xact_lock(hashtextextended(me.shop_id::text || ':' || lease_iccid, 0));
        SELECT * INTO held FROM ledger.topup_leases l WHERE l.shop_id = me.shop_id AND l.iccid = lease_iccid;
        IF FOUND AND held.counter_id <> me.id THEN
          IF held.released_at IS NULL AND held.expires_at > now() THEN
            verdict := 'held';
          ELSIF NOT repeat_confirmed AND held.taken_at > now() - interval '10 minutes'
              AND held.outcome IS DISTINCT FROM 'failed' THEN
            verdict := 'repeat';
          END IF;
        END IF;
        IF verdict = 'taken' THEN
          INSERT INTO ledger.topup_leases AS l (shop_id, iccid, counter_id, topup_id, taken_at, expires_at)
            VALUES (me.shop_id, lease_iccid, me.id, lease_topup, now(), now() + interval '2 minutes')
            ON CONFLICT (shop_id, iccid) DO UPDATE SET counter_id = EXCLUDED.counter_id,
              topup_id = EXCLUDED.topup_id, taken_at = EXCLUDED.taken_at, expires_at = EXCLUDED.expires_at,
              released_at = NULL, outcome = NULL
            RETURNING * INTO held;
        END IF;
        RETURN QUERY SELECT verdict, held.counter_id, c.code, c.name, held.topup_id, held.taken_at,
            held.expires_at, held.released_at, held.outcome
          FROM ledger.counters c WHERE c.id = held.counter_id;
      END $$;

      -- The outcome of the caller's own top-up under its lease; false when that lease is not the
      -- ledger's latest for the eSIM (replaced after it expired).
      CREATE FUNCTION ledger.release_topup_lease(lease_iccid text, lease_topup text, lease_outcome text)
        RETURNS boolean
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters := ledger.calling_counter();
      BEGIN
        UPDATE ledger.topup_leases l SET outcome = lease_outcome,
            released_at = CASE WHEN lease_outcome = 'in_doubt' THEN NULL ELSE now() END,
            expires_at = CASE WHEN lease_outcome = 'in_doubt'
              THEN least(l.expires_at, now() + interval '10 seconds') ELSE l.expires_at END
          WHERE l.shop_id = me.shop_id AND l.iccid = lease_iccid AND l.counter_id = me.id
            AND l.topup_id = lease_topup AND l.outcome IS NULL;
        RETURN FOUND;
      END $$;

      ALTER TABLE ledger.topup_leases ENABLE ROW LEVEL SECURITY;
      CREATE POLICY shop_reads ON ledger.topup_leases FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));

      REVOKE EXECUTE ON FUNCTION ledger.take_topup_lease(text, text, boolean),
        ledger.release_topup_lease(text, text, text) FROM PUBLIC;
      GRANT SELECT ON ledger.topup_leases TO ${group};
      GRANT EXECUTE ON FUNCTION ledger.take_topup_lease(text, text, boolean),
        ledger.release_topup_lease(text, text, text) TO ${group};
    `);
  },
};
