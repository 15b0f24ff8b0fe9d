import { type ReactNode, useState } from 'react';
import { pos } from '../bridge/pos';
import { Dialog } from '../components/Dialog';
import { time } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { SignInForm } from './SignInForm';
import { shiftText } from './shift-text';
import { useTill } from './till-store';
import './shift.css';

/** Who works the counter, always in view, with the quick switch to another cashier and the sign-out. */
export function CashierBar(): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const till = useTill((state) => state.till);
  const apply = useTill((state) => state.apply);
  const [switching, setSwitching] = useState(false);
  if (!till) return null;
  const { cashier, shift } = till;
  return (
    <div className="cashier-bar">
      <p role="status" aria-label={t.cashier}>
        <span className="cashier-label">{t.cashier}:</span>{' '}
        <strong>{cashier ? cashier.name : t.noCashier}</strong>
        {cashier?.role === 'manager' ? <span className="badge">{t.manager}</span> : null}
        {shift ? (
          <span className="hint">
            {' '}
            ·{' '}
            {t.shiftOpen(
              time(shift.openedAt, language),
              till.cashiers.find((c) => c.id === shift.openedBy)?.name ?? '',
            )}
          </span>
        ) : (
          <span className="hint"> · {t.noShift}</span>
        )}
      </p>
      <button type="button" className="secondary small" onClick={() => setSwitching(true)}>
        {t.switchCashier}
      </button>
      {cashier ? (
        <button
          type="button"
          className="secondary small"
          onClick={() =>
            void pos()
              .signOut({})
              .then((result) => {
                if (result.ok) apply(result.value);
              })
          }
        >
          {t.signOut}
        </button>
      ) : null}
      {switching ? (
        <Dialog title={t.switchCashier} onCancel={() => setSwitching(false)}>
          <SignInForm onDone={() => setSwitching(false)} />
        </Dialog>
      ) : null}
    </div>
  );
}
