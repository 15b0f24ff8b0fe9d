import { type ReactNode, useRef, useState } from 'react';
import type { PosError } from '../../../shared/errors';
import { toDecimalText } from '../../../shared/money';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { FieldErrors } from '../components/field-errors';
import { moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { DrawerCountFields } from './DrawerCountFields';
import { countLines, type TypedCounts, tillCall, UNCOUNTED } from './shift-actions';
import { shiftText } from './shift-text';
import { useTill } from './till-store';

/**
 * Opens the drawer's shift with the float counted in each of its currencies. The last close's count
 * is offered (a button fills it in), so a hand-over starts from what the last cashier counted.
 */
export function OpenShiftForm(): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const till = useTill((state) => state.till);
  const [floats, setFloats] = useState<TypedCounts>({});
  const [error, setError] = useState<PosError | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  if (!till) return null;
  const { currencies } = till.settings;
  const { lastCount } = till;
  return (
    <FieldErrors error={error}>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          const lines = countLines(floats, currencies);
          if (!lines) {
            setError(UNCOUNTED);
            firstRef.current?.focus();
            return;
          }
          void tillCall(() => pos().openShift({ floats: lines }), setError);
        }}
      >
        <h2>{t.openShift}</h2>
        {lastCount.length > 0 ? (
          <p className="hint">
            {t.lastCount(lastCount.map((amount) => moneyText(amount, language)).join(' + '))}{' '}
            <button
              type="button"
              className="link"
              onClick={() =>
                setFloats(
                  Object.fromEntries(
                    lastCount.map((amount) => [
                      amount.currency,
                      toDecimalText(amount.amount, amount.currency),
                    ]),
                  ),
                )
              }
            >
              {t.useLastCount}
            </button>
          </p>
        ) : null}
        <DrawerCountFields
          currencies={currencies}
          label={t.openingFloat}
          counts={floats}
          onChange={setFloats}
          firstRef={firstRef}
        />
        {error ? <ErrorPanel error={error} /> : null}
        <div className="actions">
          <button type="submit" className="primary">
            {t.openShift}
          </button>
        </div>
      </form>
    </FieldErrors>
  );
}
