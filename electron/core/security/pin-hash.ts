import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * How a PIN is kept: a scrypt hash with its salt and parameters, never the PIN. A 4-digit PIN has only
 * 10,000 values, so the hash slows a guesser down and the back-off of whoever checks it does the rest.
 */
export interface StoredPin {
  readonly salt: string;
  readonly hash: string;
  readonly n: number;
  readonly r: number;
  readonly p: number;
}

const SCRYPT = { n: 16_384, r: 8, p: 1 } as const;

export function hashPin(pin: string): StoredPin {
  const salt = randomBytes(16);
  const hash = scryptSync(pin, salt, 32, { N: SCRYPT.n, r: SCRYPT.r, p: SCRYPT.p });
  return { salt: salt.toString('base64'), hash: hash.toString('base64'), ...SCRYPT };
}

/** Whether `pin` is the one `stored` was made from, in constant time. */
export function pinMatches(pin: string, stored: StoredPin): boolean {
  const expected = Buffer.from(stored.hash, 'base64');
  const given = scryptSync(pin, Buffer.from(stored.salt, 'base64'), expected.length, {
    N: stored.n,
    r: stored.r,
    p: stored.p,
  });
  return timingSafeEqual(given, expected);
}
