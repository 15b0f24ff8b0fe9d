import type { SettingsTable } from '../journal/settings-table';
import { PosFailure } from '../pos/failure';
import { hashPin, pinMatches, type StoredPin } from './pin-hash';

/**
 * The manager PIN guards settings, credentials and reprints. Only a scrypt hash is stored. A 4-digit
 * PIN has only 10,000 values, so wrong guesses are slowed down by a lock-out kept in the journal: a
 * restart of the app does not give a guesser fresh tries.
 */
/** Wrong PINs in a row since the last right one, and the lock-out they earned (none: lockMs 0). */
interface PinAttempts {
  readonly failures: number;
  /** When the current lock-out began, by the counter's clock (ms since the epoch). */
  readonly lockedAt: number;
  readonly lockMs: number;
}

const KEY = 'manager.pin';
const ATTEMPTS_KEY = 'manager.pin.attempts';
const NO_ATTEMPTS: PinAttempts = { failures: 0, lockedAt: 0, lockMs: 0 };

/** Wrong PINs that cost nothing: enough for a manager who mistypes. */
export const FREE_FAILURES = 4;
export const FIRST_LOCK_MS = 30_000;
/** The longest lock-out: the right PIN is never kept out for longer than this. */
export const MAX_LOCK_MS = 15 * 60_000;

/**
 * How long the PIN is locked after the `failures`-th wrong PIN in a row: not at all for the first
 * FREE_FAILURES, then 30 s, doubling with every further wrong PIN, at most MAX_LOCK_MS. A guesser gets
 * about one try per quarter of an hour; a manager who finally types the right PIN waits at most that.
 */
export function lockAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  const doublings = Math.min(failures - FREE_FAILURES - 1, 10);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, MAX_LOCK_MS);
}

export class ManagerPin {
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
    this.settings.set(KEY, hashPin(pin));
  }

  /**
   * Whether the PIN is right. While a lock-out lasts no PIN is checked at all (PIN_INVALID with
   * `retryAfterSeconds`); each wrong PIN is counted and audited in the journal, in one transaction
   * with the lock-out it earns.
   */
  verify(pin: string): boolean {
    const stored = this.settings.get<StoredPin>(KEY);
    if (!stored) throw new PosFailure('PIN_REQUIRED', 'No manager PIN is set yet. Choose one first.');
    const waitMs = this.lockRemaining();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new PosFailure('PIN_INVALID', `Too many wrong PINs. Try again in ${seconds} seconds.`, {
        retryAfterSeconds: seconds,
      });
    }
    const valid = pinMatches(pin, stored);
    if (valid) this.forgetFailures();
    else this.countFailure();
    return valid;
  }

  /** Throws PIN_INVALID unless the PIN is right. */
  require(pin: string): void {
    if (!this.verify(pin)) throw new PosFailure('PIN_INVALID', 'The manager PIN is not right.');
  }

  private attempts(): PinAttempts {
    return this.settings.get<PinAttempts>(ATTEMPTS_KEY) ?? NO_ATTEMPTS;
  }

  /**
   * What is left of the lock-out. A lock that seems to begin in the future means the clock was set
   * back: it starts again now, so it still ends, at most its own length later.
   */
  private lockRemaining(): number {
    const now = this.now().getTime();
    return this.settings.transaction(() => {
      const attempts = this.attempts();
      if (attempts.lockMs === 0) return 0;
      if (attempts.lockedAt > now) {
        this.settings.set(ATTEMPTS_KEY, { ...attempts, lockedAt: now } satisfies PinAttempts);
        return attempts.lockMs;
      }
      return Math.max(0, attempts.lockedAt + attempts.lockMs - now);
    });
  }

  private countFailure(): void {
    const now = this.now().getTime();
    const at = new Date(now).toISOString();
    this.settings.transaction(() => {
      const failures = this.attempts().failures + 1;
      const lockMs = lockAfter(failures);
      this.settings.set(ATTEMPTS_KEY, { failures, lockedAt: now, lockMs } satisfies PinAttempts);
      this.settings.audit(at, 'pin.failed', null, { failures });
      if (lockMs > 0) {
        const until = new Date(now + lockMs).toISOString();
        this.settings.audit(at, 'pin.locked', null, { failures, seconds: lockMs / 1000, until });
      }
    });
  }

  private forgetFailures(): void {
    this.settings.transaction(() => {
      if (this.attempts().failures > 0) this.settings.delete(ATTEMPTS_KEY);
    });
  }
}
