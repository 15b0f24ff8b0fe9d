import { type ReactNode, useEffect, useId, useRef } from 'react';
import { multiplyMinor } from '../../../../shared/money';
import { ErrorPanel } from '../../components/ErrorPanel';
import { coverageText, dataText, extrasText, validityText } from '../../components/PackageFacts';
import { moneyText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { chosenOf, MAX_QUANTITY, MIN_QUANTITY, useSale } from '../../stores/sale-store';

export function SelectedPackage(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const flow = useSale((state) => state.flow);
  const chosen = chosenOf(flow);
  const selected = chosen?.pkg ?? null;
  const quantity = chosen?.quantity ?? MIN_QUANTITY;
  const error = flow.step === 'choosing' ? flow.error : null;
  const setQuantity = useSale((state) => state.setQuantity);
  const askConfirm = useSale((state) => state.askConfirm);
  const clearSelection = useSale((state) => state.clearSelection);
  const quantityRef = useRef<HTMLInputElement>(null);
  const quantityId = useId();

  useEffect(() => {
    if (selected) {
      quantityRef.current?.focus();
      quantityRef.current?.select();
    }
  }, [selected]);

  if (!selected) return <p className="choose-hint">{t.sell.chooseHint}</p>;
  return (
    <section className="selected" aria-label={t.sell.selected}>
      <h2>{selected.name}</h2>
      <dl className="facts">
        <dt>{t.sell.data}</dt>
        <dd>{dataText(selected, t, language)}</dd>
        <dt>{t.sell.validity}</dt>
        <dd>{validityText(selected, t, language)}</dd>
        <dt>{t.sell.coverage}</dt>
        <dd>{coverageText(selected, t, language)}</dd>
        <dt>{t.sell.type}</dt>
        <dd>
          {[
            selected.type ? t.sell.types[selected.type] : t.sell.typeNotStated,
            ...extrasText(selected, t, language),
          ].join(' · ')}
        </dd>
        <dt>{t.sell.unitPrice}</dt>
        <dd>{moneyText(selected.retail, language)}</dd>
      </dl>
      <form
        className="sell-form"
        onSubmit={(event) => {
          event.preventDefault();
          askConfirm();
        }}
      >
        <label htmlFor={quantityId}>{t.sell.quantity}</label>
        <input
          ref={quantityRef}
          id={quantityId}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          value={quantity}
          aria-describedby={`${quantityId}-hint`}
          onChange={(event) => setQuantity(Number(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              clearSelection();
              document.getElementById('destination-search')?.focus();
            }
          }}
        />
        <span id={`${quantityId}-hint`} className="hint">
          {t.sell.quantityHint}
        </span>
        <p className="total">
          {t.sell.total}:{' '}
          <strong>
            {moneyText(
              { ...selected.retail, amount: multiplyMinor(selected.retail.amount, quantity) },
              language,
            )}
          </strong>
        </p>
        {error ? <ErrorPanel error={error} /> : null}
        <button type="submit" className="primary">
          {t.sell.sellButton}
        </button>
      </form>
    </section>
  );
}
