import { useEffect } from 'react';
import { pos } from '../bridge/pos';
import { useSettings } from '../stores/settings-store';
import { useTill } from './till-store';

/** What a cashier's hands do at the counter: any of these in any window keeps it unlocked. */
const PRESENCE = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;
/** The counter's windows tell each other of a cashier's presence here (same origin, any window). */
const PRESENCE_CHANNEL = 'esim-counter.presence';
/** A moving mouse says so many times a second; the other windows need it once a second at most. */
const TOLD_EVERY_MS = 1000;

/**
 * Locks the counter after the shop's idle time (Settings' `lockAfterMinutes`, 0 never) with no key,
 * click or touch in any of its windows: the core signs the cashier out (`signOut {idle: true}`, a
 * record of its own), every window follows its `till.updated` back to the sign-in, the customer
 * display forgets the last customer, and a Settings screen unlocked with the manager PIN locks. What
 * the cashier was doing stays in the screens' stores: a sale on the wire still gets its answer, shown
 * after the next sign-in. The timer is the window's own (so tests move it with the page's clock).
 */
export function useIdleLock(): void {
  const signedIn = useTill((state) => Boolean(state.till?.cashier));
  const minutes = useSettings((state) => state.settings?.lockAfterMinutes ?? 0);
  useEffect(() => {
    if (!signedIn || minutes <= 0) return;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(PRESENCE_CHANNEL) : null;
    let timer = 0;
    let toldAt = Number.NEGATIVE_INFINITY;
    const restart = (): void => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void pos()
          .signOut({ idle: true })
          .then((result) => {
            if (result.ok) useTill.getState().apply(result.value);
          });
      }, minutes * 60_000);
    };
    const seen = (): void => {
      restart();
      const now = Date.now();
      if (now - toldAt < TOLD_EVERY_MS) return;
      toldAt = now;
      channel?.postMessage('seen');
    };
    if (channel) channel.onmessage = restart;
    for (const kind of PRESENCE) window.addEventListener(kind, seen, { capture: true, passive: true });
    restart();
    return () => {
      window.clearTimeout(timer);
      channel?.close();
      for (const kind of PRESENCE) window.removeEventListener(kind, seen, { capture: true });
    };
  }, [signedIn, minutes]);

  // Whoever leaves the counter (signed out, or locked) leaves the manager's Settings locked too.
  useEffect(() => {
    if (!signedIn) useSettings.getState().lock();
  }, [signedIn]);
}
