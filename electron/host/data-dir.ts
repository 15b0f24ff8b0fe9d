import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the web host (and the restore command) keep the counter's data unless told otherwise. */
export function defaultDataDir(): string {
  const base =
    process.platform === 'win32'
      ? (process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Application Support')
        : (process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'));
  return join(base, 'esim-counter');
}
