import { type ReactNode, useEffect } from 'react';
import { ErrorPanel } from './components/ErrorPanel';
import { NavBar } from './components/NavBar';
import { Notices } from './components/Notices';
import { SaleDialog } from './components/SaleDialog';
import { ShortcutBar } from './components/ShortcutBar';
import { StatusBar } from './components/StatusBar';
import { TrainingBanner } from './components/TrainingBanner';
import { useShortcuts } from './hooks/use-shortcuts';
import { directionOf } from './i18n/messages';
import { useLanguage, useMessages } from './i18n/use-messages';
import { PendingScreen } from './screens/PendingScreen';
import { SellScreen } from './screens/sell/SellScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { TodayScreen } from './screens/TodayScreen';
import { TopUpScreen } from './screens/topup/TopUpScreen';
import { SetupReminder } from './setup/SetupReminder';
import { CashierBar } from './shift/CashierBar';
import { ShiftScreen } from './shift/ShiftScreen';
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

export function App(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const screen = useScreen((state) => state.screen);
  const loadError = useSession((state) => state.loadError);
  useShortcuts();

  useEffect(() => {
    // The whole document turns: scroll bars, dialogs and form controls follow the language too.
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    document.title = t.appName;
  }, [language, t.appName]);

  const View = SCREEN_VIEWS[screen];
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
          <View />
        </div>
      </main>
      <SaleDialog />
      <ShortcutBar />
    </div>
  );
}
