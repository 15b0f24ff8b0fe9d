import { type ReactNode, useState } from 'react';
import type { Cancellation } from '../../../shared/domain/cancellation';
import type { Approval } from '../../../shared/domain/cashier';
import type { PosError, Result } from '../../../shared/errors';
import { type Money, parseTypedAmount, toDecimalText } from '../../../shared/money';
import { useLanguage } from '../i18n/use-messages';
import { TextField } from '../screens/settings/TextField';
import { AmountField } from '../shift/AmountField';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from '../shift/ManagerApproval';
import { tillCall } from '../shift/shift-actions';
import { careText } from './care-text';
import { Refundable } from './Refundable';

/** What a care card sends once its form is filled: the reason, the cash back (if any), the approval. */
export interface RefundInput {
  readonly reason: string;
  readonly cash: Money | null;
  readonly approval?: Approval;
}

/**
 * The form of a cash refund for a sale or top-up (a cancellation, a goodwill refund): a reason, what
 * the customer paid and what may still be refunded, the cash back (starting there), a manager's
 * approval. `optional`: the cash back may be left out (a cancellation gives it back only if asked).
 */
export function RefundForm({
  paid,
  refundable,
  optional,
  confirm,
  children,
  send,
  onDone,
  onError,
}: {
  readonly paid: Money;
  readonly refundable: Money;
  readonly optional: boolean;
  readonly confirm: string;
  /** What the form says above its fields. */
  readonly children?: ReactNode;
  readonly send: (input: RefundInput) => Promise<Result<Cancellation>>;
  readonly onDone: (refund: Cancellation) => void;
  readonly onError: (error: PosError | null) => void;
}): ReactNode {
  const t = careText(useLanguage());
  const { currency } = refundable;
  const [reason, setReason] = useState('');
  const [cashBack, setCashBack] = useState(refundable.amount > 0);
  const [amount, setAmount] = useState(toDecimalText(refundable.amount, currency));
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [busy, setBusy] = useState(false);
  const giving = cashBack || !optional;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const cash = giving ? parseTypedAmount(amount, currency) : null;
        if (giving && (cash === null || cash <= 0)) {
          onError({ code: 'INVALID_INPUT', message: t.amountNeeded });
          return;
        }
        setBusy(true);
        void tillCall(
          () =>
            send({
              reason,
              cash: cash === null ? null : { amount: cash, currency },
              ...(approval.pin ? { approval: approvalToSend(approval) } : {}),
            }),
          onError,
        ).then((refund) => {
          setBusy(false);
          if (!refund) return;
          onError(null);
          onDone(refund);
        });
      }}
    >
      {children}
      <TextField label={t.reason} value={reason} onChange={setReason} />
      <Refundable paid={paid} refundable={refundable} />
      {optional ? (
        <label className="check">
          <input type="checkbox" checked={cashBack} onChange={(event) => setCashBack(event.target.checked)} />
          {t.cashBack}
        </label>
      ) : null}
      {giving ? <AmountField label={t.cashAmount(currency)} value={amount} onChange={setAmount} /> : null}
      <ManagerApproval value={approval} onChange={setApproval} />
      <button type="submit" className="danger" disabled={busy || reason.trim() === ''}>
        {confirm}
      </button>
    </form>
  );
}
