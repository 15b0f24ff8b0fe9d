import { type ReactNode, useId, useState } from 'react';
import type { CashReason } from '../../../shared/domain/shift';
import { CASH_REASONS } from '../../../shared/end-of-day';
import type { PosError } from '../../../shared/errors';
import { type Currency, parseTypedAmount } from '../../../shared/money';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { FieldErrors, invalidInput } from '../components/field-errors';
import { useLanguage } from '../i18n/use-messages';
import { TextField } from '../screens/settings/TextField';
import { AmountField } from './AmountField';
import { CurrencySelect } from './CurrencySelect';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from './ManagerApproval';
import { tillCall } from './shift-actions';
import { shiftText } from './shift-text';
import { useDrawerCurrencies } from './till-store';

type MoveKind = 'pay_in' | 'pay_out' | 'refund';

/**
 * Cash in and out of the drawer with a reason, and a no-sale opening. A pay-out above the shop's
 * limit and a refund need a manager, whose approval is asked for here.
 */
export function CashMoves(): ReactNode {
  const t = shiftText(useLanguage());
  const currencies = useDrawerCurrencies();
  const [kind, setKind] = useState<MoveKind>('pay_out');
  const [reason, setReason] = useState<CashReason>('expense');
  const [currency, setCurrency] = useState<Currency | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [error, setError] = useState<PosError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();
  const chosen = currency ?? currencies[0] ?? 'USD';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.cashMoves}</h2>
      <FieldErrors error={error}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            const minor = parseTypedAmount(amount, chosen);
            if (minor === null || minor <= 0) {
              setError(invalidInput('amount', 'not_above_zero', 'Enter an amount.'));
              return;
            }
            void tillCall(
              () =>
                pos().moveCash({
                  kind,
                  reason,
                  amount: { amount: minor, currency: chosen },
                  note,
                  ...(approval.pin ? { approval: approvalToSend(approval) } : {}),
                }),
              setError,
            ).then((moved) => {
              if (!moved) return;
              setError(null);
              setAmount('');
              setNote('');
              setApproval(NO_APPROVAL);
              setDone(t.recorded);
            });
          }}
        >
          <div className="row">
            <label className="field">
              {t.moveKind}
              <select value={kind} onChange={(event) => setKind(event.target.value as MoveKind)}>
                {(['pay_in', 'pay_out', 'refund'] as const).map((each) => (
                  <option key={each} value={each}>
                    {t.moveKinds[each]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              {t.moveReason}
              <select value={reason} onChange={(event) => setReason(event.target.value as CashReason)}>
                {CASH_REASONS.map((each) => (
                  <option key={each} value={each}>
                    {t.reasons[each]}
                  </option>
                ))}
              </select>
            </label>
            <CurrencySelect
              label={t.currency}
              value={chosen}
              currencies={currencies}
              onChange={setCurrency}
            />
            <AmountField label={t.amount} value={amount} onChange={setAmount} field="amount" />
          </div>
          <TextField label={t.note} value={note} onChange={setNote} field="note" />
          {kind !== 'pay_in' ? <ManagerApproval value={approval} onChange={setApproval} /> : null}
          {error ? <ErrorPanel error={error} /> : null}
          {done ? <p role="status">{done}</p> : null}
          <div className="actions">
            <button type="submit" className="primary">
              {t.record}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() =>
                void tillCall(() => pos().noSale({ note: '' }), setError).then((opened) => {
                  if (opened) setDone(t.noSaleDone);
                })
              }
            >
              {t.noSale}
            </button>
          </div>
        </form>
      </FieldErrors>
    </section>
  );
}
