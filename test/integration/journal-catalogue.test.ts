import { expect, it } from 'vitest';
import { CatalogueTable } from '../../electron/core/journal/catalogue-table';
import { tempJournalPerTest } from '../support/temp-journal';
import { syntheticCatalogue } from '../unit/renderer-catalogue-fixture';

// The catalogue cache is validated when read, like the settings: a bad row is skipped, never sold.

const journal = tempJournalPerTest('journal-catalogue');

it('skips and counts the rows that do not parse, and reads the rest in order', () => {
  const db = journal.open();
  const table = new CatalogueTable(db);
  const packages = syntheticCatalogue(5).map(({ retail, atCost, ...pkg }) => ({ ...pkg, raw: '{}' }));
  table.replaceAll(packages, '2026-11-22T10:00:00.000Z');
  const [first, second, third] = packages.map((pkg) => pkg.code);
  const damage = db.prepare('UPDATE catalogue SET package_json = ? WHERE code = ?');
  // Written by an older version without the currency of the cost, and cut short by a bad disk.
  damage.run(JSON.stringify({ ...packages[1], raw: undefined, cost: { amount: 100 } }), second);
  damage.run('{"code":', third);
  const read = table.list();
  expect(read.unreadable).toBe(2);
  expect(read.packages.map((pkg) => pkg.code)).toEqual(
    packages.map((pkg) => pkg.code).filter((code) => code !== second && code !== third),
  );
  expect(read.packages[0]).toEqual(table.get(first!));
  expect(read.packages[0]).not.toHaveProperty('raw');
  expect(table.get(second!)).toBeNull();
  expect(table.get(third!)).toBeNull();
});

it('keeps the coverage learned per country through a sync that names no countries, never over the provider’s', () => {
  const table = new CatalogueTable(journal.open());
  const terse = syntheticCatalogue(3).map(({ retail, atCost, ...pkg }) => ({
    ...pkg,
    countries: [],
    raw: '{}',
  }));
  const [first, second, third] = terse.map((pkg) => pkg.code);
  table.replaceAll(terse, '2026-11-22T10:00:00.000Z');
  // The provider answered a search for Turkey with the first two and one the cache does not hold.
  expect(table.addCoverage('TR', [first!, second!, 'NOT-CACHED'])).toEqual([first, second]);
  expect(table.addCoverage('JP', [second!])).toEqual([second]);
  const countries = () => table.list().packages.map((pkg) => pkg.countries);
  expect(countries()).toEqual([['TR'], ['TR', 'JP'], []]);

  table.replaceAll(terse, '2026-11-22T16:00:00.000Z');
  expect(countries()).toEqual([['TR'], ['TR', 'JP'], []]);
  // A sync in which the provider names a package's countries replaces what was learned for it.
  table.replaceAll(
    terse.map((pkg) => (pkg.code === second ? { ...pkg, countries: ['FR'] } : pkg)),
    '2026-11-22T22:00:00.000Z',
  );
  expect(countries()).toEqual([['TR'], ['FR'], []]);
  expect(table.get(third!)?.countries).toEqual([]);
});

it('reads a package as its row stands now, after the row changed behind an earlier read', () => {
  const db = journal.open();
  const table = new CatalogueTable(db);
  const packages = syntheticCatalogue(2).map(({ retail, atCost, ...pkg }) => ({ ...pkg, raw: '{}' }));
  table.replaceAll(packages, '2026-11-22T10:00:00.000Z');
  const code = packages[0]!.code;
  const before = table.get(code);
  expect(before?.cost).toEqual(packages[0]!.cost);
  const damage = db.prepare('UPDATE catalogue SET package_json = ? WHERE code = ?');
  const dearer = { ...packages[0]!.cost, amount: packages[0]!.cost.amount + 100 };
  damage.run(JSON.stringify({ ...before, cost: dearer }), code);
  expect(table.get(code)?.cost).toEqual(dearer);
  damage.run('{"code":', code);
  expect(table.get(code)).toBeNull();
  damage.run(JSON.stringify(before), code);
  expect(table.get(code)).toEqual(before);
  db.prepare('DELETE FROM catalogue WHERE code = ?').run(code);
  expect(table.get(code)).toBeNull();
});
