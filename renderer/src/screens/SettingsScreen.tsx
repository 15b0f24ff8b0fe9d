import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { Language, Pricing, Settings } from '../../../shared/domain';
import { type Currency, parseDecimalToMinor, toDecimalText } from '../../../shared/money';
import { ErrorPanel } from '../components/ErrorPanel';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { money } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import {
  CURRENCIES,
  draftOf,
  type RuleDraft,
  roundingStepOf,
  roundingText,
  ruleOf,
} from '../settings/markup-text';
import { useCatalogue } from '../stores/catalogue-store';
import { useSession } from '../stores/session-store';
import { PIN_PATTERN, useSettings } from '../stores/settings-store';

function PinInput({
  label,
  value,
  onChange,
  inputRef,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly inputRef?: React.Ref<HTMLInputElement>;
}): ReactNode {
  const t = useMessages();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
      <span id={`${id}-hint`} className="hint">
        {t.settings.pinHint}
      </span>
    </div>
  );
}

function ChoosePin(): ReactNode {
  const t = useMessages();
  const ref = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const choosePin = useSettings((state) => state.choosePin);
  const busy = useSettings((state) => state.busy);
  const error = useSettings((state) => state.error);
  useFocusOnScreen('settings', ref);
  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) setProblem(t.settings.pinFormat);
    else if (pin !== again) setProblem(t.settings.pinsDiffer);
    else {
      setProblem(null);
      void choosePin(pin);
    }
  }
  return (
    <form className="card narrow" onSubmit={submit} aria-label={t.settings.choosePinTitle}>
      <h2>{t.settings.choosePinTitle}</h2>
      <p>{t.settings.choosePinBody}</p>
      <PinInput label={t.settings.newPin} value={pin} onChange={setPin} inputRef={ref} />
      <PinInput label={t.settings.confirmPin} value={again} onChange={setAgain} />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {error ? <ErrorPanel error={error} /> : null}
      <button type="submit" className="primary" disabled={busy}>
        {t.settings.choosePin}
      </button>
    </form>
  );
}

function Unlock(): ReactNode {
  const t = useMessages();
  const ref = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const unlock = useSettings((state) => state.unlock);
  const busy = useSettings((state) => state.busy);
  const error = useSettings((state) => state.error);
  useFocusOnScreen('settings', ref);
  return (
    <form
      className="card narrow"
      aria-label={t.settings.locked}
      onSubmit={(event) => {
        event.preventDefault();
        if (PIN_PATTERN.test(pin)) void unlock(pin);
      }}
    >
      <p>{t.settings.locked}</p>
      <PinInput label={t.settings.pin} value={pin} onChange={setPin} inputRef={ref} />
      {error ? <ErrorPanel error={error} /> : null}
      <button type="submit" className="primary" disabled={busy || !PIN_PATTERN.test(pin)}>
        {t.settings.unlock}
      </button>
    </form>
  );
}

function TextField({
  label,
  value,
  onChange,
  hint,
  type = 'text',
  dir,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: string;
  readonly type?: string;
  readonly dir?: 'ltr' | 'rtl';
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        dir={dir}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

interface GeneralDraft {
  readonly shopName: string;
  readonly shopAddress: string;
  readonly shopPhone: string;
  readonly receiptFooter: string;
  readonly printerName: string;
  readonly paperWidthMm: '58' | '80';
  readonly autoPrint: boolean;
  readonly language: Language;
  readonly lowBalance: string;
  readonly apiBaseUrl: string;
  readonly pinned: string;
}

function draftFromSettings(settings: Settings): GeneralDraft {
  const low = settings.lowBalanceThreshold;
  return {
    shopName: settings.shopName,
    shopAddress: settings.shopAddress,
    shopPhone: settings.shopPhone,
    receiptFooter: settings.receiptFooter,
    printerName: settings.printerName ?? '',
    paperWidthMm: settings.paperWidthMm === 58 ? '58' : '80',
    autoPrint: settings.autoPrint,
    language: settings.language,
    lowBalance: low ? toDecimalText(low.amount, low.currency) : '',
    apiBaseUrl: settings.apiBaseUrl ?? '',
    pinned: settings.pinnedPackageCodes.join('\n'),
  };
}

function GeneralSettings({
  settings,
  currency,
}: {
  readonly settings: Settings;
  readonly currency: Currency;
}): ReactNode {
  const t = useMessages();
  const [draft, setDraft] = useState(() => draftFromSettings(settings));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSettings((state) => state.save);
  const busy = useSettings((state) => state.busy);
  const find = useCatalogue((state) => state.find);
  const languageId = useId();
  const paperId = useId();
  const pinnedId = useId();
  useEffect(() => setDraft(draftFromSettings(settings)), [settings]);
  const update = (patch: Partial<GeneralDraft>): void => setDraft((before) => ({ ...before, ...patch }));

  function submit(event: FormEvent): void {
    event.preventDefault();
    let lowBalanceThreshold: Settings['lowBalanceThreshold'] = null;
    if (draft.lowBalance.trim()) {
      const amount = parseDecimalToMinor(draft.lowBalance, currency);
      if (amount === null || amount < 0) {
        setProblem(t.settings.invalidAmount(t.settings.lowBalance));
        return;
      }
      lowBalanceThreshold = { amount, currency };
    }
    setProblem(null);
    void save({
      shopName: draft.shopName.trim(),
      shopAddress: draft.shopAddress.trim(),
      shopPhone: draft.shopPhone.trim(),
      receiptFooter: draft.receiptFooter.trim(),
      printerName: draft.printerName.trim() || null,
      paperWidthMm: draft.paperWidthMm === '58' ? 58 : 80,
      autoPrint: draft.autoPrint,
      language: draft.language,
      lowBalanceThreshold,
      apiBaseUrl: draft.apiBaseUrl.trim() || null,
      pinnedPackageCodes: draft.pinned
        .split('\n')
        .map((code) => code.trim())
        .filter(Boolean),
    });
  }

  const pinnedNames = draft.pinned
    .split('\n')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => find(code)?.name ?? `${code} ?`);

  return (
    <form className="card" onSubmit={submit} aria-label={t.settings.shop}>
      <h2>{t.settings.shop}</h2>
      <TextField
        label={t.settings.shopName}
        value={draft.shopName}
        onChange={(v) => update({ shopName: v })}
      />
      <TextField
        label={t.settings.shopAddress}
        value={draft.shopAddress}
        onChange={(v) => update({ shopAddress: v })}
      />
      <TextField
        label={t.settings.shopPhone}
        value={draft.shopPhone}
        onChange={(v) => update({ shopPhone: v })}
        type="tel"
        dir="ltr"
      />
      <TextField
        label={t.settings.receiptFooter}
        value={draft.receiptFooter}
        onChange={(v) => update({ receiptFooter: v })}
      />

      <h2>{t.settings.printing}</h2>
      <TextField
        label={t.settings.printerName}
        value={draft.printerName}
        onChange={(v) => update({ printerName: v })}
        hint={t.settings.printerDefault}
      />
      <div className="field">
        <label htmlFor={paperId}>{t.settings.paperWidth}</label>
        <select
          id={paperId}
          value={draft.paperWidthMm}
          onChange={(event) => update({ paperWidthMm: event.target.value === '58' ? '58' : '80' })}
        >
          <option value="58">{t.settings.paperMm('58')}</option>
          <option value="80">{t.settings.paperMm('80')}</option>
        </select>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.autoPrint}
          onChange={(event) => update({ autoPrint: event.target.checked })}
        />
        {t.settings.autoPrint}
      </label>

      <div className="field">
        <label htmlFor={languageId}>{t.settings.language}</label>
        <select
          id={languageId}
          value={draft.language}
          onChange={(event) => update({ language: event.target.value === 'ar' ? 'ar' : 'en' })}
        >
          <option value="en">English</option>
          <option value="ar">العربية</option>
        </select>
      </div>
      <TextField
        label={`${t.settings.lowBalance} (${currency})`}
        value={draft.lowBalance}
        onChange={(v) => update({ lowBalance: v })}
        hint={t.settings.lowBalanceNone}
        dir="ltr"
      />
      <TextField
        label={t.settings.apiBaseUrl}
        value={draft.apiBaseUrl}
        onChange={(v) => update({ apiBaseUrl: v })}
        hint={t.settings.apiBaseUrlHint}
        type="url"
        dir="ltr"
      />
      <div className="field">
        <label htmlFor={pinnedId}>{t.settings.pinned}</label>
        <textarea
          id={pinnedId}
          dir="ltr"
          rows={4}
          value={draft.pinned}
          aria-describedby={`${pinnedId}-names`}
          onChange={(event) => update({ pinned: event.target.value })}
        />
        <span id={`${pinnedId}-names`} className="hint">
          {pinnedNames.join(' · ')}
        </span>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {t.settings.save}
      </button>
    </form>
  );
}

function Credentials(): ReactNode {
  const t = useMessages();
  const status = useSession((state) => state.status);
  const setCredentials = useSettings((state) => state.setCredentials);
  const clearCredentials = useSettings((state) => state.clearCredentials);
  const testConnection = useSettings((state) => state.testConnection);
  const busy = useSettings((state) => state.busy);
  const [accessCode, setAccessCode] = useState('');
  const [secretKey, setSecretKey] = useState('');
  if (!status) return null;
  const given = accessCode.trim() && secretKey.trim() ? { accessCode, secretKey } : {};
  return (
    <form
      className="card"
      aria-label={t.settings.credentials}
      onSubmit={(event) => {
        event.preventDefault();
        void setCredentials({ accessCode, secretKey }).then(() => setSecretKey(''));
      }}
    >
      <h2>{t.settings.api}</h2>
      <p>{t.settings.mode(t.settings.modes[status.mode])}</p>
      <p>
        {status.credentials.stored && status.credentials.maskedAccessCode
          ? t.settings.credentialsStored(status.credentials.maskedAccessCode)
          : t.settings.credentialsNone}
      </p>
      {status.keychain === 'unavailable' ? <p className="warning">{t.settings.keychainMissing}</p> : null}
      <TextField label={t.settings.accessCode} value={accessCode} onChange={setAccessCode} dir="ltr" />
      <TextField
        label={t.settings.secretKey}
        value={secretKey}
        onChange={setSecretKey}
        type="password"
        dir="ltr"
      />
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => void testConnection(given)}
        >
          {busy ? t.settings.testing : t.settings.testConnection}
        </button>
        <button type="submit" className="primary" disabled={busy || !accessCode.trim() || !secretKey.trim()}>
          {t.settings.saveCredentials}
        </button>
        {status.credentials.stored ? (
          <button type="button" className="danger" disabled={busy} onClick={() => void clearCredentials()}>
            {t.settings.clearCredentials}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function PricingRules({
  pricing,
  currency,
}: {
  readonly pricing: Pricing;
  readonly currency: Currency;
}): ReactNode {
  const t = useMessages();
  const savePricing = useSettings((state) => state.savePricing);
  const busy = useSettings((state) => state.busy);
  const [rules, setRules] = useState<RuleDraft[]>(() => pricing.rules.map(draftOf));
  const [steps, setSteps] = useState(() =>
    Object.fromEntries(CURRENCIES.map((c) => [c, roundingText(pricing, c)])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setRules(pricing.rules.map(draftOf));
    setSteps(Object.fromEntries(CURRENCIES.map((c) => [c, roundingText(pricing, c)])));
  }, [pricing]);
  const change = (index: number, patch: Partial<RuleDraft>): void =>
    setRules((before) => before.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  function submit(event: FormEvent): void {
    event.preventDefault();
    const parsed = [];
    for (const [i, draft] of rules.entries()) {
      const rule = ruleOf(draft, currency);
      if (typeof rule === 'string') {
        setProblem(
          `${t.settings.rule} ${i + 1}: ${rule === 'target' ? t.settings.scope : t.settings.markup}`,
        );
        return;
      }
      parsed.push(rule);
    }
    const roundingSteps: Pricing['roundingSteps'] = {};
    for (const c of CURRENCIES) {
      const step = roundingStepOf(steps[c] ?? '', c);
      if (step === 'invalid') {
        setProblem(t.settings.invalidAmount(t.settings.rounding(c)));
        return;
      }
      if (step !== undefined) roundingSteps[c] = step;
    }
    setProblem(null);
    void savePricing({ rules: parsed, roundingSteps });
  }

  return (
    <form className="card" onSubmit={submit} aria-label={t.settings.pricing}>
      <h2>{t.settings.pricing}</h2>
      <ol className="rules">
        {rules.map((rule, i) => (
          // Rules have no identity of their own but their place in the list.
          // biome-ignore lint/suspicious/noArrayIndexKey: rules are edited in place by position
          <li key={i} className="rule">
            <label>
              {t.settings.scope}
              <select
                value={rule.scope}
                onChange={(event) => change(i, { scope: event.target.value as RuleDraft['scope'] })}
              >
                {(['all', 'type', 'region', 'package'] as const).map((scope) => (
                  <option key={scope} value={scope}>
                    {t.settings.scopes[scope]}
                  </option>
                ))}
              </select>
            </label>
            {rule.scope !== 'all' ? (
              <label>
                {t.settings.scopes[rule.scope]}
                <input
                  dir="ltr"
                  value={rule.target}
                  onChange={(event) => change(i, { target: event.target.value })}
                />
              </label>
            ) : null}
            <label>
              {t.settings.markup}
              <select
                value={rule.markup}
                onChange={(event) => change(i, { markup: event.target.value as RuleDraft['markup'] })}
              >
                <option value="percent">{t.settings.markupPercent}</option>
                <option value="fixed">{t.settings.markupFixed}</option>
              </select>
            </label>
            <label>
              {rule.markup === 'percent' ? '%' : currency}
              <input
                dir="ltr"
                inputMode="decimal"
                value={rule.value}
                onChange={(event) => change(i, { value: event.target.value })}
              />
            </label>
            <button
              type="button"
              className="secondary small"
              onClick={() => setRules((before) => before.filter((_, j) => j !== i))}
            >
              {t.settings.removeRule}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          setRules((before) => [...before, { scope: 'all', target: '', markup: 'percent', value: '' }])
        }
      >
        {t.settings.addRule}
      </button>
      {CURRENCIES.map((c) => (
        <TextField
          key={c}
          label={t.settings.rounding(c)}
          value={steps[c] ?? ''}
          onChange={(value) => setSteps((before) => ({ ...before, [c]: value }))}
          dir="ltr"
        />
      ))}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {t.settings.savePricing}
      </button>
    </form>
  );
}

function ChangePin(): ReactNode {
  const t = useMessages();
  const currentPin = useSettings((state) => state.pin);
  const changePin = useSettings((state) => state.changePin);
  const busy = useSettings((state) => state.busy);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="card"
      aria-label={t.settings.changePin}
      onSubmit={(event) => {
        event.preventDefault();
        if (!PIN_PATTERN.test(pin)) setProblem(t.settings.pinFormat);
        else if (pin !== again) setProblem(t.settings.pinsDiffer);
        else if (currentPin) {
          setProblem(null);
          void changePin(currentPin, pin).then(() => {
            setPin('');
            setAgain('');
          });
        }
      }}
    >
      <h2>{t.settings.changePin}</h2>
      <PinInput label={t.settings.newPin} value={pin} onChange={setPin} />
      <PinInput label={t.settings.confirmPin} value={again} onChange={setAgain} />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="secondary" disabled={busy}>
        {t.settings.changePin}
      </button>
    </form>
  );
}

function SettingsNoticeLine(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const notice = useSettings((state) => state.notice);
  if (!notice) return null;
  const text =
    typeof notice === 'string'
      ? t.settings[notice]
      : t.settings.testOk(money(notice.balance, language), String(Math.round(notice.latencyMs)));
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

  // Leaving the settings screen forgets the PIN: the next person must type it again.
  useEffect(() => lock, [lock]);

  if (!status) return <p>{t.loading}</p>;
  const currency: Currency =
    balanceCurrency ?? status.currency ?? settings?.lowBalanceThreshold?.currency ?? 'USD';
  return (
    <div className="screen settings-screen">
      <h1>{t.settings.title}</h1>
      {!status.managerPinSet ? (
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
            {pricing ? <PricingRules pricing={pricing} currency={currency} /> : null}
            <ChangePin />
          </div>
        </>
      )}
    </div>
  );
}
