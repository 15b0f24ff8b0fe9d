import { LEDGER_REFUSALS } from '../ledger-refusals';
import type { LedgerMigration } from '.';
import { counterGroup } from './counter-group';

/**
 * The shop day's own tables:
 * - `shop_days`: one row per shop and period, numbered by the ledger (1, 2, 3… per shop) the first
 *   time a manager reconciles it, with its latest run; a counter gets the number and stores a run
 *   through the two functions below, for its own shop only;
 * - `shop_resolutions`: how a manager resolved an exception of the shop day, once for the shop, with
 *   the amount it was given for (the same exception at another amount is open again). A counter adds
 *   them for its shop, in its own name; nobody changes or removes one.
 */

const { notCounter } = LEDGER_REFUSALS;

export const l0002ShopDays: LedgerMigration = {
  version: 2,
  name: '0002-shop-days',
  async up(client) {
    const group = await counterGroup(client);
    await client.query(`
      CREATE TABLE ledger.shop_days (
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        number integer NOT NULL CHECK (number >= 1),
        first_day date NOT NULL,
        last_day date NOT NULL CHECK (last_day >= first_day),
        opened_by text NOT NULL REFERENCES ledger.counters,
        opened_at timestamptz NOT NULL DEFAULT now(),
        result text CHECK (result IN ('reconciled', 'not_reconciled', 'unconfirmed', 'incomplete')),
        run_by text REFERENCES ledger.counters,
        run_at timestamptz,
        report jsonb,
        PRIMARY KEY (shop_id, number),
        UNIQUE (shop_id, first_day, last_day)
      );

      CREATE TABLE ledger.shop_resolutions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        exception_key text NOT NULL CHECK (length(exception_key) BETWEEN 1 AND 300),
        amount_minor bigint,
        currency text CHECK (currency ~ '^[A-Z]{3}$'),
        CHECK ((amount_minor IS NULL) = (currency IS NULL)),
        classification text NOT NULL,
        reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
        resolver_id text NOT NULL,
        resolver_name text NOT NULL,
        counter_id text NOT NULL REFERENCES ledger.counters,
        at timestamptz NOT NULL DEFAULT now()
      );
      -- One resolution per exception and amount: a second one for the same changes nothing.
      CREATE UNIQUE INDEX shop_resolutions_once ON ledger.shop_resolutions
        (shop_id, exception_key, coalesce(currency, ''), coalesce(amount_minor, 0));

      -- The counter whose role calls, or a refusal for any other role.
      CREATE FUNCTION ledger.calling_counter() RETURNS ledger.counters
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
      BEGIN
        SELECT * INTO me FROM ledger.counters WHERE role = session_user;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = '${notCounter}',
            MESSAGE = format('%s is not a counter of this ledger', session_user);
        END IF;
        RETURN me;
      END $$;

      -- The shop day's number: the one it has, or the shop's next. The shop's row is locked while it is
      -- given, so two managers closing at once get one number each.
      CREATE FUNCTION ledger.shop_day_number(first date, last date) RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
        given integer;
      BEGIN
        me := ledger.calling_counter();
        PERFORM 1 FROM ledger.shops WHERE id = me.shop_id FOR UPDATE;
        SELECT d.number INTO given FROM ledger.shop_days d
          WHERE d.shop_id = me.shop_id AND d.first_day = first AND d.last_day = last;
        IF FOUND THEN RETURN given; END IF;
        INSERT INTO ledger.shop_days (shop_id, number, first_day, last_day, opened_by)
          SELECT me.shop_id, coalesce(max(d.number), 0) + 1, first, last, me.id
          FROM ledger.shop_days d WHERE d.shop_id = me.shop_id
          RETURNING number INTO given;
        RETURN given;
      END $$;

      -- A run of the shop day, kept as its latest: by a counter of the shop, for a day it numbered.
      CREATE FUNCTION ledger.record_shop_day(day_number integer, day_result text, day_report jsonb) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
      BEGIN
        me := ledger.calling_counter();
        UPDATE ledger.shop_days SET result = day_result, report = day_report, run_by = me.id, run_at = now()
          WHERE shop_id = me.shop_id AND number = day_number;
      END $$;

      ALTER TABLE ledger.shop_days ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ledger.shop_resolutions ENABLE ROW LEVEL SECURITY;
      CREATE POLICY shop_reads ON ledger.shop_days FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));
      CREATE POLICY shop_reads ON ledger.shop_resolutions FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));
      CREATE POLICY own_resolutions ON ledger.shop_resolutions FOR INSERT
        WITH CHECK (shop_id = (SELECT ledger.shop_of(current_user))
          AND counter_id = (SELECT ledger.counter_of(current_user)));

      REVOKE EXECUTE ON FUNCTION ledger.calling_counter(), ledger.shop_day_number(date, date),
        ledger.record_shop_day(integer, text, jsonb) FROM PUBLIC;
      GRANT SELECT ON ledger.shop_days, ledger.shop_resolutions TO ${group};
      GRANT INSERT (shop_id, exception_key, amount_minor, currency, classification, reason, resolver_id,
        resolver_name, counter_id) ON ledger.shop_resolutions TO ${group};
      GRANT EXECUTE ON FUNCTION ledger.shop_day_number(date, date),
        ledger.record_shop_day(integer, text, jsonb) TO ${group};
    `);
  },
};
