import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { multiplyMinor } from '../../../../shared/money';
import { ErrorPanel } from '../../components/ErrorPanel';
import { FieldProblem } from '../../components/FieldProblem';
import { PackageDetails } from '../../components/PackageDetails';
import { coverageText, dataText, extrasText, validityText } from '../../components/PackageFacts';
import { integer, moneyText } from '../../i18n/format';
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
  // What the cashier typed, kept as typed: 12 is refused in words, never quietly sold as 10.
  const [typed, setTyped] = useState<string | null>(null);
  const typedNumber = typed === null ? quantity : Number(typed);
  const refusal =
    typed === null ||
    (Number.isInteger(typedNumber) && typedNumber >= MIN_QUANTITY && typedNumber <= MAX_QUANTITY)
      ? null
      : typedNumber > MAX_QUANTITY
        ? t.find.quantityTooMany(integer(MAX_QUANTITY, language))
        : t.find.quantityTooFew(integer(MIN_QUANTITY, language));

  useEffect(() => {
    setTyped(null);
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
            ...extrasText(selected, t),
          ].join(' · ')}
        </dd>
        <dt>{t.sell.unitPrice}</dt>
        <dd>{moneyText(selected.retail, language)}</dd>
      </dl>
      <PackageDetails pkg={selected} />
      <form
        className="sell-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (refusal) quantityRef.current?.focus();
          else askConfirm();
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
          value={typed ?? quantity}
          aria-invalid={refusal !== null}
          aria-describedby={`${quantityId}-hint`}
          onChange={(event) => {
            setTyped(event.target.value);
            setQuantity(Number(event.target.value));
          }}
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
        <FieldProblem problem={refusal} />
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
