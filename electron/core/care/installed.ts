import type { LiveStatus } from '../api';

/** The SM-DP+ state of a profile no device has downloaded yet. */
const NOT_DOWNLOADED = 'RELEASED';

/**
 * Whether the eSIM's profile has left the SM-DP+ for a device, as its live status says; null when the
 * provider's answer does not say (no SM-DP+ status): never read as "not installed".
 */
export function isInstalled(live: Pick<LiveStatus, 'smdpStatus'>): boolean | null {
  return live.smdpStatus === null ? null : live.smdpStatus.toUpperCase() !== NOT_DOWNLOADED;
}
