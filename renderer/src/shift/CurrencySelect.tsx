import { type ReactNode, useId } from 'react';
import type { Currency } from '../../../shared/money';

/** A choice among the drawer's currencies. */
export function CurrencySelect({
  label,
  value,
  currencies,
  onChange,
}: {
  readonly label: string;
  readonly value: Currency;
  readonly currencies: readonly Currency[];
  readonly onChange: (currency: Currency) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Currency)}>
        {currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
    </div>
  );
}
