import { closeSync, fsyncSync, openSync } from 'node:fs';

/**
 * Waits until a file's bytes are on the disk. Opened for writing: Windows flushes a file only through
 * a handle that may write it.
 */
export function syncFile(file: string): void {
  syncOpened(file, 'r+');
}

/** A new file's name reaches the disk only with its folder's own fsync. */
export function syncFolder(dir: string): void {
  syncOpened(dir, 'r');
}

function syncOpened(path: string, flags: string): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
