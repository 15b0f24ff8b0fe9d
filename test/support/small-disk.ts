import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real small disk for storage faults: a tmpfs of a few megabytes mounted on a fresh directory, that
 * a test can fill to the last byte, free again, or remount read-only. Mounting needs root (CI runs as
 * root); without it the test fails saying so rather than pretending.
 */
export interface SmallDisk {
  readonly dir: string;
  /** Writes a filler file until the disk refuses another byte. */
  fill(): void;
  /** Removes the filler file. */
  free(): void;
  /** Remounts the disk read-only, as a failing disk or a write-protected card would be. */
  readOnly(): void;
  unmount(): void;
}

const FILLER = '.filler';

export function mountSmallDisk(bytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'small-disk-'));
  const size = Math.ceil(bytes / 4096) * 4096;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmdirSync(dir);
    throw new Error(`mounting a ${size}-byte tmpfs needs root: ${String(error)}`);
  }
  return {
    dir,
    fill() {
      const fd = openSync(join(dir, FILLER), 'a');
      const chunk = Buffer.alloc(4096, 0x5a);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(join(dir, FILLER), { force: true });
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' });
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmdirSync(dir);
    },
  };
}
