import { type ReactNode, useRef } from 'react';
import type { TopUp } from '../../../shared/domain/topup';
import { Dialog } from '../components/Dialog';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { TopUpOutcome } from '../screens/topup/TopUpResult';
import { careText } from './care-text';
import { GoodwillRefund } from './GoodwillRefund';

/** A top-up opened from Today: what it did, its receipt, and (completed) a goodwill refund. */
export function TopUpCareDialog({
  topUp,
  onClose,
}: {
  readonly topUp: TopUp;
  readonly onClose: () => void;
}): ReactNode {
  const t = useMessages();
  const care = careText(useLanguage());
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={care.topUpDetails} onCancel={onClose} initialFocus={closeRef} className="wide">
      <TopUpOutcome topUp={topUp} />
      {topUp.state === 'completed' ? <GoodwillRefund key={topUp.id} topUp={topUp} /> : null}
      <div className="actions">
        <button ref={closeRef} type="button" className="secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </Dialog>
  );
}
