import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { TopUp } from '../../../shared/domain/topup';
import { pos } from '../bridge/pos';
import { Dialog } from '../components/Dialog';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { TopUpOutcome } from '../screens/topup/TopUpResult';
import { careText } from './care-text';
import { GoodwillRefund } from './GoodwillRefund';

/**
 * A top-up opened from Today or Pending: what it did, its receipt, (completed) a goodwill refund, and
 * (answer lost) the provider's orders that may be its own and the manager's decision, shown here once taken.
 */
export function TopUpCareDialog({
  topUp: opened,
  onClose,
}: {
  readonly topUp: TopUp;
  readonly onClose: () => void;
}): ReactNode {
  const t = useMessages();
  const care = careText(useLanguage());
  const closeRef = useRef<HTMLButtonElement>(null);
  const [latest, setLatest] = useState<TopUp | null>(null);
  const topUp = latest ?? opened;
  // A top-up whose answer was lost is looked for in the provider's orders again as it is opened (a
  // read, never a re-send): the manager decides on what the provider lists now.
  useEffect(() => {
    if (opened.state !== 'in_doubt') return;
    void pos()
      .getTopUp({ id: opened.id })
      .then((looked) => {
        if (looked.ok) setLatest((shown) => shown ?? looked.value);
      });
  }, [opened]);
  return (
    <Dialog title={care.topUpDetails} onCancel={onClose} initialFocus={closeRef} className="wide">
      <TopUpOutcome topUp={topUp} onDecided={setLatest} />
      {topUp.state === 'completed' ? <GoodwillRefund key={topUp.id} topUp={topUp} /> : null}
      <div className="actions">
        <button ref={closeRef} type="button" className="secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </Dialog>
  );
}
