import { type ReactNode, useState } from 'react';
import { FieldProblem } from '../../components/FieldProblem';
import { useMessages } from '../../i18n/use-messages';
import { PIN_PATTERN, useSettings } from '../../stores/settings-store';
import { PinInput } from './PinInput';

export function ChangePin(): ReactNode {
  const t = useMessages();
  const currentPin = useSettings((state) => state.pin);
  const changePin = useSettings((state) => state.changePin);
  const busy = useSettings((state) => state.busy);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="card"
      aria-label={t.settings.changePin}
      onSubmit={(event) => {
        event.preventDefault();
        if (!PIN_PATTERN.test(pin)) setProblem(t.settings.pinFormat);
        else if (pin !== again) setProblem(t.settings.pinsDiffer);
        else if (currentPin) {
          setProblem(null);
          void changePin(currentPin, pin).then(() => {
            setPin('');
            setAgain('');
          });
        }
      }}
    >
      <h2>{t.settings.changePin}</h2>
      <PinInput label={t.settings.newPin} value={pin} onChange={setPin} />
      <PinInput label={t.settings.confirmPin} value={again} onChange={setAgain} />
      <FieldProblem problem={problem} />
      <button type="submit" className="secondary" disabled={busy}>
        {t.settings.changePin}
      </button>
    </form>
  );
}
