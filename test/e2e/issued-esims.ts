import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * What the training simulator actually holds, read from its own SQLite file in the counter's data
 * directory (read-only): the evidence what the counter shows is checked against. The simulator's
 * control API gives neither activation codes nor volumes and expiries, and the counter's own answer
 * is what is under test.
 */
function readSimulator<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'training-api.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function issuedLpas(dataDir: string): Map<string, string> {
  const rows = readSimulator(
    dataDir,
    (db) =>
      db.prepare('SELECT iccid, smdp_address, activation_code FROM esims ORDER BY id').all() as {
        iccid: string;
        smdp_address: string;
        activation_code: string;
      }[],
  );
  return new Map(rows.map((row) => [row.iccid, `LPA:1$${row.smdp_address}$${row.activation_code}`]));
}

export interface SimEsimRecord {
  readonly status: string;
  readonly totalMb: number;
  readonly usedMb: number;
  /** Milliseconds since the epoch, on the simulator's clock; null before the eSIM's validity starts. */
  readonly expiresAt: number | null;
  /** When it was first used on a network (simulator's clock); null before. */
  readonly activatedAt: number | null;
}

/** One eSIM's volume, usage, expiry and status as the provider keeps them. */
export function esimRecord(dataDir: string, iccid: string): SimEsimRecord {
  const row = readSimulator(
    dataDir,
    (db) =>
      db
        .prepare('SELECT status, total_mb, used_mb, expires_at, activated_at FROM esims WHERE iccid = ?')
        .get(iccid) as
        | {
            status: string;
            total_mb: number;
            used_mb: number;
            expires_at: number | null;
            activated_at: number | null;
          }
        | undefined,
  );
  if (!row) throw new Error(`the simulator has no eSIM ${iccid}`);
  return {
    status: row.status,
    totalMb: row.total_mb,
    usedMb: row.used_mb,
    expiresAt: row.expires_at,
    activatedAt: row.activated_at,
  };
}
