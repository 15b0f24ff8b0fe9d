import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { SettingsTable } from '../journal/settings-table';
import { PosFailure } from '../pos/failure';

/**
 * The manager PIN guards settings, credentials and reprints. Only a scrypt hash is stored; wrong
 * guesses are slowed down by a lock-out, since a 4-digit PIN has only 10,000 values.
 */
interface StoredPin {
  readonly salt: string;
  readonly hash: string;
  readonly n: number;
  readonly r: number;
  readonly p: number;
}

const KEY = 'manager.pin';
const SCRYPT = { n: 16_384, r: 8, p: 1 } as const;
const MAX_FAILURES = 5;
const LOCKOUT_MS = 60_000;

export class ManagerPin {
  private failures = 0;
  private lockedUntil = 0;

  constructor(
    private readonly settings: SettingsTable,
    private readonly now: () => Date,
  ) {}

  isSet(): boolean {
    return this.settings.get<StoredPin>(KEY) !== null;
  }

  /** Chooses the PIN at first start, or changes it given the current one. */
  set(pin: string, currentPin?: string): void {
    if (this.isSet()) {
      if (currentPin === undefined)
        throw new PosFailure('PIN_REQUIRED', 'Enter the current manager PIN to change it.');
      this.require(currentPin);
    }
    const salt = randomBytes(16);
    const hash = scryptSync(pin, salt, 32, { N: SCRYPT.n, r: SCRYPT.r, p: SCRYPT.p });
    this.settings.set(KEY, {
      salt: salt.toString('base64'),
      hash: hash.toString('base64'),
      ...SCRYPT,
    } satisfies StoredPin);
  }

  /** Whether the PIN is right. Counts failures; after five in a row, refuses for a minute. */
  verify(pin: string): boolean {
    const stored = this.settings.get<StoredPin>(KEY);
    if (!stored) throw new PosFailure('PIN_REQUIRED', 'No manager PIN is set yet. Choose one first.');
    const now = this.now().getTime();
    if (now < this.lockedUntil) {
      const seconds = Math.ceil((this.lockedUntil - now) / 1000);
      throw new PosFailure('PIN_INVALID', `Too many wrong PINs. Try again in ${seconds} seconds.`, {
        retryAfterSeconds: seconds,
      });
    }
    const expected = Buffer.from(stored.hash, 'base64');
    const given = scryptSync(pin, Buffer.from(stored.salt, 'base64'), expected.length, {
      N: stored.n,
      r: stored.r,
      p: stored.p,
    });
    const valid = timingSafeEqual(given, expected);
    if (valid) {
      this.failures = 0;
    } else if (++this.failures >= MAX_FAILURES) {
      this.failures = 0;
      this.lockedUntil = this.now().getTime() + LOCKOUT_MS;
    }
    return valid;
  }

  /** Throws PIN_INVALID unless the PIN is right. */
  require(pin: string): void {
    if (!this.verify(pin)) throw new PosFailure('PIN_INVALID', 'The manager PIN is not right.');
  }
}
