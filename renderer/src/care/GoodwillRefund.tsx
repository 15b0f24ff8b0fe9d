import { type ReactNode, useId, useState } from 'react';
import type { Cancellation } from '../../../shared/domain/cancellation';
import type { TopUp } from '../../../shared/domain/topup';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { PrintReceiptButton } from '../components/PrintReceiptButton';
import { moneyText } from '../i18n/format';
import { usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage } from '../i18n/use-messages';
import { CareCardEnd } from './CareCardEnd';
import { careText } from './care-text';
import { Refundable } from './Refundable';
import { RefundForm } from './RefundForm';
import { useReadWhenOpen } from './use-read-when-open';

/**
 * A top-up is never cancelled (the provider offers no way back), so money given back for one is a
 * goodwill refund: cash from the drawer of the open shift, a reason, a manager's approval, marked not
 * recoverable from the provider, with a receipt that names the top-up's. What may still be given
 * back (what was paid, less the refunds before) is read each time the card opens.
 */
export function GoodwillRefund({ topUp }: { readonly topUp: TopUp }): ReactNode {
  const language = useLanguage();
  const printed = usePrintedNumbers();
  const t = careText(language);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Cancellation | null>(null);
  const [error, setError] = useState<PosError | null>(null);
  const check = useReadWhenOpen(
    open,
    topUp.id,
    (topUpId) => pos().checkGoodwillRefund({ topUpId }),
    setError,
  );
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
            <strong>
              {t.goodwillDone(moneyText(done.cashRefund ?? topUp.tender?.due ?? topUp.retail, language))}
            </strong>
          </p>
          <p>
            {t.goodwillReceipt(
              printed.receipt(done.receiptNumber),
              printed.receipt(done.originalReceiptNumber),
            )}
          </p>
          <PrintReceiptButton kind="cancellation" id={done.id} />
        </div>
      ) : check && check.refundable.amount > 0 ? (
        <RefundForm
          paid={check.paid}
          refundable={check.refundable}
          optional={false}
          confirm={t.goodwillConfirm}
          // Not optional: the form sends only with an amount typed.
          send={({ reason, cash, approval }) =>
            pos().goodwillRefund({
              topUpId: check.topUpId,
              amount: cash!,
              reason,
              ...(approval ? { approval } : {}),
            })
          }
          onDone={setDone}
          onError={setError}
        />
      ) : check ? (
        <Refundable paid={check.paid} refundable={check.refundable} />
      ) : null}
      <CareCardEnd
        error={error}
        onBack={() => {
          setOpen(false);
          setDone(null);
          setError(null);
        }}
      />
    </section>
  );
}
