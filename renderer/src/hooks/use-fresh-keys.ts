import { type MouseEvent, useCallback, useEffect, useRef } from 'react';

interface KeyPress {
  readonly timeStamp: number;
  readonly repeat: boolean;
}

/**
 * Tells a deliberate activation from a stray key. A button pressed with the pointer always counts;
 * one activated from the keyboard counts only when its key went down while this component was shown
 * and was not the key's auto-repeat: an Enter held or bouncing from the step before (a scanner's
 * trailing Enter, the Enter that opened the dialog) never confirms what it did not see.
 */
export function useFreshKeys(): (event: MouseEvent) => boolean {
  const shownAt = useRef(Number.POSITIVE_INFINITY);
  const lastKey = useRef<KeyPress | null>(null);
  useEffect(() => {
    shownAt.current = performance.now();
    function onKeyDown(event: KeyboardEvent): void {
      lastKey.current = { timeStamp: event.timeStamp, repeat: event.repeat };
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return useCallback((event: MouseEvent) => {
    // `detail` counts pointer clicks; a click made by a key has none.
    if (event.detail > 0) return true;
    const key = lastKey.current;
    return key !== null && !key.repeat && key.timeStamp >= shownAt.current;
  }, []);
}
