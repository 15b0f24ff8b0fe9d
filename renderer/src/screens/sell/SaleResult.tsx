import { type ReactNode, useEffect, useRef } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { SaleView } from '../../components/SaleView';
import { useEscape } from '../../hooks/use-escape';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { printReceipt } from '../../receipts/print-receipt';
import { useNotices } from '../../stores/notice-store';
import { useSale } from '../../stores/sale-store';
import { useSettings } from '../../stores/settings-store';

export function SaleResult(): ReactNode {
  const t = useMessages();
  const sale = useSale((state) => state.sale);
  const lost = useSale((state) => state.lost);
  const error = useSale((state) => state.error);
  const newSale = useSale((state) => state.newSale);
  const resolveNow = useSale((state) => state.resolveNow);
  const autoPrint = useSettings((state) => state.settings?.autoPrint ?? false);
  const language = useLanguage();
  const newSaleRef = useRef<HTMLButtonElement>(null);
  const printed = useRef<string | null>(null);
  useEffect(() => {
    newSaleRef.current?.focus();
  }, []);
  const completedId = sale?.state === 'completed' ? sale.id : null;
  useEffect(() => {
    // Once per sale, also when a pending sale completes while its result is on screen.
    if (!autoPrint || !completedId || printed.current === completedId) return;
    printed.current = completedId;
    void printReceipt({ kind: 'sale', id: completedId, language }).then((result) => {
      if (!result.ok)
        useNotices.getState().push({ kind: 'error', code: result.error.code, message: result.error.message });
    });
  }, [autoPrint, completedId, language]);
  function startOver(): void {
    newSale();
    // The search field is the start of every sale.
    window.requestAnimationFrame(() => document.getElementById('destination-search')?.focus());
  }
  useEscape(startOver);
  return (
    <div className="sale-result">
      <div className="actions">
        <button
          ref={newSaleRef}
          type="button"
          className="primary"
          aria-keyshortcuts="Escape"
          onClick={startOver}
        >
          {t.sell.newSale}
        </button>
      </div>
      {lost ? (
        <div className="error-panel" role="alert">
          <strong>{t.sell.lostTitle}</strong>
          <p>{t.sell.lostBody}</p>
        </div>
      ) : null}
      {error ? <ErrorPanel error={error} /> : null}
      {sale ? (
        <SaleView
          sale={sale}
          onCheckNow={
            sale.state === 'in_doubt' || sale.state === 'intent' ? () => void resolveNow() : undefined
          }
        />
      ) : null}
    </div>
  );
}
