import type { SettingsTable } from '../journal/settings-table';
import { PosFailure } from '../pos/failure';
import { hashPin, pinMatches, type StoredPin } from './pin-hash';

/**
 * The manager PIN guards settings, credentials and reprints. Only a scrypt hash is stored; wrong
 * guesses are slowed down by a lock-out, since a 4-digit PIN has only 10,000 values.
 */
const KEY = 'manager.pin';
const MAX_FAILURES = 5;
const LOCKOUT_MS = 60_000;

export class ManagerPin {
  private failures = 0;
  private lockedUntil = 0;

  constructor(
    private readonly settings: SettingsTable,
    private readonly now: () => number = Date.now,
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

  /** Whether the PIN is right. Counts failures; after five in a row, refuses for a minute. */
  verify(pin: string): boolean {
    const stored = this.settings.get<StoredPin>(KEY);
    if (!stored) throw new PosFailure('PIN_REQUIRED', 'No manager PIN is set yet. Choose one first.');
    if (this.now() < this.lockedUntil) {
      const seconds = Math.ceil((this.lockedUntil - this.now()) / 1000);
      throw new PosFailure('PIN_INVALID', `Too many wrong PINs. Try again in ${seconds} seconds.`, {
        retryAfterSeconds: seconds,
      });
    }
    const valid = pinMatches(pin, stored);
    if (valid) {
      this.failures = 0;
    } else if (++this.failures >= MAX_FAILURES) {
      this.failures = 0;
      this.lockedUntil = this.now() + LOCKOUT_MS;
    }
    return valid;
  }

  /** Throws PIN_INVALID unless the PIN is right. */
  require(pin: string): void {
    if (!this.verify(pin)) throw new PosFailure('PIN_INVALID', 'The manager PIN is not right.');
  }
}
