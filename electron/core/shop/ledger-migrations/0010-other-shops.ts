import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * Several shops on one account. A counter reads its own shop's rows only, yet its shop's day reads
 * the account's orders and balance, which move with every shop's. Two functions answer what the day
 * needs of the other shops, and nothing more, for the calling counter's shop only:
 * - `other_shop_claims`: of the orders given, each one a record of another shop claims, with that
 *   shop's name (never its counter, cashier, amount or record);
 * - `other_shops_money`: the other shops' deposits of the period and their cancellations' refunds
 *   credited to the balance between two readings, as sums per currency.
 */
export const l0010OtherShops: LedgerMigration = {
  version: 10,
  name: '0010-other-shops',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      CREATE FUNCTION ledger.other_shop_claims(refs text[])
        RETURNS TABLE (order_reference text, shop text)
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
      BEGIN
        me := ledger.calling_counter();
        RETURN QUERY SELECT c.order_reference, s.name FROM ledger.order_claims c
          JOIN ledger.shops s ON s.id = c.shop_id
          WHERE c.order_reference = ANY(refs) AND c.shop_id <> me.shop_id;
      END $$;

      -- Deposits by business day (first to last); refunds by when they reached the balance
      -- (after, until]. Only records of the account and mode (live or training) given count.
      CREATE FUNCTION ledger.other_shops_money(first date, last date, after timestamptz, until timestamptz,
          account text, in_training boolean)
        RETURNS TABLE (currency text, deposits_minor bigint, refunds_minor bigint)
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
      BEGIN
        me := ledger.calling_counter();
        RETURN QUERY
        WITH others AS (
          SELECT r.type, r.record->'rows'->0 AS f FROM ledger.records r
          WHERE r.shop_id <> me.shop_id AND r.type IN ('provider', 'cancellation')
            AND coalesce(r.training, false) = in_training
        ), money AS (
          SELECT o.f->>'currency' AS cur, (o.f->>'amount_minor')::bigint AS deposit, 0::bigint AS refund
          FROM others o
          WHERE o.type = 'provider' AND (o.f->>'account_ref' IS NULL OR o.f->>'account_ref' = account)
            AND o.f->>'amount_minor' IS NOT NULL AND o.f->>'currency' IS NOT NULL
            AND o.f->>'business_day' BETWEEN first::text AND last::text
          UNION ALL
          SELECT o.f->>'provider_refund_currency', 0, (o.f->>'provider_refund_minor')::bigint
          FROM others o
          WHERE o.type = 'cancellation' AND (o.f->>'account_ref' IS NULL OR o.f->>'account_ref' = account)
            AND o.f->>'kind' = 'cancellation' AND o.f->>'state' = 'cancelled'
            AND o.f->>'order_reference' IS NOT NULL AND o.f->>'refund_method' = 'balance'
            AND o.f->>'provider_refund_minor' IS NOT NULL AND o.f->>'provider_refund_currency' IS NOT NULL
            AND (o.f->>'settled_at')::timestamptz > after AND (o.f->>'settled_at')::timestamptz <= until
        )
        SELECT m.cur, sum(m.deposit)::bigint, sum(m.refund)::bigint FROM money m GROUP BY m.cur ORDER BY m.cur;
      END $$;

      REVOKE EXECUTE ON FUNCTION ledger.other_shop_claims(text[]),
        ledger.other_shops_money(date, date, timestamptz, timestamptz, text, boolean) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION ledger.other_shop_claims(text[]),
        ledger.other_shops_money(date, date, timestamptz, timestamptz, text, boolean) TO ${group};
    `);
  },
};
