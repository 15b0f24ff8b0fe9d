import type { Migration } from './index';

/**
 * A counter in a shop cancels another counter's sale: the cancellation is this counter's record (its
 * receipt, its drawer's refund) pointing at a sale this journal does not hold. `sale_id` names the
 * sale (ids are unique in the shop) and `sale_counter_code` the counter that sold it, as its receipts
 * print it; null for this counter's own sales, which must still be in `sales` (a trigger says so now
 * that the column is no foreign key). SQLite cannot drop a foreign key in place: the table is built
 * again, its rows copied as they are, its indexes and guards as they were.
 */
export const m0019ShopSaleCancellations: Migration = {
  version: 19,
  name: '0019-shop-sale-cancellations',
  up(db) {
    db.exec(`
      CREATE TABLE cancellations_kept (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('cancellation', 'goodwill')),
        sale_id TEXT,
        -- The counter that sold it, when it is another counter of the shop (its code, as printed).
        sale_counter_code TEXT,
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
        CHECK (sale_counter_code IS NULL OR kind = 'cancellation'),
        CHECK ((kind = 'goodwill') = (topup_id IS NOT NULL)),
        CHECK ((kind = 'goodwill') = (state = 'recorded')),
        CHECK ((cash_refund_minor IS NULL) = (cash_refund_currency IS NULL))
      ) STRICT;
      INSERT INTO cancellations_kept (id, kind, sale_id, topup_id, state, receipt_number, original_receipt_number,
          counter_id, training, cashier_id, shift_id, approved_by, reason, iccid, order_reference, refund_method,
          provider_refund_minor, provider_refund_currency, recoverable, cash_refund_minor, cash_refund_currency,
          cash_movement_id, attempts, last_error_json, created_at, updated_at, settled_at)
        SELECT id, kind, sale_id, topup_id, state, receipt_number, original_receipt_number, counter_id, training,
          cashier_id, shift_id, approved_by, reason, iccid, order_reference, refund_method, provider_refund_minor,
          provider_refund_currency, recoverable, cash_refund_minor, cash_refund_currency, cash_movement_id, attempts,
          last_error_json, created_at, updated_at, settled_at
        FROM cancellations;
      DROP TABLE cancellations;
      ALTER TABLE cancellations_kept RENAME TO cancellations;

      -- One cancellation of a sale at a time: another may start only after a refusal.
      CREATE UNIQUE INDEX cancellations_one_per_sale ON cancellations (sale_id)
        WHERE sale_id IS NOT NULL AND state != 'refused';
      CREATE INDEX cancellations_by_time ON cancellations (counter_id, created_at);
      CREATE INDEX cancellations_by_shift ON cancellations (shift_id);

      CREATE TRIGGER cancellations_of_own_sales BEFORE INSERT ON cancellations
        WHEN NEW.sale_id IS NOT NULL AND NEW.sale_counter_code IS NULL
          AND NOT EXISTS (SELECT 1 FROM sales WHERE id = NEW.sale_id)
        BEGIN SELECT RAISE(ABORT, 'a cancellation of this counter names a sale of its journal'); END;
      CREATE TRIGGER cancellations_settled_are_final BEFORE UPDATE ON cancellations
        WHEN OLD.state IN ('cancelled', 'refused', 'recorded') AND NOT (OLD.state = 'cancelled'
          AND NEW.state = 'cancelled' AND OLD.cash_movement_id IS NULL AND NEW.cash_movement_id IS NOT NULL)
        BEGIN SELECT RAISE(ABORT, 'a settled cancellation is never edited'); END;
      CREATE TRIGGER cancellations_never_deleted BEFORE DELETE ON cancellations
        BEGIN SELECT RAISE(ABORT, 'cancellations are never deleted'); END;
    `);
  },
};
