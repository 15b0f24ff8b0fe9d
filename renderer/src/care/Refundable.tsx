import type { ReactNode } from 'react';
import type { Money } from '../../../shared/money';
import { moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { careText } from './care-text';

/**
 * What the customer paid and what may still be refunded, said before an amount is typed: the core
 * refuses more (what was paid, less the record's refunds before).
 */
export function Refundable({
  paid,
  refundable,
}: {
  readonly paid: Money;
  readonly refundable: Money;
}): ReactNode {
  const language = useLanguage();
  const t = careText(language);
  return (
    <p className="refundable">
      {refundable.amount > 0
        ? t.refundable(moneyText(paid, language), moneyText(refundable, language))
        : t.allRefunded(moneyText(paid, language))}
    </p>
  );
}
