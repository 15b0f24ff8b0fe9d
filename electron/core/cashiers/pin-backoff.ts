/**
 * How long a cashier's wrong PINs lock them out: three mistakes are free (fingers slip), then each
 * further one doubles the wait from 30 seconds, up to 15 minutes. The right PIN always works again
 * once the wait is over: a lock-out slows a guesser down, it never locks a cashier out for good.
 */
export const FREE_FAILURES = 3;
const FIRST_LOCKOUT_MS = 30_000;
const LONGEST_LOCKOUT_MS = 15 * 60_000;

export function lockoutAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCKOUT_MS * 2 ** (failures - FREE_FAILURES), LONGEST_LOCKOUT_MS);
}
