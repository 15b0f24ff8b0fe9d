import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { Language } from '../../../../shared/domain/common';
import type { Settings } from '../../../../shared/domain/settings';
import { MAX_LOCK_AFTER_MINUTES } from '../../../../shared/idle-lock';
import { type Currency, parseTypedAmount, toDecimalText } from '../../../../shared/money';
import { FieldProblem } from '../../components/FieldProblem';
import { LANGUAGE_NAMES } from '../../devices/device-text';
import { PrinterChoices } from '../../devices/PrinterChoices';
import { useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';
import { useSettings } from '../../stores/settings-store';
import { TextField } from './TextField';

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
  readonly lockAfterMinutes: string;
  readonly pinned: string;
}

export function draftFromSettings(settings: Settings): GeneralDraft {
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
    lockAfterMinutes: String(settings.lockAfterMinutes),
    pinned: settings.pinnedPackageCodes.join('\n'),
  };
}

export function GeneralSettings({
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
      const amount = parseTypedAmount(draft.lowBalance, currency);
      if (amount === null || amount < 0) {
        setProblem(t.settings.invalidAmount(t.settings.lowBalance));
        return;
      }
      lowBalanceThreshold = { amount, currency };
    }
    const lockAfterMinutes = /^\d{1,3}$/.test(draft.lockAfterMinutes.trim())
      ? Number(draft.lockAfterMinutes.trim())
      : Number.NaN;
    if (!(lockAfterMinutes <= MAX_LOCK_AFTER_MINUTES)) {
      setProblem(t.settings.lockAfterInvalid);
      return;
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
      lockAfterMinutes,
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
      <PrinterChoices onChoose={(name) => update({ printerName: name })} />
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
          <option value="en">{LANGUAGE_NAMES.en}</option>
          <option value="ar">{LANGUAGE_NAMES.ar}</option>
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
        label={t.settings.lockAfter}
        value={draft.lockAfterMinutes}
        onChange={(v) => update({ lockAfterMinutes: v })}
        hint={t.settings.lockAfterHint}
        inputMode="numeric"
        field="patch.lockAfterMinutes"
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
      <FieldProblem problem={problem} />
      <button type="submit" className="primary" disabled={busy}>
        {t.settings.save}
      </button>
    </form>
  );
}
