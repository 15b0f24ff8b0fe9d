import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every file of a ZIP as the system's `unzip` reads it (never this project's own writer), by name in
 * the archive's order, after `unzip -t` has checked every entry's CRC.
 */
export function unzipped(bytes: Uint8Array): Map<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'zip-'));
  try {
    const zip = join(dir, 'archive.zip');
    writeFileSync(zip, bytes);
    const tested = execFileSync('unzip', ['-t', zip], { encoding: 'utf8' });
    if (!/No errors detected/.test(tested)) throw new Error(`unzip finds errors:\n${tested}`);
    const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean);
    return new Map(names.map((name) => [name, execFileSync('unzip', ['-p', zip, name])]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CSV files of an export's ZIP (as exportCsv answers it), each with its whole text. */
export function exportedFiles(archive: { readonly base64: string }): { name: string; content: string }[] {
  return [...unzipped(Buffer.from(archive.base64, 'base64'))].map(([name, data]) => ({
    name,
    content: data.toString('utf8'),
  }));
}
