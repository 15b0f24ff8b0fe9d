import { type ReactNode, useEffect, useRef } from 'react';
import type { CompletedTopUp, TopUp } from '../../../../shared/domain/topup';
import { CodeFact } from '../../components/CodeFact';
import { ErrorPanel } from '../../components/ErrorPanel';
import { PrintReceiptButton } from '../../components/PrintReceiptButton';
import { useEscape } from '../../hooks/use-escape';
import { dateTime, moneyText } from '../../i18n/format';
import { usePrintedNumbers } from '../../i18n/printed-numbers';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useTopUp } from '../../stores/topup-store';
import '../../components/sale-view.css';
import { dataNowText } from './data-now';
import { DecisionLine, TopUpDoubt } from './TopUpDoubt';

/**
 * What became of a top-up. One whose answer was lost shows what to tell the customer, and the
 * provider's orders that may be its own for the manager's decision; `onDecided` receives the result.
 */
export function TopUpOutcome({
  topUp,
  onDecided,
}: {
  readonly topUp: TopUp;
  readonly onDecided?: (topUp: TopUp) => void;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const printed = usePrintedNumbers();
  if (topUp.state === 'completed') {
    return (
      <section className="topup-result" aria-label={t.topUp.completed}>
        <h2>{t.topUp.completed}</h2>
        <p className="sale-meta">
          {t.sell.receiptNo(printed.receipt(topUp.receiptNumber))} · {topUp.packageName} ·{' '}
          {moneyText(topUp.retail, language)}
        </p>
        <dl className="facts">
          <CodeFact term={t.topUp.iccid} value={topUp.iccid} />
          <NewVolume topUp={topUp} />
          {topUp.newExpiresAt ? (
            <>
              <dt>{t.topUp.newExpiry}</dt>
              <dd>{dateTime(topUp.newExpiresAt, language)}</dd>
            </>
          ) : null}
          {topUp.newBalance ? (
            <>
              <dt>{t.sell.newBalance}</dt>
              <dd>{moneyText(topUp.newBalance, language)}</dd>
            </>
          ) : null}
        </dl>
        <DecisionLine topUp={topUp} />
        <PrintReceiptButton kind="topup" id={topUp.id} />
      </section>
    );
  }
  if (topUp.state === 'failed') {
    return (
      <>
        <ErrorPanel error={topUp.error} />
        <DecisionLine topUp={topUp} />
      </>
    );
  }
  return (
    <section className="topup-result sale-waiting" aria-label={t.topUp.inDoubtTitle}>
      <h2>{t.topUp.inDoubtTitle}</h2>
      <p className="sale-meta">
        {t.sell.receiptNo(printed.receipt(topUp.receiptNumber))} · {topUp.packageName} ·{' '}
        {moneyText(topUp.retail, language)}
      </p>
      <p>{t.topUp.inDoubtBody}</p>
      <p className="say-to-customer">{t.topUp.inDoubtSay}</p>
      {topUp.state === 'in_doubt' ? <TopUpDoubt topUp={topUp} onDecided={onDecided} /> : null}
    </section>
  );
}

function NewVolume({ topUp }: { readonly topUp: CompletedTopUp }): ReactNode {
  const t = useMessages();
  const text = dataNowText(t, useLanguage(), topUp);
  if (text === null) return null;
  return (
    <>
      <dt>{t.topUp.newVolume}</dt>
      <dd>{text}</dd>
    </>
  );
}

export function TopUpResult(): ReactNode {
  const t = useMessages();
  const flow = useTopUp((state) => state.flow);
  const reset = useTopUp((state) => state.reset);
  const applyTopUp = useTopUp((state) => state.applyTopUp);
  const againRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    againRef.current?.focus();
  }, []);
  function again(): void {
    reset();
    window.requestAnimationFrame(() => document.querySelector<HTMLInputElement>('.iccid-input')?.focus());
  }
  useEscape(again);
  return (
    <div className="topup-done">
      <div className="actions">
        <button ref={againRef} type="button" className="primary" aria-keyshortcuts="Escape" onClick={again}>
          {t.topUp.another}
        </button>
      </div>
      {flow.step === 'lost' ? (
        <div className="error-panel" role="alert">
          <strong>{t.sell.lostTitle}</strong>
          <p>{t.topUp.inDoubtBody}</p>
        </div>
      ) : null}
      {flow.step === 'result' ? <TopUpOutcome topUp={flow.topUp} onDecided={applyTopUp} /> : null}
    </div>
  );
}
