import type pg from 'pg';
import { checkedMigrations } from '../../journal/migrations';
import { l0001Ledger } from './0001-ledger';
import { l0002ShopDays } from './0002-shop-days';

/**
 * One step of the shop ledger's schema. `version` is the schema it leads to; `name` is its file.
 * `up` runs inside the migration's one transaction, as the ledger's owner (see ledger-schema.ts).
 */
export interface LedgerMigration {
  readonly version: number;
  readonly name: string;
  up(client: pg.ClientBase): Promise<void>;
}

/** Every migration of the ledger, by the version it leads to: 1, 2, 3… with no gap (checked at load). */
export const LEDGER_MIGRATIONS: readonly LedgerMigration[] = checkedMigrations([l0001Ledger, l0002ShopDays]);

/** The ledger schema this code reads and writes. */
export function latestLedgerVersion(): number {
  return LEDGER_MIGRATIONS.at(-1)?.version ?? 0;
}
