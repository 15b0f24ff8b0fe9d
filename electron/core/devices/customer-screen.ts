/** A screen as the desktop shell sees it (Electron's Display, narrowed). */
export interface ScreenInfo {
  readonly id: number;
  /** True for a laptop's own panel. */
  readonly internal: boolean;
}

/**
 * The screen that faces the customer: one that is not the counter's (the primary screen), an
 * external one first (a laptop's own panel faces the cashier). None with a single screen: the
 * customer display then stays closed rather than cover the counter.
 */
export function customerScreen<S extends ScreenInfo>(screens: readonly S[], primaryId: number): S | null {
  const others = screens.filter((screen) => screen.id !== primaryId);
  return others.find((screen) => !screen.internal) ?? others[0] ?? null;
}
