import { type ReactNode, useId, useRef } from 'react';
import { useFocusOnScreen } from '../../hooks/use-focus-on-screen';
import { useMessages } from '../../i18n/use-messages';
import { mayConfirmIccid, useTopUp } from '../../stores/topup-store';

export function IccidField(): ReactNode {
  const t = useMessages();
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  const iccid = useTopUp((state) => state.iccid);
  const problem = useTopUp((state) => state.problem);
  const looking = useTopUp((state) => state.flow.step === 'looking');
  const setIccid = useTopUp((state) => state.setIccid);
  const lookUp = useTopUp((state) => state.lookUp);
  useFocusOnScreen('topup', ref);
  const invalid = problem !== null && problem !== 'empty';
  // A number still being typed is not wrong yet; say so only once it cannot become right.
  const shownProblem = problem === 'too_short' ? null : problem;
  // The check is a typo guard: a number that fails it may still be one the provider issued.
  const confirmable = mayConfirmIccid(iccid, problem);
  return (
    <form
      className="iccid-form"
      onSubmit={(event) => {
        event.preventDefault();
        void lookUp();
      }}
    >
      <label htmlFor={id}>{t.topUp.iccid}</label>
      <div className="iccid-row">
        <input
          ref={ref}
          id={id}
          className="mono iccid-input"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={iccid}
          aria-invalid={invalid && problem !== 'too_short'}
          aria-describedby={`${id}-state`}
          onChange={(event) => setIccid(event.target.value)}
        />
        <button type="submit" disabled={problem !== null || looking}>
          {looking ? t.topUp.looking : t.topUp.lookUp}
        </button>
        {confirmable ? (
          <button type="button" className="secondary" disabled={looking} onClick={() => void lookUp(true)}>
            {t.topUp.lookUpAnyway}
          </button>
        ) : null}
      </div>
      <p id={`${id}-state`} className={problem === null ? 'field-ok' : shownProblem ? 'field-error' : 'hint'}>
        {problem === null
          ? `${t.topUp.valid} · ${t.topUp.digits(iccid.length)}`
          : shownProblem
            ? t.topUp.problems[shownProblem]
            : `${t.topUp.iccidHint}${iccid ? ` · ${t.topUp.digits(iccid.length)}` : ''}`}
        {confirmable ? ` ${t.topUp.checkTheNumber}` : ''}
      </p>
    </form>
  );
}
