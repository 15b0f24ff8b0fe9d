import { type ReactNode, useId, useState } from 'react';
import type {
  Cancellation,
  SaleCancellation as SaleCancellationFacts,
} from '../../../shared/domain/cancellation';
import { CANCELLATION_SETTLEABLE_STATES } from '../../../shared/domain/cancellation-states';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { PrintReceiptButton } from '../components/PrintReceiptButton';
import { moneyText } from '../i18n/format';
import { usePrintedNumbers } from '../i18n/printed-numbers';
import { esimStatusText } from '../i18n/provider-words';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { tillCall } from '../shift/shift-actions';
import { CareCardEnd } from './CareCardEnd';
import { careText } from './care-text';
import { RefundForm } from './RefundForm';
import { useReadWhenOpen } from './use-read-when-open';

/**
 * Cancelling a sold eSIM: the eSIM is read from the provider first, so a cancellation its rules
 * refuse (installed, used) is said before anything is promised; then a manager approves, the reason
 * is given, and the customer's cash comes back from the drawer once the provider has cancelled.
 */
export function CancelSale({
  saleId,
  saleCounterCode,
  onCancelled,
}: {
  readonly saleId: string;
  /** The code of the counter that sold it (another counter's sale prints its receipt with it). */
  readonly saleCounterCode: string | null;
  /** A cancellation was made: the sale and the day's list read it again. */
  readonly onCancelled: () => void;
}): ReactNode {
  const language = useLanguage();
  const t = careText(language);
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<Cancellation | null>(null);
  const [error, setError] = useState<PosError | null>(null);
  const check = useReadWhenOpen(open, saleId, (id) => pos().checkCancelSale({ saleId: id }), setError);
  const headingId = useId();
  // The sale's cancellation as read, until one made or settled here replaces it.
  const shown = result ?? check?.cancellation ?? null;

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
              <bdi>
                {t.esimState(
                  esim.iccid,
                  esim.status === null ? t.statusNotStated : esimStatusText(esim.status, messages),
                )}
              </bdi>{' '}
              ·{' '}
              {esim.installed === null ? t.installedNotStated : esim.installed ? t.installed : t.notInstalled}
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <CancellationOutcome
          cancellation={shown}
          saleCounterCode={saleCounterCode}
          onChange={setResult}
          onError={setError}
        />
      ) : check?.refusal ? (
        <p role="alert">{t.refusals[check.refusal]}</p>
      ) : check ? (
        <RefundForm
          paid={check.paid}
          refundable={check.refundable}
          optional={true}
          confirm={t.confirm}
          send={({ reason, cash, approval }) =>
            pos().cancelSale({
              saleId: check.saleId,
              reason,
              cashRefund: cash,
              ...(approval ? { approval } : {}),
            })
          }
          onDone={(made) => {
            setResult(made);
            onCancelled();
          }}
          onError={setError}
        >
          <p>{check.esims.some((esim) => esim.installed === null) ? t.allowedIfProviderAgrees : t.allowed}</p>
        </RefundForm>
      ) : null}
      <CareCardEnd
        error={error}
        onBack={() => {
          setOpen(false);
          setResult(null);
          setError(null);
        }}
      />
    </section>
  );
}

/**
 * A sale's cancellation, once made: what the provider did, the cancellation receipt to print again,
 * the cash given back or owed, and the provider to ask again while the answer is not known.
 */
export function SaleCancellation({
  cancellation,
  saleCounterCode,
  onChange,
}: {
  readonly cancellation: SaleCancellationFacts;
  readonly saleCounterCode: string | null;
  readonly onChange: () => void;
}): ReactNode {
  const [error, setError] = useState<PosError | null>(null);
  return (
    <section className="card cancel-sale">
      <CancellationOutcome
        cancellation={cancellation}
        saleCounterCode={saleCounterCode}
        onChange={onChange}
        onError={setError}
      />
      {error ? <ErrorPanel error={error} /> : null}
    </section>
  );
}

function CancellationOutcome({
  cancellation,
  saleCounterCode,
  onChange,
  onError,
}: {
  readonly cancellation: SaleCancellationFacts;
  readonly saleCounterCode: string | null;
  readonly onChange: (cancellation: Cancellation) => void;
  readonly onError: (error: PosError | null) => void;
}): ReactNode {
  const language = useLanguage();
  const printed = usePrintedNumbers();
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
          printed.receipt(cancellation.receiptNumber),
          printed.receipt(cancellation.originalReceiptNumber, saleCounterCode),
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
