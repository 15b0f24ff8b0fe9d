import type { ReactNode } from 'react';
import { setupStepsLeft } from '../../../shared/setup-steps';
import { useMessages } from '../i18n/use-messages';
import { useScreen } from '../stores/screen-store';
import { useSession } from '../stores/session-store';
import { useSettings } from '../stores/settings-store';
import { useSetup } from './setup-store';
import './setup.css';

/**
 * On every screen while the first-start checklist is not finished: whoever starts a new counter sees
 * it at once, and it reminds until every step is done. It never stands in the way of a sale.
 */
export function SetupReminder(): ReactNode {
  const t = useMessages();
  const status = useSession((state) => state.status);
  const settings = useSettings((state) => state.settings);
  const open = useSetup((state) => state.open);
  const show = useSetup((state) => state.show);
  const go = useScreen((state) => state.go);
  const onSettings = useScreen((state) => state.screen === 'settings');
  if (!status || !settings || (open && onSettings)) return null;
  const left = setupStepsLeft(settings.setupDone, status.managerPinSet).length;
  if (left === 0) return null;
  return (
    <aside className="setup-reminder" aria-label={t.setup.title}>
      <p>{t.setup.reminder(left)}</p>
      <button
        type="button"
        className="primary small"
        onClick={() => {
          show();
          go('settings');
        }}
      >
        {t.setup.open}
      </button>
    </aside>
  );
}
