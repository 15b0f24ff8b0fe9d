import { useEffect } from 'react';
import { SCREEN_KEYS } from '../components/NavBar';
import { SCREENS, useScreen } from '../stores/screen-store';
import { useSession } from '../stores/session-store';

/** The print key: the receipt of what is on screen, not the browser's print of the page. */
export const PRINT_KEY = { aria: 'Control+P', shown: 'Ctrl+P' } as const;

/** The receipt button the print key presses, when a sale or top-up on screen has one. */
const PRINT_TARGET = '[data-print-key]';

/**
 * The counter's global keys: F2–F8 switch screens (and put the keyboard in the screen's main field),
 * F9 switches language, Ctrl+P prints the receipt on screen, "/" jumps to the destination search
 * from anywhere outside a text field.
 */
export function useShortcuts(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      const plain = !(event.altKey || event.ctrlKey || event.metaKey);
      // The counter's language changes nothing but the words, so it switches inside a dialog too: a
      // cashier who reads the other language better can read the question before answering it.
      if (plain && event.key === 'F9') {
        event.preventDefault();
        useSession.getState().toggleLanguage();
        return;
      }
      // An open dialog owns the rest of the keyboard until it is answered.
      if (document.querySelector('dialog[open]')) return;
      if (event.ctrlKey && !event.altKey && event.key.toLowerCase() === 'p') {
        const print = document.querySelector<HTMLButtonElement>(PRINT_TARGET);
        if (print) {
          event.preventDefault();
          print.click();
        }
        return;
      }
      if (!plain) return;
      const screen = SCREENS.find((each) => SCREEN_KEYS[each] === event.key);
      if (screen) {
        event.preventDefault();
        useScreen.getState().go(screen);
        return;
      }
      const target = event.target as HTMLElement | null;
      const typing =
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement ||
        target?.isContentEditable === true;
      if (event.key === '/' && !typing) {
        event.preventDefault();
        useScreen.getState().go('sell');
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
