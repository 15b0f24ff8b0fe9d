import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import type { MarkupRule } from '../../../shared/domain/pricing';
import type { PosError } from '../../../shared/errors';
import { ErrorPanel } from '../components/ErrorPanel';
import { FieldProblem } from '../components/FieldProblem';
import { FieldErrors } from '../components/field-errors';
import { PrinterChoices } from '../devices/PrinterChoices';
import { useMessages } from '../i18n/use-messages';
import { Credentials } from '../screens/settings/Credentials';
import { TextField } from '../screens/settings/TextField';
import { basisPointsFromPercent, percentFromBasisPoints } from '../settings/markup-text';
import { DrawerAndRate } from '../shift/ManagerTools';
import { useTill } from '../shift/till-store';
import { useSession } from '../stores/session-store';
import { useSettings } from '../stores/settings-store';
import { saveSetupStep } from './setup-store';

/**
 * The forms of the first-start checklist. Each saves through the same core calls as Settings
 * (`updateSettings`, `setPricing`, `setCredentials`) and ticks its step in the same settings change.
 */

export function ShopStep({ onSaved }: { readonly onSaved: () => void }): ReactNode {
  const t = useMessages();
  const settings = useSettings((state) => state.settings);
  const error = useSettings((state) => state.error);
  const busy = useSettings((state) => state.busy);
  const [shopName, setShopName] = useState(settings?.shopName ?? '');
  const [shopAddress, setShopAddress] = useState(settings?.shopAddress ?? '');
  const [shopPhone, setShopPhone] = useState(settings?.shopPhone ?? '');
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!shopName.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void saveSetupStep('shop', {
      shopName: shopName.trim(),
      shopAddress: shopAddress.trim(),
      shopPhone: shopPhone.trim(),
    }).then((saved) => saved && onSaved());
  }
  return (
    <FieldErrors error={error}>
      <form className="setup-step" onSubmit={submit} aria-label={t.setup.steps.shop} noValidate>
        <TextField
          label={t.settings.shopName}
          value={shopName}
          onChange={setShopName}
          field="patch.shopName"
          invalid={missing}
        />
        <FieldProblem problem={missing ? t.setup.shopNameMissing : null} />
        <TextField
          label={t.settings.shopAddress}
          value={shopAddress}
          onChange={setShopAddress}
          field="patch.shopAddress"
        />
        <TextField
          label={t.settings.shopPhone}
          value={shopPhone}
          onChange={setShopPhone}
          type="tel"
          dir="ltr"
          field="patch.shopPhone"
        />
        <button type="submit" className="primary" disabled={busy}>
          {t.setup.saveStep}
        </button>
      </form>
    </FieldErrors>
  );
}

/** The markup on every package: the pricing's rule for all packages, the other rules kept as they are. */
export function MarkupStep({ onSaved }: { readonly onSaved: () => void }): ReactNode {
  const t = useMessages();
  const pricing = useSettings((state) => state.pricing);
  const savePricing = useSettings((state) => state.savePricing);
  const busy = useSettings((state) => state.busy);
  const current = pricing?.rules.find((rule) => rule.scope.kind === 'all')?.markup;
  const [percent, setPercent] = useState(
    current?.kind === 'percent' ? percentFromBasisPoints(current.basisPoints) : '',
  );
  const [invalid, setInvalid] = useState(false);
  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const basisPoints = basisPointsFromPercent(percent);
    if (basisPoints === null || !pricing) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const everyPackage: MarkupRule = { scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints } };
    await savePricing({
      rules: [...pricing.rules.filter((rule) => rule.scope.kind !== 'all'), everyPackage],
      roundingSteps: pricing.roundingSteps,
    });
    if (useSettings.getState().error === null && (await saveSetupStep('markup'))) onSaved();
  }
  return (
    <form className="setup-step" onSubmit={(event) => void submit(event)} aria-label={t.setup.steps.markup}>
      <TextField
        label={t.setup.markupPercent}
        value={percent}
        onChange={setPercent}
        hint={t.setup.markupHint}
        inputMode="decimal"
        dir="ltr"
        invalid={invalid}
      />
      <FieldProblem problem={invalid ? t.setup.markupInvalid : null} />
      <button type="submit" className="primary" disabled={busy}>
        {t.setup.saveStep}
      </button>
    </form>
  );
}

export function PrintingStep({ onSaved }: { readonly onSaved: () => void }): ReactNode {
  const t = useMessages();
  const settings = useSettings((state) => state.settings);
  const busy = useSettings((state) => state.busy);
  const paperId = useId();
  const [paper, setPaper] = useState<'58' | '80'>(settings?.paperWidthMm === 58 ? '58' : '80');
  const [printerName, setPrinterName] = useState(settings?.printerName ?? '');
  function submit(event: FormEvent): void {
    event.preventDefault();
    void saveSetupStep('printing', {
      paperWidthMm: paper === '58' ? 58 : 80,
      printerName: printerName.trim() || null,
    }).then((saved) => saved && onSaved());
  }
  return (
    <form className="setup-step" onSubmit={submit} aria-label={t.setup.steps.printing}>
      <div className="field">
        <label htmlFor={paperId}>{t.settings.paperWidth}</label>
        <select
          id={paperId}
          value={paper}
          onChange={(event) => setPaper(event.target.value === '58' ? '58' : '80')}
        >
          <option value="58">{t.settings.paperMm('58')}</option>
          <option value="80">{t.settings.paperMm('80')}</option>
        </select>
      </div>
      <TextField
        label={t.settings.printerName}
        value={printerName}
        onChange={setPrinterName}
        hint={t.settings.printerDefault}
      />
      <PrinterChoices onChoose={setPrinterName} />
      <button type="submit" className="primary" disabled={busy}>
        {t.setup.saveStep}
      </button>
    </form>
  );
}

/**
 * The drawer: which currencies it takes, which one prices are asked in, and today's rate, with the
 * Shift screen's own forms (the same parsing and checks), approved by the manager PIN given here.
 */
export function DrawerStep({ onSaved }: { readonly onSaved: () => void }): ReactNode {
  const t = useMessages();
  const pin = useSettings((state) => state.pin);
  const busy = useSettings((state) => state.busy);
  const manager = useTill((state) => state.till?.cashiers.find((cashier) => cashier.usesManagerPin) ?? null);
  const [refusal, setRefusal] = useState<PosError | null>(null);
  useEffect(() => {
    void useTill.getState().load();
  }, []);
  const approval = useMemo(() => (manager && pin ? { managerId: manager.id, pin } : null), [manager, pin]);
  const finish = (): void => {
    void saveSetupStep('drawer').then((saved) => saved && onSaved());
  };
  return (
    <div className="setup-step">
      <p>{t.setup.drawerBody}</p>
      {refusal ? <ErrorPanel error={refusal} /> : null}
      {approval ? <DrawerAndRate approval={approval} refused={setRefusal} /> : null}
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={finish}>
          {t.setup.saveStep}
        </button>
      </div>
    </div>
  );
}

/** Training or live: going live is the Settings credentials form itself, tested before it is kept. */
export function ModeStep({ onSaved }: { readonly onSaved: () => void }): ReactNode {
  const t = useMessages();
  const live = useSession((state) => state.status?.mode === 'live');
  const busy = useSettings((state) => state.busy);
  const finish = (): void => {
    void saveSetupStep('mode').then((saved) => saved && onSaved());
  };
  return (
    <div className="setup-step">
      <p>{t.setup.modeBody}</p>
      <div className="actions">
        <button type="button" className={live ? 'primary' : 'secondary'} disabled={busy} onClick={finish}>
          {live ? t.setup.liveDone : t.setup.stayTraining}
        </button>
      </div>
      <Credentials />
    </div>
  );
}
