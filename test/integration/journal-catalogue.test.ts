import { expect, it } from 'vitest';
import { CatalogueTable } from '../../electron/core/journal/catalogue-table';
import { tempJournalPerTest } from '../support/temp-journal';
import { syntheticCatalogue } from '../unit/renderer-catalogue-fixture';

// The catalogue cache is validated when read, like the settings: a bad row is skipped, never sold.

const journal = tempJournalPerTest('journal-catalogue');

it('skips and counts the rows that do not parse, and reads the rest in order', () => {
  const db = journal.open();
  const table = new CatalogueTable(db);
  const packages = syntheticCatalogue(5).map(({ retail, ...pkg }) => ({ ...pkg, raw: '{}' }));
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
