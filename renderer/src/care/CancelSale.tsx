import { type ReactNode, useEffect, useId, useState } from 'react';
import type { CancelCheck, Cancellation } from '../../../shared/domain/cancellation';
import { CANCELLATION_SETTLEABLE_STATES } from '../../../shared/domain/cancellation-states';
import type { PosError } from '../../../shared/errors';
import { toDecimalText } from '../../../shared/money';
import { pos } from '../bridge/pos';
import { PrintReceiptButton } from '../components/PrintReceiptButton';
import { integer, moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { TextField } from '../screens/settings/TextField';
import { AmountField } from '../shift/AmountField';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from '../shift/ManagerApproval';
import { tillCall, typedAmount } from '../shift/shift-actions';
import { CareCardEnd } from './CareCardEnd';
import { careText } from './care-text';

/**
 * Cancelling a sold eSIM: the eSIM is read from the provider first, so a cancellation its rules
 * refuse (installed, used) is said before anything is promised; then a manager approves, the reason
 * is given, and the customer's cash comes back from the drawer once the provider has cancelled.
 */
export function CancelSale({ saleId }: { readonly saleId: string }): ReactNode {
  const language = useLanguage();
  const t = careText(language);
  const [open, setOpen] = useState(false);
  const [check, setCheck] = useState<CancelCheck | null>(null);
  const [result, setResult] = useState<Cancellation | null>(null);
  const [error, setError] = useState<PosError | null>(null);
  const headingId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setCheck(null);
    void pos()
      .checkCancelSale({ saleId })
      .then((answer) => {
        if (!live) return;
        if (answer.ok) {
          setCheck(answer.value);
          setResult(answer.value.cancellation);
        } else setError(answer.error);
      });
    return () => {
      live = false;
    };
  }, [open, saleId]);

  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t.cancelEsim}
      </button>
    );
  }
  return (
    <section className="card cancel-sale" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.cancelTitle}</h3>
      {check === null && error === null ? <p>{t.reading}</p> : null}
      {check ? (
        <ul className="esim-states">
          {check.esims.map((esim) => (
            <li key={esim.iccid}>
              <bdi>{t.esimState(esim.iccid, esim.status ?? t.statusNotStated)}</bdi> ·{' '}
              {esim.installed === null ? t.installedNotStated : esim.installed ? t.installed : t.notInstalled}
            </li>
          ))}
        </ul>
      ) : null}
      {result ? (
        <CancellationOutcome cancellation={result} onChange={setResult} onError={setError} />
      ) : check?.refusal ? (
        <p role="alert">{t.refusals[check.refusal]}</p>
      ) : check ? (
        <CancelForm check={check} onDone={setResult} onError={setError} />
      ) : null}
      <CareCardEnd
        error={error}
        onBack={() => {
          setOpen(false);
          setError(null);
        }}
      />
    </section>
  );
}

function CancelForm({
  check,
  onDone,
  onError,
}: {
  readonly check: CancelCheck;
  readonly onDone: (cancellation: Cancellation) => void;
  readonly onError: (error: PosError | null) => void;
}): ReactNode {
  const t = careText(useLanguage());
  const [reason, setReason] = useState('');
  const [cashBack, setCashBack] = useState(true);
  const [amount, setAmount] = useState(toDecimalText(check.paid.amount, check.paid.currency));
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const cash = cashBack ? typedAmount(amount, check.paid.currency) : null;
        if (cashBack && (cash === null || cash <= 0)) {
          onError({ code: 'INVALID_INPUT', message: 'Enter the cash to give back.' });
          return;
        }
        setBusy(true);
        void tillCall(
          () =>
            pos().cancelSale({
              saleId: check.saleId,
              reason,
              cashRefund: cash === null ? null : { amount: cash, currency: check.paid.currency },
              ...(approval.pin ? { approval: approvalToSend(approval) } : {}),
            }),
          onError,
        ).then((cancellation) => {
          setBusy(false);
          if (!cancellation) return;
          onError(null);
          onDone(cancellation);
        });
      }}
    >
      <p>{check.esims.some((esim) => esim.installed === null) ? t.allowedIfProviderAgrees : t.allowed}</p>
      <TextField label={t.reason} value={reason} onChange={setReason} />
      <label className="check">
        <input type="checkbox" checked={cashBack} onChange={(event) => setCashBack(event.target.checked)} />
        {t.cashBack}
      </label>
      {cashBack ? (
        <AmountField label={t.cashAmount(check.paid.currency)} value={amount} onChange={setAmount} />
      ) : null}
      <ManagerApproval value={approval} onChange={setApproval} />
      <button type="submit" className="danger" disabled={busy || reason.trim() === ''}>
        {t.confirm}
      </button>
    </form>
  );
}

function CancellationOutcome({
  cancellation,
  onChange,
  onError,
}: {
  readonly cancellation: Cancellation;
  readonly onChange: (cancellation: Cancellation) => void;
  readonly onError: (error: PosError | null) => void;
}): ReactNode {
  const language = useLanguage();
  const t = careText(language);
  return (
    <div className="cancellation-outcome" role="status">
      <p>
        <strong>{t.states[cancellation.state]}</strong>
        {cancellation.refundMethod
          ? ` · ${t.methods[cancellation.refundMethod]}`
          : cancellation.state === 'cancelled'
            ? ` · ${t.methodNotStated}`
            : null}
      </p>
      <p>
        {t.cancellationReceipt(
          integer(cancellation.receiptNumber, language),
          integer(cancellation.originalReceiptNumber, language),
        )}
      </p>
      {/* A refused cancellation gives nothing back: no cash is owed for it. */}
      {cancellation.cashRefund && cancellation.state !== 'refused' ? (
        <p>
          {cancellation.cashRefunded
            ? t.cashRefunded(moneyText(cancellation.cashRefund, language))
            : t.cashOwed(moneyText(cancellation.cashRefund, language))}
        </p>
      ) : null}
      {cancellation.state === 'cancelled' ? (
        <PrintReceiptButton kind="cancellation" id={cancellation.id} />
      ) : null}
      {CANCELLATION_SETTLEABLE_STATES.includes(cancellation.state) ? (
        <button
          type="button"
          onClick={() =>
            void tillCall(() => pos().settleCancellation({ id: cancellation.id }), onError).then(
              (settled) => {
                if (settled) onChange(settled);
              },
            )
          }
        >
          {t.checkWithProvider}
        </button>
      ) : null}
    </div>
  );
}
