import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The map in docs/architecture.md stays true: every folder under the core and the renderer has its
// row in a table there, and every folder a row names still exists. A folder added without its row,
// or removed while its row stays, fails here, naming it.
const root = resolve(import.meta.dirname, '../..');
const MAPPED_ROOTS = ['electron/core', 'renderer/src'] as const;

function foldersUnder(dir: string): string[] {
  return readdirSync(join(root, dir))
    .filter((name) => statSync(join(root, dir, name)).isDirectory())
    .map((name) => `${dir}/${name}/`);
}

/** The folder named in each table row's first cell, as `` `path/` `` (the first code span ending in a slash). */
function rowFolders(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|')[1] ?? '')
    .flatMap((cell) => [...cell.matchAll(/`([^`]+\/)`/g)].map((match) => match[1] ?? ''));
}

describe('the map of the tree', () => {
  const rows = rowFolders(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));

  it('has a row for every folder under the core and the renderer', () => {
    const folders = MAPPED_ROOTS.flatMap(foldersUnder);
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((folder) => !rows.includes(folder))).toEqual([]);
  });

  it('names no folder that is gone', () => {
    const mapped = rows.filter((row) => MAPPED_ROOTS.some((dir) => row.startsWith(`${dir}/`)));
    expect(mapped.filter((row) => !isFolder(row))).toEqual([]);
  });
});

function isFolder(path: string): boolean {
  try {
    return statSync(join(root, path)).isDirectory();
  } catch {
    return false;
  }
}
