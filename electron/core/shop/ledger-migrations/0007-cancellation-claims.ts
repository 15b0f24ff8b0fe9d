import { LEDGER_REFUSALS } from '../ledger-refusals';
import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * One cancellation per sale in the whole shop. Any counter may cancel any sale of its shop; before it
 * asks the provider, it claims the sale here, through `claim_cancellation`, as its own role. The
 * first claim stands: a second counter is told who holds it, and never asks the provider. A claim is
 * also refused while the ledger holds another counter's cancellation of the sale that the provider did
 * not refuse (a counter that cancelled with the ledger down, and sent it since). The claiming counter
 * lets its claim go (`release_cancellation`) when the provider certainly did not cancel.
 */

const { notCounter } = LEDGER_REFUSALS;

export const l0007CancellationClaims: LedgerMigration = {
  version: 7,
  name: '0007-cancellation-claims',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      CREATE TABLE ledger.cancellation_claims (
        sale_counter_id text NOT NULL REFERENCES ledger.counters,
        sale_id text NOT NULL,
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        counter_id text NOT NULL REFERENCES ledger.counters,
        cancellation_id text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (sale_counter_id, sale_id)
      );
      CREATE INDEX cancellation_claims_by_shop ON ledger.cancellation_claims (shop_id, claimed_at);

      -- The claim on the sale after this call: the calling counter's when it took it (or held it), or
      -- the counter that holds it, with the cancellation it holds it for.
      CREATE FUNCTION ledger.claim_cancellation(sale_counter text, sale text, cancellation text)
        RETURNS TABLE (counter_id text, code text, cancellation_id text)
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
        seller ledger.counters;
        held ledger.cancellation_claims;
      BEGIN
        me := ledger.calling_counter();
        SELECT * INTO seller FROM ledger.counters c WHERE c.id = sale_counter;
        IF NOT FOUND OR seller.shop_id IS DISTINCT FROM me.shop_id THEN
          RAISE EXCEPTION USING ERRCODE = '${notCounter}',
            MESSAGE = format('%s is not a counter of this shop', sale_counter);
        END IF;
        -- One claim at a time per sale: the row is locked while it is decided.
        INSERT INTO ledger.cancellation_claims AS k (sale_counter_id, sale_id, shop_id, counter_id, cancellation_id)
          SELECT sale_counter, sale, me.shop_id, me.id, cancellation
          WHERE NOT EXISTS (
            SELECT 1 FROM ledger.records r
            WHERE r.counter_id <> me.id AND r.type = 'cancellation' AND r.state IS DISTINCT FROM 'refused'
              AND r.record->'rows'->0->>'sale_id' = sale AND r.shop_id = me.shop_id)
          ON CONFLICT (sale_counter_id, sale_id) DO UPDATE SET cancellation_id = EXCLUDED.cancellation_id,
            claimed_at = now()
            -- The counter that holds it may claim it again: its own journal keeps one cancellation live.
            WHERE k.counter_id = me.id;
        SELECT * INTO held FROM ledger.cancellation_claims k WHERE k.sale_counter_id = sale_counter AND k.sale_id = sale;
        IF NOT FOUND THEN
          -- Refused for a cancellation another counter sent before any claim: it holds the sale.
          RETURN QUERY SELECT r.counter_id, c.code, r.subject FROM ledger.records r
            JOIN ledger.counters c ON c.id = r.counter_id
            WHERE r.counter_id <> me.id AND r.type = 'cancellation' AND r.state IS DISTINCT FROM 'refused'
              AND r.record->'rows'->0->>'sale_id' = sale AND r.shop_id = me.shop_id
            ORDER BY r.first_at LIMIT 1;
          RETURN;
        END IF;
        RETURN QUERY SELECT held.counter_id, c.code, held.cancellation_id FROM ledger.counters c
          WHERE c.id = held.counter_id;
      END $$;

      -- The calling counter's claim for a cancellation the provider refused: the sale may be claimed again.
      CREATE FUNCTION ledger.release_cancellation(cancellation text) RETURNS void
        LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM ledger.cancellation_claims
          WHERE counter_id = (ledger.calling_counter()).id AND cancellation_id = cancellation $$;

      ALTER TABLE ledger.cancellation_claims ENABLE ROW LEVEL SECURITY;
      CREATE POLICY shop_reads ON ledger.cancellation_claims FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));

      REVOKE EXECUTE ON FUNCTION ledger.claim_cancellation(text, text, text),
        ledger.release_cancellation(text) FROM PUBLIC;
      GRANT SELECT ON ledger.cancellation_claims TO ${group};
      GRANT EXECUTE ON FUNCTION ledger.claim_cancellation(text, text, text),
        ledger.release_cancellation(text) TO ${group};
    `);
  },
};
