import { type ReactNode, useEffect, useRef } from 'react';
import { dataText, validityText } from '../../components/PackageFacts';
import { moneyText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useTopUp } from '../../stores/topup-store';
import '../../components/package-line.css';

export function TopUpOptions(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const flow = useTopUp((state) => state.flow);
  const choose = useTopUp((state) => state.choose);
  const firstRef = useRef<HTMLButtonElement>(null);
  const ready = flow.step === 'found' && flow.options.length > 0;
  useEffect(() => {
    // After a scan, the keyboard moves to the first top-up so Enter continues the flow.
    if (ready) firstRef.current?.focus();
  }, [ready]);
  // While a top-up is on the wire its options stay hidden: nothing here may start a second one.
  if ((flow.step !== 'found' && flow.step !== 'confirming') || !flow.esim.toppable) return null;
  const { options } = flow;
  return (
    <section className="topup-options" aria-label={t.topUp.options}>
      <h3>{t.topUp.options}</h3>
      {options.length === 0 ? <p>{t.topUp.noOptions}</p> : null}
      <ul className="option-list">
        {options.map((option, i) => (
          <li key={option.code}>
            <button
              ref={i === 0 ? firstRef : undefined}
              type="button"
              className="option"
              aria-label={t.topUp.choose(option.name)}
              onClick={() => choose(option)}
            >
              <span className="pkg-name">{option.name}</span>
              <span className="pkg-data">{dataText(option, t, language)}</span>
              <span className="pkg-validity">{validityText(option, t, language)}</span>
              <span className="pkg-price">{moneyText(option.retail, language)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
