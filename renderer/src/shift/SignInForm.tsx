import { type ReactNode, useState } from 'react';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { useLanguage } from '../i18n/use-messages';
import { PinInput } from '../screens/settings/PinInput';
import { shiftText } from './shift-text';
import { useActiveCashiers, useTill } from './till-store';

/** Quick switch: pick who you are, type your PIN. */
export function SignInForm({ onDone }: { readonly onDone?: () => void }): ReactNode {
  const t = shiftText(useLanguage());
  const cashiers = useActiveCashiers();
  const current = useTill((state) => state.till?.cashier?.id ?? null);
  const apply = useTill((state) => state.apply);
  const [cashierId, setCashierId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<PosError | null>(null);
  const chosen = cashierId || cashiers.find((cashier) => cashier.id !== current)?.id || cashiers[0]?.id || '';
  return (
    <form
      className="sign-in"
      aria-label={t.signIn}
      onSubmit={(event) => {
        event.preventDefault();
        void pos()
          .signIn({ cashierId: chosen, pin })
          .then((result) => {
            setPin('');
            if (!result.ok) {
              setError(result.error);
              return;
            }
            setError(null);
            apply(result.value);
            onDone?.();
          });
      }}
    >
      <label className="field">
        {t.who}
        <select value={chosen} onChange={(event) => setCashierId(event.target.value)}>
          {cashiers.map((cashier) => (
            <option key={cashier.id} value={cashier.id}>
              {cashier.name}
            </option>
          ))}
        </select>
      </label>
      <PinInput label={t.pin} value={pin} onChange={setPin} />
      {error ? <ErrorPanel error={error} /> : null}
      <div className="actions">
        <button type="submit" className="primary">
          {t.signIn}
        </button>
      </div>
    </form>
  );
}
