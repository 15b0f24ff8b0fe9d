import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each store of the journal (a class whose name ends in Journal or Table) is built once, by the part
// of the core that owns it, and handed to whatever reads it: two instances of one store would be two
// owners of one table, and a later cache or lock in one would not be seen by the other.
const root = resolve(import.meta.dirname, '../..');
const core = join(root, 'electron/core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the journal has one owner per store', () => {
  const files = sourceFiles(core).map((file) => ({
    file: relative(root, file),
    text: readFileSync(file, 'utf8'),
  }));
  const stores = files.flatMap(({ text }) =>
    [...text.matchAll(/export class (\w+(?:Journal|Table))\b/g)].map((match) => match[1]!),
  );

  it('finds the stores', () => {
    expect(stores).toEqual(expect.arrayContaining(['SalesJournal', 'TopUpsJournal', 'SettingsTable']));
  });

  it.each(stores)('%s is built in one place in the core', (store) => {
    const builtIn = files.flatMap(({ file, text }) =>
      Array.from(text.matchAll(new RegExp(`\\bnew ${store}\\(`, 'g')), () => file),
    );
    expect(builtIn.length, `built in ${builtIn.join(', ')}`).toBeLessThanOrEqual(1);
  });
});
