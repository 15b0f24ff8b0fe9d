import { type ReactNode, useEffect, useId } from 'react';
import { TENDER_METHODS } from '../../../shared/end-of-day';
import type { Money } from '../../../shared/money';
import { moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { CurrencySelect } from './CurrencySelect';
import { shiftText } from './shift-text';
import { paidIn, quoteTender, useTender } from './tender-store';
import { useTill } from './till-store';
import './shift.css';

/**
 * The confirm step's payment: Cash, Card or Transfer; the currency paid in when the drawer holds
 * several; for cash what the customer handed over (empty means the exact amount) and the change.
 */
export function TenderFields({ price }: { readonly price: Money }): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const state = useTender();
  const till = useTill((each) => each.till);
  const tenderedId = useId();
  const reset = useTender((each) => each.reset);
  useEffect(() => reset(), [reset]);
  const quote = quoteTender(price, state);
  const currencies = till?.settings.currencies ?? [price.currency];
  const shown = paidIn(state, price);
  return (
    <div className="tender">
      <fieldset className="tender-methods">
        <legend>{t.payment}</legend>
        {TENDER_METHODS.map((method) => (
          <label key={method} className="choice">
            <input
              type="radio"
              name="tender-method"
              value={method}
              checked={state.method === method}
              onChange={() => state.setMethod(method)}
            />
            {t.methods[method]}
          </label>
        ))}
      </fieldset>
      {currencies.length > 1 ? (
        <CurrencySelect label={t.paidIn} value={shown} currencies={currencies} onChange={state.setCurrency} />
      ) : null}
      {quote.ok || quote.reason === 'too_little' ? (
        shown !== price.currency ? (
          <p className="to-pay">
            {t.toPay}: <strong>{moneyText(quote.due, language)}</strong>
          </p>
        ) : null
      ) : (
        <p className="warning" role="alert">
          {t.noRate(quote.base, quote.quote)}
        </p>
      )}
      {state.method === 'cash' ? (
        <div className="field">
          <label htmlFor={tenderedId}>{t.tendered}</label>
          <input
            id={tenderedId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            placeholder={t.tenderedHint}
            value={state.tendered}
            aria-invalid={!quote.ok && quote.reason === 'too_little'}
            onChange={(event) => state.setTendered(event.target.value)}
          />
          {quote.ok && quote.change ? (
            <output className="change" aria-live="polite">
              {t.change}: <strong>{moneyText(quote.change, language)}</strong>
            </output>
          ) : !quote.ok && quote.reason === 'too_little' ? (
            <span className="field-error" role="alert">
              {t.tooLittle}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
