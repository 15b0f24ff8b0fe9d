import { type ApiPackage, PackageSchema } from '../../../shared/api';
import type { Db } from './database';

/** The catalogue cache: the counter sells from it, so a slow or absent network never blocks a search. */
export class CatalogueStore {
  constructor(private readonly db: Db) {}

  /** Replaces the whole cache in one transaction: a reader sees the old catalogue or the new, never half. */
  replaceAll(packages: readonly { pkg: ApiPackage; raw: unknown }[], syncedAt: string): void {
    const insert = this.db.prepare(
      'INSERT INTO catalogue (code, position, raw_json, synced_at) VALUES (?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM catalogue').run();
      packages.forEach(({ pkg, raw }, position) => {
        insert.run(pkg.package_code, position, JSON.stringify(raw), syncedAt);
      });
    })();
  }

  list(): ApiPackage[] {
    const rows = this.db.prepare('SELECT raw_json FROM catalogue ORDER BY position').all() as {
      raw_json: string;
    }[];
    return rows.flatMap((row) => {
      const parsed = PackageSchema.safeParse(JSON.parse(row.raw_json));
      return parsed.success ? [parsed.data] : [];
    });
  }

  get(code: string): ApiPackage | null {
    const row = this.db.prepare('SELECT raw_json FROM catalogue WHERE code = ?').get(code) as
      | { raw_json: string }
      | undefined;
    if (!row) return null;
    const parsed = PackageSchema.safeParse(JSON.parse(row.raw_json));
    return parsed.success ? parsed.data : null;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM catalogue').get() as { n: number }).n;
  }

  syncedAt(): string | null {
    const row = this.db.prepare('SELECT max(synced_at) AS at FROM catalogue').get() as { at: string | null };
    return row.at;
  }
}
