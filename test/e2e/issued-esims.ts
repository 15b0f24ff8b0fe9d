import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * What the training simulator actually issued, read from its own SQLite file in the counter's data
 * directory (read-only): the evidence a QR code on screen is checked against. The simulator's
 * control API does not give activation codes, and the counter's own answer is what is under test.
 */
export function issuedLpas(dataDir: string): Map<string, string> {
  const db = new Database(join(dataDir, 'training-api.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT iccid, smdp_address, activation_code FROM esims ORDER BY id').all() as {
      iccid: string;
      smdp_address: string;
      activation_code: string;
    }[];
    return new Map(rows.map((row) => [row.iccid, `LPA:1$${row.smdp_address}$${row.activation_code}`]));
  } finally {
    db.close();
  }
}
