/**
 * The counter locks itself (signs out, back to the sign-in) after this many minutes with no key, click
 * or touch in any of its windows: a shop's setting (`lockAfterMinutes`), 0 never locks.
 */
export const DEFAULT_LOCK_AFTER_MINUTES = 5;
/** A working day: the longest idle time a shop may choose. */
export const MAX_LOCK_AFTER_MINUTES = 480;
