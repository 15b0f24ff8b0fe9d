import { type RefObject, useEffect } from 'react';
import { type Screen, useScreen } from '../stores/screen-store';

/**
 * Puts the keyboard in a screen's main field whenever the cashier arrives on it (by shortcut or
 * tab), so the next keystroke or scan lands where it should.
 */
export function useFocusOnScreen(screen: Screen, target: RefObject<HTMLElement | null>): void {
  const arrival = useScreen((state) => state.arrival);
  const current = useScreen((state) => state.screen);
  useEffect(() => {
    if (current !== screen || arrival === 0) return;
    const element = target.current;
    element?.focus();
    if (element instanceof HTMLInputElement) element.select();
  }, [arrival, current, screen, target]);
}
