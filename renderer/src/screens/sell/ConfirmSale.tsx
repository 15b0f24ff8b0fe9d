import type { ReactNode } from 'react';
import { multiplyMinor } from '../../../../shared/money';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { coverageText, dataText, validityText } from '../../components/PackageFacts';
import { integer, moneyText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { TenderFields } from '../../shift/TenderFields';
import { quoteTender, useTender } from '../../shift/tender-store';
import { useSale } from '../../stores/sale-store';
import { useScreen } from '../../stores/screen-store';
import { useSession } from '../../stores/session-store';
import { useBalanceShort } from './use-balance-short';
import { useShopPricesWarning } from './use-shop-prices-warning';

export function ConfirmSale(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const flow = useSale((state) => state.flow);
  const confirm = useSale((state) => state.confirm);
  const cancel = useSale((state) => state.cancelConfirm);
  const continueWhileSending = useSale((state) => state.continueWhileSending);
  const go = useScreen((state) => state.go);
  const connection = useSession((state) => state.status?.connection);
  const tender = useTender();
  const open = flow.step === 'confirming' || flow.step === 'sending' ? flow : null;
  // A cashier is not told the provider's cost: the balance is then left to the provider to refuse.
  const unitCost = open?.pkg.cost ?? null;
  const cost = unitCost && { ...unitCost, amount: multiplyMinor(unitCost.amount, open?.quantity ?? 1) };
  const short = useBalanceShort(cost);
  const shopPrices = useShopPricesWarning(open !== null);
  if (!open) return null;
  const { pkg: selected, quantity } = open;
  const total = { ...selected.retail, amount: multiplyMinor(selected.retail.amount, quantity) };
  const quote = quoteTender(total, tender);
  const asked = quote.ok || quote.reason === 'too_little' ? quote.due : total;
  // Said before the sale, not after: what the provider would refuse, and what earns the shop nothing.
  const warnings = [
    short ? t.sell.warnBalance(moneyText(short, language)) : null,
    connection === 'offline' ? t.sell.warnOffline : null,
    connection === 'degraded' ? t.sell.warnDegraded : null,
    selected.atCost ? t.sell.warnAtCost : null,
    shopPrices,
  ].filter((warning): warning is string => warning !== null);
  return (
    <ConfirmDialog
      title={t.sell.confirmTitle}
      confirmLabel={t.sell.confirmButton}
      sending={flow.step === 'sending'}
      sendingText={t.sell.sending}
      onConfirm={() => void confirm()}
      onCancel={cancel}
      slow={
        flow.step === 'sending'
          ? {
              since: flow.since,
              continueLabel: t.sell.continueWaiting,
              onContinue: () => {
                continueWhileSending();
                go('pending');
              },
            }
          : undefined
      }
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
        {/* The figure to take is in the currency paid in (dinars rounded to the shop's step), the price beneath. */}
        <dd className="charge">{moneyText(asked, language)}</dd>
        {asked.currency !== total.currency ? (
          <dd className="charge-beneath">{moneyText(total, language)}</dd>
        ) : null}
      </dl>
      {warnings.length > 0 ? (
        <ul className="confirm-warnings" aria-label={t.sell.warnings}>
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <TenderFields price={total} />
    </ConfirmDialog>
  );
}
