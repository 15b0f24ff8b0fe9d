import { type CataloguePackage, CataloguePackageSchema } from '../../../shared/domain/catalogue';
import type { Db } from './database';
import { writeTransaction } from './journal-write';

/** A package as cached: converted once at the API's edge; retail is computed on read from the pricing rules. */
export type StoredPackage = Omit<CataloguePackage, 'retail'>;

const StoredPackageSchema = CataloguePackageSchema.omit({ retail: true });

/**
 * A cached row, validated as it is read (like the settings): a row an older version wrote in another
 * shape, or a damaged one, is left out rather than sold from; the next sync replaces it.
 */
function storedPackage(json: string): StoredPackage | null {
  try {
    const parsed = StoredPackageSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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
    return rows.flatMap((row) => storedPackage(row.package_json) ?? []);
  }

  get(code: string): StoredPackage | null {
    const row = this.db.prepare('SELECT package_json FROM catalogue WHERE code = ?').get(code) as
      | { package_json: string }
      | undefined;
    return row ? storedPackage(row.package_json) : null;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM catalogue').get() as { n: number }).n;
  }

  syncedAt(): string | null {
    const row = this.db.prepare('SELECT max(synced_at) AS at FROM catalogue').get() as { at: string | null };
    return row.at;
  }
}
