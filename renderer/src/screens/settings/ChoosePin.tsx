import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { FieldProblem } from '../../components/FieldProblem';
import { useFocusOnScreen } from '../../hooks/use-focus-on-screen';
import { useMessages } from '../../i18n/use-messages';
import { PIN_PATTERN, useSettings } from '../../stores/settings-store';
import { PinInput } from './PinInput';

export function ChoosePin(): ReactNode {
  const t = useMessages();
  const ref = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const choosePin = useSettings((state) => state.choosePin);
  const busy = useSettings((state) => state.busy);
  const error = useSettings((state) => state.error);
  useFocusOnScreen('settings', ref);
  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) setProblem(t.settings.pinFormat);
    else if (pin !== again) setProblem(t.settings.pinsDiffer);
    else {
      setProblem(null);
      void choosePin(pin);
    }
  }
  return (
    <form className="card narrow" onSubmit={submit} aria-label={t.settings.choosePinTitle}>
      <h2>{t.settings.choosePinTitle}</h2>
      <p>{t.settings.choosePinBody}</p>
      <PinInput label={t.settings.newPin} value={pin} onChange={setPin} inputRef={ref} />
      <PinInput label={t.settings.confirmPin} value={again} onChange={setAgain} />
      <FieldProblem problem={problem} />
      {error ? <ErrorPanel error={error} /> : null}
      <button type="submit" className="primary" disabled={busy}>
        {t.settings.choosePin}
      </button>
    </form>
  );
}
