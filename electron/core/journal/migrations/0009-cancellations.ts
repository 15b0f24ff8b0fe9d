import type { Migration } from './index';

/**
 * Cancellations and goodwill refunds. A cancellation asks the provider to cancel a sold eSIM's whole
 * order: its intent is written before anything is sent, every answer the provider gives is kept
 * (`cancellation_answers`, append-only), and an outcome that is not known is settled by reading only.
 * A goodwill refund (top-ups cannot be cancelled) is a reasoned cash pay-out the provider never
 * returns. Either takes a receipt number from the counter's one sequence and names the original's.
 */
export const m0009Cancellations: Migration = {
  version: 9,
  name: '0009-cancellations',
  up(db) {
    db.exec(`
      CREATE TABLE cancellations (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('cancellation', 'goodwill')),
        sale_id TEXT REFERENCES sales (id),
        topup_id TEXT REFERENCES topups (id),
        -- intent: journalled, not sent; sent: on the wire; cancelled: the provider cancelled the order;
        -- refused: the provider certainly did not; unknown: no answer, settled by reading only;
        -- recorded: a goodwill refund (nothing is sent).
        state TEXT NOT NULL CHECK (state IN ('intent', 'sent', 'cancelled', 'refused', 'unknown', 'recorded')),
        receipt_number INTEGER NOT NULL,
        original_receipt_number INTEGER NOT NULL,
        counter_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        cashier_id TEXT REFERENCES cashiers (id),
        shift_id TEXT REFERENCES shifts (id),
        approved_by TEXT NOT NULL REFERENCES cashiers (id),
        reason TEXT NOT NULL,
        iccid TEXT,
        order_reference TEXT,
        -- What the provider refunds to the account, and how: to the balance now, a refund request
        -- (in transit until the provider credits it), or settled separately (enterprise).
        refund_method TEXT CHECK (refund_method IN ('balance', 'refund_request', 'separate')),
        provider_refund_minor INTEGER,
        provider_refund_currency TEXT,
        -- Whether the provider will ever return the money: a goodwill refund is the shop's loss.
        recoverable INTEGER NOT NULL CHECK (recoverable IN (0, 1)),
        -- The cash handed back to the customer, and the drawer movement that recorded it.
        cash_refund_minor INTEGER CHECK (cash_refund_minor > 0),
        cash_refund_currency TEXT,
        cash_movement_id TEXT REFERENCES cash_movements (id),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error_json TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        settled_at TEXT,
        CHECK ((kind = 'cancellation') = (sale_id IS NOT NULL)),
        CHECK ((kind = 'goodwill') = (topup_id IS NOT NULL)),
        CHECK ((kind = 'goodwill') = (state = 'recorded')),
        CHECK ((cash_refund_minor IS NULL) = (cash_refund_currency IS NULL))
      ) STRICT;
      -- One cancellation of a sale at a time: another may start only after a refusal.
      CREATE UNIQUE INDEX cancellations_one_per_sale ON cancellations (sale_id)
        WHERE sale_id IS NOT NULL AND state != 'refused';
      CREATE INDEX cancellations_by_time ON cancellations (counter_id, created_at);
      CREATE INDEX cancellations_by_shift ON cancellations (shift_id);

      -- Every answer to a cancellation, as received: the cancel call's and each settling read's.
      CREATE TABLE cancellation_answers (
        id INTEGER PRIMARY KEY,
        cancellation_id TEXT NOT NULL REFERENCES cancellations (id),
        call TEXT NOT NULL CHECK (call IN ('cancel', 'read')),
        http_status INTEGER,
        body TEXT,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX cancellation_answers_by_cancellation ON cancellation_answers (cancellation_id, id);

      CREATE TRIGGER cancellations_settled_are_final BEFORE UPDATE ON cancellations
        WHEN OLD.state IN ('cancelled', 'refused', 'recorded') AND NOT (OLD.state = 'cancelled'
          AND NEW.state = 'cancelled' AND OLD.cash_movement_id IS NULL AND NEW.cash_movement_id IS NOT NULL)
        BEGIN SELECT RAISE(ABORT, 'a settled cancellation is never edited'); END;
      CREATE TRIGGER cancellations_never_deleted BEFORE DELETE ON cancellations
        BEGIN SELECT RAISE(ABORT, 'cancellations are never deleted'); END;
      CREATE TRIGGER cancellation_answers_never_updated BEFORE UPDATE ON cancellation_answers
        BEGIN SELECT RAISE(ABORT, 'cancellation_answers rows are never edited'); END;
      CREATE TRIGGER cancellation_answers_never_deleted BEFORE DELETE ON cancellation_answers
        BEGIN SELECT RAISE(ABORT, 'cancellation_answers rows are never deleted'); END;
    `);
  },
};
