import type { ReactNode } from 'react';
import type { TopUpOption } from '../../../../shared/domain/topup';
import { CodeFact } from '../../components/CodeFact';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { dataText } from '../../components/PackageFacts';
import { days, moneyText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { TenderFields } from '../../shift/TenderFields';
import { useTopUp } from '../../stores/topup-store';

export function ConfirmTopUp({ option }: { readonly option: TopUpOption }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const iccid = useTopUp((state) => state.iccid);
  const phase = useTopUp((state) => state.phase);
  const confirm = useTopUp((state) => state.confirm);
  const cancel = useTopUp((state) => state.cancel);
  const repeat = phase === 'repeat';
  return (
    <ConfirmDialog
      // A new dialog for the repeat question, so the keyboard lands on its button afresh.
      key={repeat ? 'repeat' : 'confirm'}
      title={repeat ? t.topUp.repeatTitle : t.topUp.confirmTitle}
      confirmLabel={repeat ? t.topUp.repeatButton : t.topUp.confirmButton}
      sending={phase === 'sending'}
      sendingText={t.topUp.sending}
      onConfirm={() => void confirm()}
      onCancel={cancel}
    >
      {repeat ? <p className="warning">{t.topUp.repeatBody}</p> : null}
      <p className="confirm-line">{option.name}</p>
      <dl className="facts">
        <CodeFact term={t.topUp.iccid} value={iccid} />
        <dt>{t.sell.data}</dt>
        <dd>
          {dataText(option, t, language)} · {days(option.validityDays, language)}
        </dd>
        <dt>{t.sell.toCharge}</dt>
        <dd className="charge">{moneyText(option.retail, language)}</dd>
      </dl>
      {repeat ? null : <TenderFields price={option.retail} />}
    </ConfirmDialog>
  );
}
