import { type ReactNode, useEffect, useRef } from 'react';
import type { TopUpOption } from '../../../../shared/domain/topup';
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
  const fresh = flow.step === 'found' && flow.options.length > 0 ? flow.options : null;
  const focusedFor = useRef<readonly TopUpOption[] | null>(null);
  useEffect(() => {
    // After a scan, the keyboard moves to the first top-up so Enter continues the flow; back from
    // a cancelled confirmation it stays on the option the cashier had chosen.
    if (!fresh || focusedFor.current === fresh) return;
    focusedFor.current = fresh;
    firstRef.current?.focus();
  }, [fresh]);
  // While a top-up is on the wire its options stay hidden: nothing here may start a second one.
  if ((flow.step !== 'found' && flow.step !== 'confirming') || !flow.esim.toppable) return null;
  const { options } = flow;
  return (
    <section className="topup-options" aria-label={t.topUp.options}>
      <h3>{t.topUp.options}</h3>
      {options.length === 0 ? <p>{t.topUp.noOptions}</p> : null}
      <ul
        className="option-list"
        onKeyDown={(event) => {
          // The footer's ↑ ↓ move between the options; Enter (the button's own) picks one.
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          const buttons = [...event.currentTarget.querySelectorAll('button')];
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          if (at < 0) return;
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          buttons[(at + step + buttons.length) % buttons.length]?.focus();
        }}
      >
        {options.map((option, i) => (
          <li key={option.code}>
            <button
              ref={i === 0 ? firstRef : undefined}
              type="button"
              className="option"
              onClick={() => choose(option)}
            >
              {/* Its name is what a cashier sees on it, led by what it does (WCAG 2.5.3, label in name). */}
              <span className="visually-hidden">{t.topUp.chooseLead} </span>
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
