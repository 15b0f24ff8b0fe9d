import type { ReactNode } from 'react';
import { CodeFact } from '../../components/CodeFact';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { dataText, validityText } from '../../components/PackageFacts';
import { moneyText, time } from '../../i18n/format';
import type { Messages } from '../../i18n/messages';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { TenderFields } from '../../shift/TenderFields';
import { type TopUpFlow, useTopUp } from '../../stores/topup-store';
import { useShopPricesWarning } from '../sell/use-shop-prices-warning';

function stateName(state: string, t: Messages): string {
  return state in t.states ? t.states[state as keyof Messages['states']] : state;
}

export function ConfirmTopUp({
  flow,
}: {
  readonly flow: Extract<TopUpFlow, { step: 'confirming' | 'sending' }>;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const iccid = useTopUp((state) => state.iccid);
  const confirm = useTopUp((state) => state.confirm);
  const cancel = useTopUp((state) => state.cancel);
  const option = flow.chosen;
  const repeat = flow.step === 'confirming' && flow.repeat;
  const earlier = flow.step === 'confirming' ? (flow.earlier ?? []) : [];
  // No other counter could be asked: the question says so, whatever this counter knows.
  const unchecked = repeat && flow.unchecked === true;
  // Shown only while the top-up is confirmed or sent.
  const shopPrices = useShopPricesWarning(true);
  return (
    <ConfirmDialog
      // A new dialog for the repeat question, so the keyboard lands on its button afresh.
      key={repeat ? 'repeat' : 'confirm'}
      title={unchecked ? t.topUp.uncheckedTitle : repeat ? t.topUp.repeatTitle : t.topUp.confirmTitle}
      confirmLabel={repeat ? t.topUp.repeatButton : t.topUp.confirmButton}
      sending={flow.step === 'sending'}
      sendingText={t.topUp.sending}
      onConfirm={() => void confirm()}
      onCancel={cancel}
      // A repeat is usually a double scan: the safe answer has the keyboard.
      cancelFirst={repeat}
    >
      {repeat ? <p className="warning">{unchecked ? t.topUp.uncheckedBody : t.topUp.repeatBody}</p> : null}
      {repeat
        ? earlier.map((each) => (
            <p key={each.createdAt} className="earlier-topup">
              {each.counterCode === undefined
                ? t.find.repeatOf(time(each.createdAt, language), stateName(each.state, t))
                : t.find.repeatAtCounter(
                    each.counterCode,
                    time(each.createdAt, language),
                    stateName(each.state, t),
                  )}
            </p>
          ))
        : null}
      {shopPrices ? <p className="warning shop-prices">{shopPrices}</p> : null}
      <p className="confirm-line">{option.name}</p>
      <dl className="facts">
        <CodeFact term={t.topUp.iccid} value={iccid} />
        <dt>{t.sell.data}</dt>
        <dd>
          {dataText(option, t, language)} · {validityText(option, t, language)}
        </dd>
        <dt>{t.sell.toCharge}</dt>
        <dd className="charge">{moneyText(option.retail, language)}</dd>
      </dl>
      {repeat ? null : <TenderFields price={option.retail} />}
    </ConfirmDialog>
  );
}
