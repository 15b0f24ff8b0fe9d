import { type ReactNode, useId, useState } from 'react';
import type { Cancellation } from '../../../shared/domain/cancellation';
import type { TopUp } from '../../../shared/domain/topup';
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
 * A top-up is never cancelled (the provider offers no way back), so money given back for one is a
 * goodwill refund: cash from the drawer of the open shift, a reason, a manager's approval, marked not
 * recoverable from the provider, with a receipt that names the top-up's.
 */
export function GoodwillRefund({ topUp }: { readonly topUp: TopUp }): ReactNode {
  const language = useLanguage();
  const t = careText(language);
  const paid = topUp.tender?.due ?? topUp.retail;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(toDecimalText(paid.amount, paid.currency));
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Cancellation | null>(null);
  const [error, setError] = useState<PosError | null>(null);
  const headingId = useId();
  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t.goodwill}
      </button>
    );
  }
  return (
    <section className="card goodwill-refund" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.goodwillTitle}</h3>
      <p>{t.goodwillWhy}</p>
      {done ? (
        <div role="status">
          <p>
            <strong>{t.goodwillDone(moneyText(done.cashRefund ?? paid, language))}</strong>
          </p>
          <p>
            {t.goodwillReceipt(
              integer(done.receiptNumber, language),
              integer(done.originalReceiptNumber, language),
            )}
          </p>
          <PrintReceiptButton kind="cancellation" id={done.id} />
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const cash = typedAmount(amount, paid.currency);
            if (cash === null || cash <= 0) {
              setError({ code: 'INVALID_INPUT', message: t.goodwillAmountNeeded });
              return;
            }
            setBusy(true);
            void tillCall(
              () =>
                pos().goodwillRefund({
                  topUpId: topUp.id,
                  amount: { amount: cash, currency: paid.currency },
                  reason,
                  ...(approval.pin ? { approval: approvalToSend(approval) } : {}),
                }),
              setError,
            ).then((refund) => {
              setBusy(false);
              if (!refund) return;
              setError(null);
              setDone(refund);
            });
          }}
        >
          <TextField label={t.reason} value={reason} onChange={setReason} />
          <AmountField label={t.cashAmount(paid.currency)} value={amount} onChange={setAmount} />
          <ManagerApproval value={approval} onChange={setApproval} />
          <button type="submit" className="danger" disabled={busy || reason.trim() === ''}>
            {t.goodwillConfirm}
          </button>
        </form>
      )}
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
