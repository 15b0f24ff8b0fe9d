import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Db } from './database';
import { writeTransaction } from './journal-write';

/** A package as cached: converted once at the API's edge; retail is computed on read from the pricing rules. */
export type StoredPackage = Omit<CataloguePackage, 'retail'>;

/** The catalogue cache: the counter sells from it, so a slow or absent network never blocks a search. */
export class CatalogueTable {
  constructor(private readonly db: Db) {}

  /** Replaces the whole cache in one transaction: a reader sees the old catalogue or the new, never half. */
  replaceAll(packages: readonly (StoredPackage & { readonly raw: string })[], syncedAt: string): void {
    const insert = this.db.prepare(
      'INSERT INTO catalogue (code, position, package_json, raw_json, synced_at) VALUES (?, ?, ?, ?, ?)',
    );
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM catalogue').run();
      packages.forEach(({ raw, ...pkg }, position) => {
        insert.run(pkg.code, position, JSON.stringify(pkg), raw, syncedAt);
      });
    });
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
