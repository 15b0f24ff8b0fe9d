import type { Currency } from '../../shared/money';
import type { Db } from './db';

/** An account row: the balance in integer minor units of its currency. */
export interface AccountRow {
  readonly id: number;
  readonly label: string;
  readonly access_code: string;
  readonly kind: 'business' | 'enterprise' | 'personal';
  readonly currency: Currency;
  readonly balance_minor: number;
  readonly user_exists: number;
  readonly network_read_at: number | null;
  readonly network_read_balance: number | null;
  readonly webhook_url: string | null;
  readonly webhook_events: string | null;
  readonly webhook_generation: number;
}

export type LedgerKind = 'order' | 'topup' | 'refund' | 'adjustment';

export interface LedgerRow {
  readonly id: number;
  readonly account_id: number;
  readonly kind: LedgerKind;
  readonly order_reference: string | null;
  readonly idempotency_key: string | null;
  readonly delta_minor: number;
  readonly balance_after_minor: number;
  readonly currency: Currency;
  readonly note: string | null;
  readonly at: number;
}

export function accountByCode(db: Db, accessCode: string): AccountRow | undefined {
  return db.prepare('SELECT * FROM accounts WHERE access_code = ?').get(accessCode) as AccountRow | undefined;
}

export function accountById(db: Db, id: number): AccountRow {
  const row = db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
  if (!row) throw new Error(`account ${id} does not exist`);
  return row;
}

export interface Posting {
  readonly kind: LedgerKind;
  /** Signed change in minor units: negative for charges, positive for refunds. */
  readonly delta: number;
  readonly orderReference?: string | null;
  readonly idempotencyKey?: string | null;
  readonly note?: string | null;
}

/**
 * Changes an account's balance and writes the ledger entry that explains it. Must run inside the
 * caller's transaction, together with the order rows, so a charge exists exactly when its order does.
 * Returns the balance after.
 */
export function post(db: Db, accountId: number, posting: Posting, at: number): number {
  if (!db.inTransaction) throw new Error('ledger postings must run inside a transaction');
  const account = accountById(db, accountId);
  const after = account.balance_minor + posting.delta;
  if (!Number.isSafeInteger(after)) throw new RangeError('balance out of range');
  // An API charge or refund also refreshes the enterprise network reading; adjustments (balance
  // loaded outside the API) show only once the cached reading expires.
  const refresh = posting.kind === 'adjustment' ? '' : ', network_read_at = NULL';
  db.prepare(`UPDATE accounts SET balance_minor = ?${refresh} WHERE id = ?`).run(after, accountId);
  db.prepare(
    `INSERT INTO ledger (account_id, kind, order_reference, idempotency_key, delta_minor, balance_after_minor, currency, note, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    accountId,
    posting.kind,
    posting.orderReference ?? null,
    posting.idempotencyKey ?? null,
    posting.delta,
    after,
    account.currency,
    posting.note ?? null,
    at,
  );
  return after;
}

export function ledgerOf(db: Db, accountId: number): LedgerRow[] {
  return db.prepare('SELECT * FROM ledger WHERE account_id = ? ORDER BY id').all(accountId) as LedgerRow[];
}

/** Credits an order's whole amount back to its account, as a `refund` entry naming the order and its key. */
export function refundOrder(
  db: Db,
  order: { account_id: number; amount_minor: number; reference: string; idempotency_key: string | null },
  note: string,
  at: number,
): number {
  return post(
    db,
    order.account_id,
    {
      kind: 'refund',
      delta: order.amount_minor,
      orderReference: order.reference,
      idempotencyKey: order.idempotency_key,
      note,
    },
    at,
  );
}
