import { type ReactNode, useEffect } from 'react';
import type { PosMethodName } from '../../shared/pos-api';
import { ErrorPanel } from './components/ErrorPanel';
import { NavBar } from './components/NavBar';
import { Notices } from './components/Notices';
import { SaleDialog } from './components/SaleDialog';
import { ShortcutBar } from './components/ShortcutBar';
import { StatusBar } from './components/StatusBar';
import { TrainingBanner } from './components/TrainingBanner';
import { useShortcuts } from './hooks/use-shortcuts';
import type { Messages } from './i18n/messages';
import { directionOf } from './i18n/messages';
import { useLanguage, useMessages } from './i18n/use-messages';
import { PendingScreen } from './screens/PendingScreen';
import { SellScreen } from './screens/sell/SellScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { TodayScreen } from './screens/TodayScreen';
import { TopUpScreen } from './screens/topup/TopUpScreen';
import { SetupReminder } from './setup/SetupReminder';
import { CashierBar } from './shift/CashierBar';
import { useIdleLock } from './shift/idle-lock';
import { ShiftScreen } from './shift/ShiftScreen';
import { SignInFirst } from './shift/SignInFirst';
import { useSignInNeeded } from './shift/till-store';
import { type Screen, useScreen } from './stores/screen-store';
import { useSession } from './stores/session-store';

const SCREEN_VIEWS: Readonly<Record<Screen, () => ReactNode>> = {
  sell: SellScreen,
  topup: TopUpScreen,
  pending: PendingScreen,
  shift: ShiftScreen,
  today: TodayScreen,
  settings: SettingsScreen,
};

/**
 * What each screen is for, by the call it cannot do without: a live counter with nobody signed in
 * shows the sign-in in its place (the Shift screen and Settings ask for what they need themselves).
 */
const SCREEN_NEEDS: Readonly<
  Partial<Record<Screen, { method: PosMethodName; title: (t: Messages) => string }>>
> = {
  sell: { method: 'sell', title: (t) => t.sell.title },
  topup: { method: 'topUp', title: (t) => t.topUp.title },
  pending: { method: 'listSales', title: (t) => t.pending.title },
  today: { method: 'listSales', title: (t) => t.today.title },
};

export function App(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const screen = useScreen((state) => state.screen);
  const loadError = useSession((state) => state.loadError);
  useShortcuts();
  useIdleLock();

  useEffect(() => {
    // The whole document turns: scroll bars, dialogs and form controls follow the language too.
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    document.title = t.appName;
  }, [language, t.appName]);

  const View = SCREEN_VIEWS[screen];
  const needs = SCREEN_NEEDS[screen];
  const signInFirst = useSignInNeeded(needs?.method ?? 'getStatus');
  // A sale opened over the screen shows its eSIMs to someone signed in only; it comes back after the sign-in.
  const saleHidden = useSignInNeeded('getSale');
  return (
    <div className="app">
      <TrainingBanner />
      <SetupReminder />
      <StatusBar />
      <CashierBar />
      <NavBar />
      <Notices />
      {/* The screen is both the page's main landmark and the panel of the selected tab. */}
      <main>
        <div id="screen" role="tabpanel" aria-labelledby={`tab-${screen}`}>
          {loadError ? <ErrorPanel error={loadError} /> : null}
          {needs && signInFirst ? <SignInFirst screen={screen} title={needs.title(t)} /> : <View />}
        </div>
      </main>
      {saleHidden ? null : <SaleDialog />}
      <ShortcutBar />
    </div>
  );
}
