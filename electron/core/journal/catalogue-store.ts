import type { CataloguePackage } from '../../../shared/domain';
import type { Db } from './database';

/** A package as cached: converted once at the API's edge; retail is computed on read from the pricing rules. */
export type StoredPackage = Omit<CataloguePackage, 'retail'>;

/** What the last sync left beside the packages (in the settings table, written in the sync's transaction). */
interface LastSync {
  readonly syncedAt: string;
  readonly skipped: number;
}
const LAST_SYNC_KEY = 'catalogue.lastSync';

/** The catalogue cache: the counter sells from it, so a slow or absent network never blocks a search. */
export class CatalogueStore {
  constructor(private readonly db: Db) {}

  /**
   * Replaces the whole cache in one transaction: a reader sees the old catalogue or the new, never
   * half. `skipped` (the provider's packages that could not be read) is kept with it, for the status.
   */
  replaceAll(
    packages: readonly (StoredPackage & { readonly raw: string })[],
    syncedAt: string,
    skipped = 0,
  ): void {
    const insert = this.db.prepare(
      'INSERT INTO catalogue (code, position, package_json, raw_json, synced_at) VALUES (?, ?, ?, ?, ?)',
    );
    const lastSync: LastSync = { syncedAt, skipped };
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM catalogue').run();
      packages.forEach(({ raw, ...pkg }, position) => {
        insert.run(pkg.code, position, JSON.stringify(pkg), raw, syncedAt);
      });
      this.db
        .prepare(
          'INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json',
        )
        .run(LAST_SYNC_KEY, JSON.stringify(lastSync));
    })();
  }

  /** How many of the provider's packages the last sync left out because they could not be read. */
  skipped(): number {
    const row = this.db.prepare('SELECT value_json FROM settings WHERE key = ?').get(LAST_SYNC_KEY) as
      | { value_json: string }
      | undefined;
    return row ? (JSON.parse(row.value_json) as LastSync).skipped : 0;
  }

  list(): StoredPackage[] {
    const rows = this.db.prepare('SELECT package_json FROM catalogue ORDER BY position').all() as {
      package_json: string;
    }[];
    return rows.map((row) => JSON.parse(row.package_json) as StoredPackage);
  }

  get(code: string): StoredPackage | null {
    const row = this.db.prepare('SELECT package_json FROM catalogue WHERE code = ?').get(code) as
      | { package_json: string }
      | undefined;
    return row ? (JSON.parse(row.package_json) as StoredPackage) : null;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM catalogue').get() as { n: number }).n;
  }

  syncedAt(): string | null {
    const row = this.db.prepare('SELECT max(synced_at) AS at FROM catalogue').get() as { at: string | null };
    return row.at;
  }
}
