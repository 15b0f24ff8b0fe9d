import { type ReactNode, useEffect } from 'react';
import type { Currency } from '../../../../shared/money';
import { ErrorPanel } from '../../components/ErrorPanel';
import { moneyText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { FirstStart } from '../../setup/FirstStart';
import { useSetup } from '../../setup/setup-store';
import { useSession } from '../../stores/session-store';
import { useSettings } from '../../stores/settings-store';
import { ChangePin } from './ChangePin';
import { ChoosePin } from './ChoosePin';
import { Credentials } from './Credentials';
import { GeneralSettings } from './GeneralSettings';
import { PricingRules } from './PricingRules';
import { ShopLedgerSettings } from './ShopLedgerSettings';
import { Unlock } from './Unlock';
import './settings.css';

export function SettingsNoticeLine(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const notice = useSettings((state) => state.notice);
  if (!notice) return null;
  const text =
    typeof notice === 'string'
      ? t.settings[notice]
      : t.settings.testOk(
          notice.server,
          moneyText(notice.balance, language),
          String(Math.round(notice.latencyMs)),
        );
  return (
    <p className="field-ok" role="status">
      {text}
    </p>
  );
}

export function SettingsScreen(): ReactNode {
  const t = useMessages();
  const status = useSession((state) => state.status);
  const pin = useSettings((state) => state.pin);
  const settings = useSettings((state) => state.settings);
  const pricing = useSettings((state) => state.pricing);
  const error = useSettings((state) => state.error);
  const lock = useSettings((state) => state.lock);
  const balanceCurrency = useSession((state) => state.balance?.balance.currency);
  const setupOpen = useSetup((state) => state.open);
  const closeSetup = useSetup((state) => state.close);

  // Leaving the settings screen forgets the PIN: the next person must type it again.
  useEffect(() => lock, [lock]);
  // The checklist is opened from its reminder; leaving the screen closes it.
  useEffect(() => closeSetup, [closeSetup]);

  if (!status) return <p>{t.loading}</p>;
  const currency: Currency =
    balanceCurrency ?? status.currency ?? settings?.lowBalanceThreshold?.currency ?? 'USD';
  return (
    <div className="screen settings-screen">
      <h1>{t.settings.title}</h1>
      {setupOpen ? (
        <FirstStart />
      ) : !status.managerPinSet ? (
        <ChoosePin />
      ) : !pin ? (
        <Unlock />
      ) : (
        <>
          <div className="actions">
            <button type="button" className="secondary" onClick={lock}>
              {t.settings.lock}
            </button>
          </div>
          <SettingsNoticeLine />
          {error ? <ErrorPanel error={error} /> : null}
          <div className="settings-grid">
            {settings ? <GeneralSettings settings={settings} currency={currency} /> : null}
            <Credentials />
            <ShopLedgerSettings />
            {pricing ? <PricingRules pricing={pricing} currency={currency} /> : null}
            <ChangePin />
          </div>
        </>
      )}
    </div>
  );
}
