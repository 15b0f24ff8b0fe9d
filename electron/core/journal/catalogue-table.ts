import type { z } from 'zod';
import { CataloguePackageSchema } from '../../../shared/domain/catalogue';
import { MoneySchema } from '../../../shared/money-schema';
import type { Db } from './database';
import { writeTransaction } from './journal-write';

/**
 * A package as cached: converted once at the API's edge, with the provider's cost always; retail (and
 * whether it is at cost) is computed on read from the pricing rules.
 */
const StoredPackageSchema = CataloguePackageSchema.omit({ retail: true, atCost: true }).extend({
  cost: MoneySchema,
});
export type StoredPackage = z.infer<typeof StoredPackageSchema>;

/** What the last sync left beside the packages (in the settings table, written in the sync's transaction). */
interface LastSync {
  readonly syncedAt: string;
  readonly skipped: number;
}
const LAST_SYNC_KEY = 'catalogue.lastSync';

/** The cached catalogue as read: the packages that parse, and how many rows did not (and were skipped). */
export interface CatalogueRead {
  readonly packages: StoredPackage[];
  readonly unreadable: number;
}

/**
 * The catalogue cache: the counter sells from it, so a slow or absent network never blocks a search.
 * Rows are validated when read, like the settings: one written by an older version, or damaged, is
 * skipped (and counted) rather than offered for sale malformed; the next sync replaces it.
 */
export class CatalogueTable {
  /** How many cached rows do not parse, as last counted; null until the cache is read or replaced. */
  private unreadableRows: number | null = null;
  /**
   * Each package as last parsed, with the row text it was parsed from: a sale reads its package
   * twice (its price, then its order), and validating the row is most of a read. A row whose text
   * changed is parsed again, so nothing here can go stale.
   */
  private readonly parsed = new Map<string, { readonly json: string; readonly pkg: StoredPackage | null }>();

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
    writeTransaction(this.db, () => {
      // Coverage learned by asking the provider per country outlives a sync that names none.
      const learned = new Map(this.list().packages.map((pkg) => [pkg.code, pkg.countries]));
      this.db.prepare('DELETE FROM catalogue').run();
      packages.forEach(({ raw, ...pkg }, position) => {
        const countries = pkg.countries.length > 0 ? pkg.countries : (learned.get(pkg.code) ?? []);
        insert.run(pkg.code, position, JSON.stringify({ ...pkg, countries }), raw, syncedAt);
      });
      this.db
        .prepare(
          'INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json',
        )
        .run(LAST_SYNC_KEY, JSON.stringify(lastSync));
    });
    this.unreadableRows = 0;
    // Packages the provider no longer lists are not kept parsed.
    this.parsed.clear();
  }

  /**
   * Adds a country to the coverage of these cached packages, as the provider answered a search for
   * it. Answers the codes the cache holds.
   */
  addCoverage(country: string, codes: readonly string[]): string[] {
    const update = this.db.prepare('UPDATE catalogue SET package_json = ? WHERE code = ?');
    return writeTransaction(this.db, () =>
      codes.flatMap((code) => {
        const pkg = this.get(code);
        if (!pkg) return [];
        if (!pkg.countries.includes(country)) {
          update.run(JSON.stringify({ ...pkg, countries: [...pkg.countries, country] }), code);
        }
        return [code];
      }),
    );
  }

  /** How many of the provider's packages the last sync left out because they could not be read. */
  skipped(): number {
    const row = this.db.prepare('SELECT value_json FROM settings WHERE key = ?').get(LAST_SYNC_KEY) as
      | { value_json: string }
      | undefined;
    return row ? (JSON.parse(row.value_json) as LastSync).skipped : 0;
  }

  list(): CatalogueRead {
    const rows = this.db.prepare('SELECT package_json FROM catalogue ORDER BY position').all() as {
      package_json: string;
    }[];
    const packages: StoredPackage[] = [];
    for (const row of rows) {
      const pkg = storedPackageOf(row.package_json);
      if (pkg) packages.push(pkg);
    }
    this.unreadableRows = rows.length - packages.length;
    return { packages, unreadable: this.unreadableRows };
  }

  /** How many cached rows do not parse (and are not offered): counted once, then kept until the next sync. */
  unreadable(): number {
    return this.unreadableRows ?? this.list().unreadable;
  }

  /** The package, or null when it is not cached or its row does not parse. */
  get(code: string): StoredPackage | null {
    const row = this.db.prepare('SELECT package_json FROM catalogue WHERE code = ?').get(code) as
      | { package_json: string }
      | undefined;
    if (!row) return null;
    const known = this.parsed.get(code);
    if (known?.json === row.package_json) return known.pkg;
    const pkg = storedPackageOf(row.package_json);
    this.parsed.set(code, { json: row.package_json, pkg });
    return pkg;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM catalogue').get() as { n: number }).n;
  }

  syncedAt(): string | null {
    const row = this.db.prepare('SELECT max(synced_at) AS at FROM catalogue').get() as { at: string | null };
    return row.at;
  }
}

function storedPackageOf(json: string): StoredPackage | null {
  try {
    const parsed = StoredPackageSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
