import type { ReactNode } from 'react';
import { integer } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { usePending } from '../stores/pending-store';
import { SCREENS, type Screen, useScreen } from '../stores/screen-store';
import './nav-bar.css';

export const SCREEN_KEYS: Readonly<Record<Screen, string>> = {
  sell: 'F2',
  topup: 'F3',
  pending: 'F4',
  shift: 'F6',
  today: 'F7',
  settings: 'F8',
};

export function NavBar(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const screen = useScreen((state) => state.screen);
  const go = useScreen((state) => state.go);
  const waiting = usePending((state) => state.sales.length);
  const names: Record<Screen, string> = {
    sell: t.nav.sell,
    topup: t.nav.topUp,
    pending: t.nav.pending,
    shift: t.nav.shift,
    today: t.nav.today,
    settings: t.nav.settings,
  };
  return (
    <nav className="nav" aria-label={t.nav.label}>
      <div role="tablist" aria-label={t.nav.label}>
        {SCREENS.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`tab-${each}`}
            aria-selected={screen === each}
            aria-controls="screen"
            aria-keyshortcuts={SCREEN_KEYS[each]}
            tabIndex={screen === each ? 0 : -1}
            className={screen === each ? 'tab active' : 'tab'}
            // The name is what the tab shows (its word, the count waiting, its key), so speech input can
            // say what is seen; aria-keyshortcuts announces the key as a key.
            onClick={() => go(each)}
          >
            {names[each]}
            {each === 'pending' && waiting > 0 ? (
              <span className="count">{integer(waiting, language)}</span>
            ) : null}
            <kbd>{SCREEN_KEYS[each]}</kbd>
          </button>
        ))}
      </div>
    </nav>
  );
}
