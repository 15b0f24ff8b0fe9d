import type { ReactNode } from 'react';
import { PRINT_KEY } from '../hooks/use-shortcuts';
import { useMessages } from '../i18n/use-messages';
import { SCREEN_KEYS } from './NavBar';
import './shortcut-bar.css';

/** The keys that drive the counter, always on screen. */
export function ShortcutBar(): ReactNode {
  const t = useMessages();
  const keys: ReadonlyArray<readonly [string, string]> = [
    [SCREEN_KEYS.sell, t.nav.sell],
    [SCREEN_KEYS.topup, t.nav.topUp],
    [SCREEN_KEYS.pending, t.nav.pending],
    [SCREEN_KEYS.shift, t.nav.shift],
    [SCREEN_KEYS.today, t.nav.today],
    [SCREEN_KEYS.settings, t.nav.settings],
    ['F9', t.shortcuts.language],
    [PRINT_KEY.shown, t.find.printKey],
    ['/', t.shortcuts.search],
    ['↑ ↓', t.shortcuts.choose],
    ['Enter', t.shortcuts.select],
    ['Esc', t.shortcuts.back],
  ];
  return (
    <footer className="shortcut-bar">
      <h2 className="visually-hidden">{t.shortcuts.label}</h2>
      <ul aria-label={t.shortcuts.label}>
        {keys.map(([key, label]) => (
          <li key={key}>
            <kbd dir="ltr">{key}</kbd> {label}
          </li>
        ))}
      </ul>
    </footer>
  );
}
