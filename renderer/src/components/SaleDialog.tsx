import { type ReactNode, useRef } from 'react';
import { CancelSale } from '../care/CancelSale';
import { EsimCarePanel } from '../care/EsimCarePanel';
import { useMessages } from '../i18n/use-messages';
import { checkNow } from '../stores/check-now';
import { pinRefused } from '../stores/held-pin';
import { useJournal } from '../stores/journal-store';
import { Dialog } from './Dialog';
import { ErrorPanel } from './ErrorPanel';
import { SaleView } from './SaleView';

/** Any sale opened from Today, Pending or a notice, over whatever the cashier was doing. */
export function SaleDialog(): ReactNode {
  const t = useMessages();
  const sale = useJournal((state) => state.viewing);
  const close = useJournal((state) => state.closeView);
  const handOver = useJournal((state) => state.handOver);
  const error = useJournal((state) => state.viewError);
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
      {sale.state === 'completed' ? <CancelSale key={sale.id} saleId={sale.id} /> : null}
      {error && !pinRefused(error) ? <ErrorPanel error={error} /> : null}
      <div className="actions">
        <button ref={closeRef} type="button" className="secondary" onClick={close}>
          {t.close}
        </button>
      </div>
    </Dialog>
  );
}
