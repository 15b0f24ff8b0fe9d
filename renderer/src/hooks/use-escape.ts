import { useEffect, useRef } from 'react';

/** Runs `action` when Escape is pressed anywhere while the component is shown and no dialog is open. */
export function useEscape(action: () => void): void {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      latest.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
