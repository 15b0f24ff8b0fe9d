import type { LiveStatus } from '../api';

/** The SM-DP+ state of a profile no device has downloaded yet. */
const NOT_DOWNLOADED = 'RELEASED';

/** Whether the eSIM's profile has left the SM-DP+ for a device, as its live status says. */
export function isInstalled(live: Pick<LiveStatus, 'smdpStatus'>): boolean {
  return live.smdpStatus !== null && live.smdpStatus.toUpperCase() !== NOT_DOWNLOADED;
}
