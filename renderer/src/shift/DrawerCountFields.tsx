import type { ReactNode, Ref } from 'react';
import type { Currency } from '../../../shared/money';
import { AmountField } from './AmountField';
import type { TypedCounts } from './shift-actions';

/** One amount field per currency of the drawer, empty until the cashier types what they counted. */
export function DrawerCountFields({
  currencies,
  label,
  counts,
  onChange,
  firstRef,
}: {
  readonly currencies: readonly Currency[];
  readonly label: (currency: Currency) => string;
  readonly counts: TypedCounts;
  readonly onChange: (counts: TypedCounts) => void;
  readonly firstRef?: Ref<HTMLInputElement>;
}): ReactNode {
  return currencies.map((currency, index) => (
    <AmountField
      key={currency}
      label={label(currency)}
      field={currency}
      value={counts[currency] ?? ''}
      onChange={(text) => onChange({ ...counts, [currency]: text })}
      {...(index === 0 && firstRef ? { inputRef: firstRef } : {})}
    />
  ));
}
