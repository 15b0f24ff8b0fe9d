import Database from 'better-sqlite3';

/**
 * The build of better-sqlite3's addon this thread loads: node_modules' own under Node, Electron's
 * (scripts/prepare-electron-native.mjs) in the app. Chosen once, when the core or a thread starts,
 * for every backup file the journal's code opens.
 */
let nativeBinding: string | undefined;

export function chooseSqliteAddon(path: string | undefined): void {
  nativeBinding = path;
}

export function openSqlite(file: string, options: Database.Options = {}): Database.Database {
  return new Database(file, nativeBinding ? { ...options, nativeBinding } : options);
}
