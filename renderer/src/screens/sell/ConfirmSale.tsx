import type { ReactNode } from 'react';
import { multiplyMinor } from '../../../../shared/money';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { coverageText, dataText, validityText } from '../../components/PackageFacts';
import { integer, moneyText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { TenderFields } from '../../shift/TenderFields';
import { useSale } from '../../stores/sale-store';

export function ConfirmSale(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const flow = useSale((state) => state.flow);
  const confirm = useSale((state) => state.confirm);
  const cancel = useSale((state) => state.cancelConfirm);
  if (flow.step !== 'confirming' && flow.step !== 'sending') return null;
  const { pkg: selected, quantity } = flow;
  const total = { ...selected.retail, amount: multiplyMinor(selected.retail.amount, quantity) };
  return (
    <ConfirmDialog
      title={t.sell.confirmTitle}
      confirmLabel={t.sell.confirmButton}
      sending={flow.step === 'sending'}
      sendingText={t.sell.sending}
      onConfirm={() => void confirm()}
      onCancel={cancel}
    >
      <p className="confirm-line">{t.sell.confirmLine(integer(quantity, language), selected.name)}</p>
      <p>
        {dataText(selected, t, language)} · {validityText(selected, t, language)} ·{' '}
        {coverageText(selected, t, language)}
      </p>
      <dl className="facts">
        <dt>{t.sell.unitPrice}</dt>
        <dd>{moneyText(selected.retail, language)}</dd>
        <dt>{t.sell.toCharge}</dt>
        <dd className="charge">{moneyText(total, language)}</dd>
      </dl>
      <TenderFields price={total} />
    </ConfirmDialog>
  );
}
