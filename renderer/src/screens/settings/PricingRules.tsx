import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { Pricing } from '../../../../shared/domain/pricing';
import { CURRENCIES, type Currency } from '../../../../shared/money';
import { FieldProblem } from '../../components/FieldProblem';
import { useMessages } from '../../i18n/use-messages';
import { draftOf, type RuleDraft, roundingStepOf, roundingText, ruleOf } from '../../settings/markup-text';
import { useSettings } from '../../stores/settings-store';
import { TextField } from './TextField';

export function PricingRules({
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
              {`${t.settings.markup} (${rule.markup === 'percent' ? '%' : currency})`}
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
      <FieldProblem problem={problem} />
      <button type="submit" className="primary" disabled={busy}>
        {t.settings.savePricing}
      </button>
    </form>
  );
}
