import type { ReactNode } from 'react';
import { CustomerLanguage } from '../devices/CustomerLanguage';
import { useNow } from '../hooks/use-now';
import { currencyShownIn, dateTime, moneyText, sinceText, time } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { useSession } from '../stores/session-store';
import { useSettings } from '../stores/settings-store';
import './status-bar.css';

/** A skew above this is shown: the API refuses requests whose clock is 5 minutes off. */
const SKEW_WARNING_MS = 60_000;

function Balance(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const balance = useSession((state) => state.balance);
  if (!balance) {
    return (
      <div className="balance unknown" role="status" aria-label={t.balance}>
        {t.balanceUnknown}
      </div>
    );
  }
  const { currency } = balance.balance;
  const text = moneyText(balance.balance, language);
  return (
    <div className={balance.low ? 'balance low' : 'balance'} role="status" aria-label={t.balance}>
      <span className="balance-label">{t.balance}</span>{' '}
      <strong className="balance-amount" dir="ltr">
        {text}
      </strong>
      {currencyShownIn(text, currency) ? null : <abbr className="currency">{currency}</abbr>}
      {balance.low ? <span className="badge warn">{t.balanceLow}</span> : null}
      {balance.enterprise ? (
        <span className="enterprise">
          {t.enterprise(balance.enterprise.account)} ·{' '}
          {t.enterpriseAsOf(dateTime(balance.enterprise.asOf, language), balance.enterprise.live)}
        </span>
      ) : null}
    </div>
  );
}

function Connection(): ReactNode {
  const t = useMessages();
  const link = useSession((state) => state.link);
  const connection = useSession((state) => state.status?.connection ?? 'unknown');
  const hostDown = link === 'closed' || link === 'unauthorized';
  const state = hostDown ? 'offline' : connection;
  return (
    <div className={`connection ${state}`} role="status" aria-label={t.connection[state]}>
      <span className="dot" aria-hidden="true" />
      {hostDown ? t.hostLost : t.connection[connection]}
    </div>
  );
}

function Clock(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const now = useNow();
  const skew = useSession((state) => state.status?.clockSkewMs ?? null);
  const off = skew !== null && Math.abs(skew) > SKEW_WARNING_MS;
  return (
    <div className={off ? 'clock off' : 'clock'}>
      <span className="visually-hidden">{t.clock}</span>
      <time dateTime={now.toISOString()}>{time(now, language)}</time>
      {off ? (
        <span className="badge warn">{t.clockSkew(Math.abs(Math.round((skew ?? 0) / 1000)))}</span>
      ) : null}
    </div>
  );
}

/** The journal cannot be written: shown until it can again and every kept answer is recorded. */
function Storage(): ReactNode {
  const t = useMessages();
  const storage = useSession((state) => state.status?.storage ?? null);
  if (storage?.state !== 'trouble') return null;
  return (
    <span className="badge warn" role="alert">
      {t.storageTrouble[storage.reason]}
      {storage.unsaved > 0 ? ` ${t.storageUnsaved(storage.unsaved)}` : ''}
    </span>
  );
}

/**
 * Where this counter's records stand with the shop ledger; nothing at all for a counter on its own.
 * The counter sells whatever this says: it only tells the manager what the shop's other screens lack.
 */
function ShopLedger(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const now = useNow();
  const ledger = useSession((state) => state.status?.shopLedger ?? null);
  if (!ledger || ledger.state === 'off') return null;
  const since = (at: string): string => sinceText(at, now, language);
  const text = ((): string => {
    switch (ledger.state) {
      case 'up_to_date':
        return t.shopLedger.upToDate;
      case 'connecting':
        return t.shopLedger.connecting;
      case 'sending':
        return t.shopLedger.sending(ledger.waiting);
      case 'unreachable':
        return ledger.syncedAt !== null && ledger.waiting > 0
          ? t.shopLedger.notSyncedSince(since(ledger.syncedAt), ledger.waiting)
          : t.shopLedger.unreachable;
      case 'refused':
        return t.shopLedger.refused;
    }
  })();
  const trouble = ledger.state === 'unreachable' || ledger.state === 'refused';
  return (
    <span className={trouble ? 'badge warn shop-ledger' : 'shop-ledger'} role="status">
      {text}
    </span>
  );
}

/** A journal brought back lacks its last records: shown until a manager has seen the orders that may be them. */
function LostRecords(): ReactNode {
  const t = useMessages();
  const lost = useSession((state) => state.status?.lostRecords ?? null);
  if (lost === null) return null;
  return (
    <span className="badge warn" role="status">
      {t.lostRecords(lost.candidates)}
    </span>
  );
}

/** Packages the counter could not read are never offered: say how many, so the manager can ask the provider. */
function CatalogueGaps(): ReactNode {
  const t = useMessages();
  const catalogue = useSession((state) => state.status?.catalogue ?? null);
  const missing = catalogue === null ? 0 : catalogue.skipped + catalogue.unreadable;
  if (missing === 0) return null;
  return (
    <span className="badge warn" role="status">
      {t.catalogueNotOffered(missing)}
    </span>
  );
}

export function StatusBar(): ReactNode {
  const t = useMessages();
  const toggleLanguage = useSession((state) => state.toggleLanguage);
  const pinMissing = useSession((state) => state.status !== null && !state.status.managerPinSet);
  // The shop's own name once it has one: the header says whose counter this is.
  const shopName = useSettings((state) => state.settings?.shopName.trim() ?? '');
  return (
    <header className="status-bar">
      <span className="app-name">{shopName || t.appName}</span>
      <Balance />
      <Connection />
      <Clock />
      <Storage />
      <LostRecords />
      <CatalogueGaps />
      <ShopLedger />
      {pinMissing ? <span className="hint">{t.noPinYet}</span> : null}
      {/* Two switches, labelled apart: the cashier's screen, and the customer's display and receipt. */}
      <fieldset className="device-choices">
        <legend>{t.find.counterLanguage}</legend>
        <button
          type="button"
          className="secondary small language"
          lang={t.switchLanguage === 'English' ? 'en' : 'ar'}
          aria-label={t.switchLanguageLabel}
          aria-keyshortcuts="F9"
          onClick={toggleLanguage}
        >
          {t.switchLanguage}
        </button>
      </fieldset>
      <CustomerLanguage />
    </header>
  );
}
