import type { PosError } from '../../../shared/errors';

/**
 * A manager's PIN is held in memory only while what it unlocks is open (the Settings screen, the
 * manager tools): each call sends it again and the core checks and audits it again. A refused PIN is
 * forgotten at once, so the next call asks for it anew.
 */
export function pinRefused(error: PosError): boolean {
  return error.code === 'PIN_INVALID' || error.code === 'PIN_REQUIRED';
}

/** The longest an approval is held even while its panel stays open: whoever comes next types it again. */
export const HELD_APPROVAL_MS = 5 * 60_000;
