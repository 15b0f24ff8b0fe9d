import type { Migration } from './index';

/**
 * What a sale was expected to cost (the package's listed cost times the quantity, in the account
 * currency), journalled with the intent: recovery matches a sale to the provider's order list by
 * package, amount and time, and the amount is this one.
 */
export const m0005SaleQuotedCost: Migration = {
  version: 5,
  name: '0005-sale-quoted-cost',
  up(db) {
    db.exec(`
      -- NULL for sales journalled before this migration: they are matched by package and time alone.
      ALTER TABLE sales ADD COLUMN quoted_cost_minor INTEGER;
      ALTER TABLE sales ADD COLUMN quoted_cost_currency TEXT;
      CREATE INDEX topups_by_order_reference ON topups (order_reference);
    `);
  },
};
