import { type ReactNode, useEffect, useRef } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { SaleView } from '../../components/SaleView';
import { useEscape } from '../../hooks/use-escape';
import { useMessages } from '../../i18n/use-messages';
import { pinRefused } from '../../stores/held-pin';
import { useSale } from '../../stores/sale-store';

export function SaleResult(): ReactNode {
  const t = useMessages();
  const flow = useSale((state) => state.flow);
  const newSale = useSale((state) => state.newSale);
  const resolveNow = useSale((state) => state.resolveNow);
  const handOver = useSale((state) => state.handOver);
  const resultRef = useRef<HTMLDivElement>(null);
  const shown = flow.step === 'result' ? `${flow.sale.id}:${flow.sale.state}` : flow.step;
  // The keyboard starts on Print, never on New sale: an Enter after the QR appears (a bouncing key,
  // a scanner's trailing Enter) prints at most, and never starts the next sale. New sale is Escape.
  useEffect(() => {
    void shown;
    const print = resultRef.current?.querySelector<HTMLButtonElement>('button[data-print-key]');
    (print ?? resultRef.current)?.focus();
  }, [shown]);
  function startOver(): void {
    newSale();
    // The search field is the start of every sale.
    window.requestAnimationFrame(() => document.getElementById('destination-search')?.focus());
  }
  useEscape(startOver);
  return (
    <div className="sale-result" ref={resultRef} tabIndex={-1}>
      <div className="actions">
        <button type="button" className="primary" aria-keyshortcuts="Escape" onClick={startOver}>
          {t.sell.newSale}
        </button>
      </div>
      {flow.step === 'lost' ? (
        <div className="error-panel" role="alert">
          <strong>{t.sell.lostTitle}</strong>
          <p>{t.sell.lostBody}</p>
        </div>
      ) : null}
      {flow.step === 'result' ? (
        <>
          {flow.error && !pinRefused(flow.error) ? <ErrorPanel error={flow.error} /> : null}
          <SaleView
            key={flow.sale.id}
            sale={flow.sale}
            onHandOver={(pin) => void handOver(pin)}
            handOverRefused={flow.error && pinRefused(flow.error) ? flow.error : null}
            onCheckNow={
              flow.sale.state === 'in_doubt' || flow.sale.state === 'intent'
                ? () => void resolveNow()
                : undefined
            }
          />
        </>
      ) : null}
    </div>
  );
}
