import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { GENESIS_HASH } from '../../journal/chain';
import { LEDGER_REFUSALS } from '../ledger-refusals';
import type { LedgerMigration } from '.';

/**
 * The shop ledger's first schema, in the `ledger` schema of the business's database:
 * - shops and their counters, each counter with the PostgreSQL role it logs in as;
 * - `links`: every counter's chain, link by link, exactly as its journal hashed it; a trigger checks
 *   each link against the one before (sequence, hash, what the record says) as it arrives, stores a
 *   link sent twice once, and refuses another link for a sequence number it already holds (a fork);
 * - `records`: the current state of each record (a sale, a shift, a Z…), the newest link's version;
 * - `order_claims`: which counter's record holds each provider order (one owner per order);
 * - `problems`: what the ledger found critical (a fork, a second claim on an order).
 * Row-level security lets a counter's role add links of its own chain only and read its shop's rows;
 * everything else is derived by the trigger, which runs as the ledger's owner.
 */

const { fork, gap, hash, columns, notCounter } = LEDGER_REFUSALS;

export const l0001Ledger: LedgerMigration = {
  version: 1,
  name: '0001-ledger',
  async up(client) {
    // Role names belong to the whole server, which may hold other databases: the group every counter's
    // role joins gets a name no other ledger uses.
    const group = pg.escapeIdentifier(`ledger_counters_${randomBytes(5).toString('hex')}`);
    const database = pg.escapeIdentifier(
      (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0]?.name ?? '',
    );
    await client.query(`
      CREATE SCHEMA ledger;
      REVOKE ALL ON SCHEMA ledger FROM PUBLIC;
      -- Only the shop's counters (and the owner) reach this database, and nobody adds objects beside it.
      REVOKE CONNECT, TEMPORARY ON DATABASE ${database} FROM PUBLIC;
      REVOKE CREATE ON SCHEMA public FROM PUBLIC;

      CREATE TABLE ledger.schema_migrations (
        version integer PRIMARY KEY CHECK (version >= 1),
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        applied_by name NOT NULL DEFAULT session_user
      );

      CREATE ROLE ${group} NOLOGIN;
      GRANT CONNECT ON DATABASE ${database} TO ${group};
      CREATE TABLE ledger.info (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        counter_group name NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO ledger.info (counter_group) VALUES (${pg.escapeLiteral(group.slice(1, -1))});

      CREATE TABLE ledger.shops (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL UNIQUE CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 80),
        created_at timestamptz NOT NULL DEFAULT now()
      );

      -- id is the counter's own id, the one its chain names; code is printed on its receipts and Zs.
      CREATE TABLE ledger.counters (
        id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
        shop_id bigint NOT NULL REFERENCES ledger.shops,
        code text NOT NULL CHECK (code ~ '^[A-Z0-9]{1,6}$'),
        name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 80),
        role name NOT NULL UNIQUE,
        joined_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (shop_id, code)
      );

      -- A counter sends counter_id, seq, hash and record; the trigger fills in the rest from the record.
      CREATE TABLE ledger.links (
        counter_id text NOT NULL REFERENCES ledger.counters,
        seq bigint NOT NULL CHECK (seq >= 1),
        hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        record text NOT NULL,
        shop_id bigint NOT NULL,
        kind text NOT NULL,
        subject text,
        at timestamptz NOT NULL,
        received_at timestamptz NOT NULL,
        PRIMARY KEY (counter_id, seq)
      );
      CREATE INDEX links_by_shop ON ledger.links (shop_id, received_at);

      -- The record (type = the kind's first word, subject = its id) as its newest link left it.
      CREATE TABLE ledger.records (
        counter_id text NOT NULL REFERENCES ledger.counters,
        shop_id bigint NOT NULL,
        type text NOT NULL,
        subject text NOT NULL,
        seq bigint NOT NULL,
        kind text NOT NULL,
        first_seq bigint NOT NULL,
        first_at timestamptz NOT NULL,
        at timestamptz NOT NULL,
        version integer NOT NULL,
        state text,
        order_reference text,
        training boolean,
        shift_id text,
        cashier_id text,
        record jsonb NOT NULL,
        PRIMARY KEY (counter_id, type, subject)
      );
      CREATE INDEX records_by_shop ON ledger.records (shop_id, type, first_at);
      CREATE INDEX records_by_order ON ledger.records (order_reference) WHERE order_reference IS NOT NULL;

      CREATE TABLE ledger.order_claims (
        order_reference text PRIMARY KEY,
        counter_id text NOT NULL REFERENCES ledger.counters,
        shop_id bigint NOT NULL,
        type text NOT NULL,
        subject text NOT NULL,
        seq bigint NOT NULL,
        claimed_at timestamptz NOT NULL
      );
      CREATE INDEX order_claims_by_shop ON ledger.order_claims (shop_id);

      CREATE TABLE ledger.problems (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        shop_id bigint NOT NULL,
        counter_id text NOT NULL REFERENCES ledger.counters,
        kind text NOT NULL CHECK (kind IN ('chain_fork', 'second_claim')),
        seq bigint NOT NULL,
        detail jsonb NOT NULL,
        found_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (counter_id, kind, seq)
      );
      CREATE INDEX problems_by_shop ON ledger.problems (shop_id, found_at);

      -- Who a role is: its counter and its shop (null for any other role). Definer's rights, so the
      -- policies below can read the counters table without its own policy calling them again.
      CREATE FUNCTION ledger.counter_of(who name) RETURNS text
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$ SELECT id FROM ledger.counters WHERE role = who $$;
      CREATE FUNCTION ledger.shop_of(who name) RETURNS bigint
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$ SELECT shop_id FROM ledger.counters WHERE role = who $$;

      CREATE FUNCTION ledger.link_arrives() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        held text;
        prev text;
        rec jsonb;
        first_row jsonb;
        record_type text;
        reference text;
        claim ledger.order_claims;
      BEGIN
        SELECT l.hash INTO held FROM ledger.links l WHERE l.counter_id = NEW.counter_id AND l.seq = NEW.seq;
        IF FOUND THEN
          -- Sent twice (an acknowledgement lost on the way back): it changes nothing.
          IF held = NEW.hash THEN RETURN NULL; END IF;
          RAISE EXCEPTION USING ERRCODE = '${fork}', DETAIL = NEW.seq::text,
            MESSAGE = format('chain fork: the ledger already holds another link %s of counter %s', NEW.seq, NEW.counter_id);
        END IF;
        IF NEW.seq = 1 THEN
          prev := '${GENESIS_HASH}';
        ELSE
          SELECT l.hash INTO prev FROM ledger.links l WHERE l.counter_id = NEW.counter_id AND l.seq = NEW.seq - 1;
          IF NOT FOUND THEN
            RAISE EXCEPTION USING ERRCODE = '${gap}',
              MESSAGE = format('chain gap: link %s of counter %s came before link %s', NEW.seq, NEW.counter_id, NEW.seq - 1);
          END IF;
        END IF;
        IF encode(sha256(convert_to(prev || NEW.record, 'UTF8')), 'hex') <> NEW.hash THEN
          RAISE EXCEPTION USING ERRCODE = '${hash}',
            MESSAGE = format('link %s of counter %s does not hash to its hash after link %s', NEW.seq, NEW.counter_id, NEW.seq - 1);
        END IF;
        -- JSON may escape a NUL character, which jsonb cannot hold; the link keeps the exact text.
        rec := CASE WHEN strpos(NEW.record, '\\u0000') > 0
          THEN replace(NEW.record, '\\u0000', '\\ufffd')::jsonb ELSE NEW.record::jsonb END;
        IF rec->>'counter' IS DISTINCT FROM NEW.counter_id OR (rec->>'seq')::bigint IS DISTINCT FROM NEW.seq
            OR rec->>'kind' IS NULL OR rec->>'at' IS NULL THEN
          RAISE EXCEPTION USING ERRCODE = '${columns}',
            MESSAGE = format('link %s of counter %s holds a record of another link or no kind and time', NEW.seq, NEW.counter_id);
        END IF;
        SELECT c.shop_id INTO NEW.shop_id FROM ledger.counters c WHERE c.id = NEW.counter_id;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = '${notCounter}',
            MESSAGE = format('%s is not a counter of this ledger', NEW.counter_id);
        END IF;
        NEW.kind := rec->>'kind';
        NEW.subject := rec->>'subject';
        NEW.at := (rec->>'at')::timestamptz;
        NEW.received_at := clock_timestamp();
        IF NEW.subject IS NULL THEN RETURN NEW; END IF;

        record_type := split_part(NEW.kind, '.', 1);
        first_row := rec->'rows'->0;
        INSERT INTO ledger.records AS r (counter_id, shop_id, type, subject, seq, kind, first_seq, first_at, at,
            version, state, order_reference, training, shift_id, cashier_id, record)
          VALUES (NEW.counter_id, NEW.shop_id, record_type, NEW.subject, NEW.seq, NEW.kind, NEW.seq, NEW.at, NEW.at,
            (rec->>'v')::integer, first_row->>'state', first_row->>'order_reference',
            CASE first_row->>'training' WHEN '1' THEN true WHEN 'true' THEN true WHEN '0' THEN false
              WHEN 'false' THEN false END,
            rec->>'shift', rec->>'cashier', rec)
          ON CONFLICT (counter_id, type, subject) DO UPDATE SET seq = EXCLUDED.seq, kind = EXCLUDED.kind,
            at = EXCLUDED.at, version = EXCLUDED.version, state = EXCLUDED.state,
            order_reference = EXCLUDED.order_reference, training = EXCLUDED.training,
            shift_id = EXCLUDED.shift_id, cashier_id = EXCLUDED.cashier_id, record = EXCLUDED.record
          -- A newer version replaces an older one, never the reverse.
          WHERE r.seq < EXCLUDED.seq;

        -- A live sale or top-up holding a provider order claims it; the first claim stands.
        reference := first_row->>'order_reference';
        IF reference IS NULL OR record_type NOT IN ('sale', 'topup') OR first_row->>'training' IN ('1', 'true') THEN
          RETURN NEW;
        END IF;
        INSERT INTO ledger.order_claims (order_reference, counter_id, shop_id, type, subject, seq, claimed_at)
          VALUES (reference, NEW.counter_id, NEW.shop_id, record_type, NEW.subject, NEW.seq, NEW.received_at)
          ON CONFLICT (order_reference) DO NOTHING;
        IF NOT FOUND THEN
          SELECT * INTO claim FROM ledger.order_claims c WHERE c.order_reference = reference;
          IF (claim.counter_id, claim.type, claim.subject) IS DISTINCT FROM (NEW.counter_id, record_type, NEW.subject) THEN
            INSERT INTO ledger.problems (shop_id, counter_id, kind, seq, detail)
              VALUES (NEW.shop_id, NEW.counter_id, 'second_claim', NEW.seq, jsonb_build_object(
                'orderReference', reference, 'type', record_type, 'subject', NEW.subject,
                'claimedBy', jsonb_build_object('counter', claim.counter_id, 'type', claim.type,
                  'subject', claim.subject, 'seq', claim.seq)))
              ON CONFLICT (counter_id, kind, seq) DO NOTHING;
          END IF;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER link_arrives BEFORE INSERT ON ledger.links
        FOR EACH ROW EXECUTE FUNCTION ledger.link_arrives();

      -- A fork the ledger refused, kept: what it holds and what was offered for the same link. Checked
      -- against what the ledger holds, for the calling counter only.
      CREATE FUNCTION ledger.record_fork(fork_seq bigint, offered_hash text, offered_record text) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me ledger.counters;
        held ledger.links;
      BEGIN
        SELECT * INTO me FROM ledger.counters WHERE role = session_user;
        SELECT * INTO held FROM ledger.links WHERE counter_id = me.id AND seq = fork_seq;
        IF NOT FOUND OR held.hash = offered_hash THEN RETURN; END IF;
        INSERT INTO ledger.problems (shop_id, counter_id, kind, seq, detail)
          VALUES (me.shop_id, me.id, 'chain_fork', fork_seq, jsonb_build_object(
            'heldHash', held.hash, 'offeredHash', offered_hash, 'offeredRecord', offered_record))
          ON CONFLICT (counter_id, kind, seq) DO NOTHING;
      END $$;

      -- What a counter's pusher calls: its links in order, stored (or found already stored) together.
      -- Answers the counter's head in the ledger afterwards, and the link refused as a fork, if any
      -- (then none of these links is stored, and the fork is kept in problems).
      CREATE FUNCTION ledger.push(seqs bigint[], hashes text[], records text[])
        RETURNS TABLE (head_seq bigint, head_hash text, fork_seq bigint)
        LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
        AS $$
      DECLARE
        me text := ledger.counter_of(current_user);
        refused bigint;
        detail text;
      BEGIN
        IF me IS NULL THEN
          RAISE EXCEPTION USING ERRCODE = '${notCounter}',
            MESSAGE = format('%s is not a counter of this ledger', current_user);
        END IF;
        BEGIN
          INSERT INTO ledger.links (counter_id, seq, hash, record)
            SELECT me, t.seq, t.hash, t.record FROM unnest(seqs, hashes, records) AS t(seq, hash, record)
            ORDER BY t.seq;
        EXCEPTION WHEN SQLSTATE '${fork}' THEN
          GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
          refused := detail::bigint;
          PERFORM ledger.record_fork(refused, hashes[array_position(seqs, refused)],
            records[array_position(seqs, refused)]);
        END;
        RETURN QUERY SELECT l.seq, l.hash, refused FROM ledger.links l
          WHERE l.counter_id = me ORDER BY l.seq DESC LIMIT 1;
        IF NOT FOUND THEN RETURN QUERY SELECT NULL::bigint, NULL::text, refused; END IF;
      END $$;

      ALTER TABLE ledger.shops ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ledger.counters ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ledger.links ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ledger.records ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ledger.order_claims ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ledger.problems ENABLE ROW LEVEL SECURITY;
      CREATE POLICY own_shop ON ledger.shops FOR SELECT USING (id = (SELECT ledger.shop_of(current_user)));
      CREATE POLICY shop_reads ON ledger.counters FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));
      CREATE POLICY shop_reads ON ledger.links FOR SELECT USING (shop_id = (SELECT ledger.shop_of(current_user)));
      CREATE POLICY own_links ON ledger.links FOR INSERT
        WITH CHECK (counter_id = (SELECT ledger.counter_of(current_user)));
      CREATE POLICY shop_reads ON ledger.records FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));
      CREATE POLICY shop_reads ON ledger.order_claims FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));
      CREATE POLICY shop_reads ON ledger.problems FOR SELECT
        USING (shop_id = (SELECT ledger.shop_of(current_user)));

      REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA ledger FROM PUBLIC;
      GRANT USAGE ON SCHEMA ledger TO ${group};
      GRANT SELECT ON ledger.schema_migrations, ledger.info, ledger.shops, ledger.counters, ledger.links,
        ledger.records, ledger.order_claims, ledger.problems TO ${group};
      GRANT INSERT (counter_id, seq, hash, record) ON ledger.links TO ${group};
      GRANT EXECUTE ON FUNCTION ledger.counter_of(name), ledger.shop_of(name),
        ledger.record_fork(bigint, text, text), ledger.push(bigint[], text[], text[]) TO ${group};
    `);
  },
};
