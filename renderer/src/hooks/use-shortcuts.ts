import { useEffect } from 'react';
import { SCREEN_KEYS } from '../components/NavBar';
import { SCREENS, useScreen } from '../stores/screen-store';
import { useSession } from '../stores/session-store';

/**
 * The counter's global keys: F2–F8 switch screens (and put the keyboard in the screen's main field),
 * F9 switches language, "/" jumps to the destination search from anywhere outside a text field.
 */
export function useShortcuts(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // An open dialog owns the keyboard until it is answered.
      if (document.querySelector('dialog[open]')) return;
      const screen = SCREENS.find((each) => SCREEN_KEYS[each] === event.key);
      if (screen) {
        event.preventDefault();
        useScreen.getState().go(screen);
        return;
      }
      if (event.key === 'F9') {
        event.preventDefault();
        useSession.getState().toggleLanguage();
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
