import type pg from 'pg';
import { checkedMigrations } from '../../journal/migrations';
import { l0001Ledger } from './0001-ledger';
import { l0002ShopDays } from './0002-shop-days';
import { l0003CounterContact } from './0003-counter-contact';
import { l0004ShopChanges } from './0004-shop-changes';
import { l0005TopUpLeases } from './0005-topup-leases';
import { l0006ShopSettings } from './0006-shop-settings';
import { l0007CancellationClaims } from './0007-cancellation-claims';
import { l0008Staff } from './0008-staff';
import { l0009SettingsApproval } from './0009-settings-approval';
import { l0010OtherShops } from './0010-other-shops';
import { l0011StaffAccess } from './0011-staff-access';
import { l0012OwnLogin } from './0012-own-login';

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
export const LEDGER_MIGRATIONS: readonly LedgerMigration[] = checkedMigrations([
  l0001Ledger,
  l0002ShopDays,
  l0003CounterContact,
  l0004ShopChanges,
  l0005TopUpLeases,
  l0006ShopSettings,
  l0007CancellationClaims,
  l0008Staff,
  l0009SettingsApproval,
  l0010OtherShops,
  l0011StaffAccess,
  l0012OwnLogin,
]);

/** The ledger schema this code reads and writes. */
export function latestLedgerVersion(): number {
  return LEDGER_MIGRATIONS.at(-1)?.version ?? 0;
}
