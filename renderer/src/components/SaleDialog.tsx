import { type ReactNode, useRef } from 'react';
import { CancelSale, SaleCancellation } from '../care/CancelSale';
import { careText } from '../care/care-text';
import { EsimCarePanel } from '../care/EsimCarePanel';
import { usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { checkNow } from '../stores/check-now';
import { pinRefused } from '../stores/held-pin';
import { useJournal } from '../stores/journal-store';
import { Dialog } from './Dialog';
import { ErrorPanel } from './ErrorPanel';
import { SaleView } from './SaleView';

/** Any sale opened from Today, Pending or a notice, over whatever the cashier was doing. */
export function SaleDialog(): ReactNode {
  const t = useMessages();
  const care = careText(useLanguage());
  const printed = usePrintedNumbers();
  const sale = useJournal((state) => state.viewing);
  const close = useJournal((state) => state.closeView);
  const handOver = useJournal((state) => state.handOver);
  const error = useJournal((state) => state.viewError);
  const view = useJournal((state) => state.view);
  const load = useJournal((state) => state.load);
  // A cancellation made or settled here: the sale and the day's list and totals are read again.
  const reread = async (id: string): Promise<void> => {
    await Promise.all([view(id), load()]);
  };
  const closeRef = useRef<HTMLButtonElement>(null);
  if (!sale) return null;
  return (
    <Dialog title={t.today.details} onCancel={close} initialFocus={closeRef} className="wide">
      <SaleView
        key={sale.id}
        sale={sale}
        reprint
        onHandOver={(pin) => void handOver(pin)}
        handOverRefused={error && pinRefused(error) ? error : null}
        onCheckNow={
          sale.state === 'in_doubt' || sale.state === 'intent' ? () => void checkNow(sale.id) : undefined
        }
      />
      {sale.state === 'completed' ? <EsimCarePanel key={`care-${sale.id}`} saleId={sale.id} /> : null}
      {sale.state !== 'completed' ? null : sale.cancellation?.counterCode ? (
        // Cancelled at another counter of the shop: its receipt, its cash and its answers are there.
        <p role="status">
          {care.cancelledElsewhere(
            sale.cancellation.counterCode,
            printed.receipt(sale.cancellation.receiptNumber, sale.cancellation.counterCode),
          )}
        </p>
      ) : sale.cancellation && sale.cancellation.state !== 'refused' ? (
        <SaleCancellation
          key={sale.cancellation.id}
          cancellation={sale.cancellation}
          saleCounterCode={sale.counterCode ?? null}
          onChange={() => void reread(sale.id)}
        />
      ) : (
        <CancelSale
          key={sale.id}
          saleId={sale.id}
          saleCounterCode={sale.counterCode ?? null}
          onCancelled={() => void reread(sale.id)}
        />
      )}
      {error && !pinRefused(error) ? <ErrorPanel error={error} /> : null}
      <div className="actions">
        <button ref={closeRef} type="button" className="secondary" onClick={close}>
          {t.close}
        </button>
      </div>
    </Dialog>
  );
}
