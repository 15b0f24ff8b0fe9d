import type pg from 'pg';
import { LEDGER_MIGRATIONS, type LedgerMigration, latestLedgerVersion } from './ledger-migrations';

/**
 * The shop ledger's schema version and its migrations, by the journal's rules: numbered steps with no
 * gap, all the pending ones in one transaction, recorded in `ledger.schema_migrations`; a ledger newer
 * than this code is refused, since this code would misread what a later version writes.
 *
 * Only the ledger's owner can migrate (a counter's role may not change the schema): the first counter
 * that joins does it with the owner's login, and so does a later version of the app when a manager
 * joins again with that login (docs/shop-ledger.md).
 */

/** Held while migrating, so two counters joining at once run the steps once. */
const MIGRATION_LOCK = 7_307_112_027;

/** The ledger was written by a newer version of the app than this one. */
export class LedgerNewerThanCode extends Error {
  override readonly name = 'LedgerNewerThanCode';
  constructor(
    readonly version: number,
    readonly latest: number,
  ) {
    super(
      `The shop ledger is at schema version ${version}, newer than this counter's ${latest}: update the app on this counter.`,
    );
  }
}

/** The ledger's schema version: 0 for a database the ledger has never been created in. */
export async function ledgerVersion(client: pg.ClientBase): Promise<number> {
  const table = await client.query<{ present: boolean }>(
    "SELECT to_regclass('ledger.schema_migrations') IS NOT NULL AS present",
  );
  if (!table.rows[0]?.present) return 0;
  const result = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM ledger.schema_migrations',
  );
  return result.rows[0]?.version ?? 0;
}

/**
 * Brings the ledger to the latest schema, in one transaction that either applies every pending step
 * or none. Answers the versions it went from and to.
 */
export async function migrateLedger(
  client: pg.ClientBase,
  migrations: readonly LedgerMigration[] = LEDGER_MIGRATIONS,
): Promise<{ from: number; to: number }> {
  const latest = migrations.at(-1)?.version ?? latestLedgerVersion();
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const from = await ledgerVersion(client);
    if (from > latest) throw new LedgerNewerThanCode(from, latest);
    for (const migration of migrations.filter((m) => m.version > from)) {
      await migration.up(client);
      await client.query('INSERT INTO ledger.schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    await client.query('COMMIT');
    return { from, to: Math.max(from, latest) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
