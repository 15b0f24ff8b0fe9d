import { type ReactNode, useRef, useState } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { useFocusOnScreen } from '../../hooks/use-focus-on-screen';
import { useMessages } from '../../i18n/use-messages';
import { PIN_PATTERN, useSettings } from '../../stores/settings-store';
import { PinInput } from './PinInput';

export function Unlock(): ReactNode {
  const t = useMessages();
  const ref = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const unlock = useSettings((state) => state.unlock);
  const busy = useSettings((state) => state.busy);
  const error = useSettings((state) => state.error);
  useFocusOnScreen('settings', ref);
  return (
    <form
      className="card narrow"
      aria-label={t.settings.locked}
      onSubmit={(event) => {
        event.preventDefault();
        if (PIN_PATTERN.test(pin)) void unlock(pin);
      }}
    >
      <p>{t.settings.locked}</p>
      <PinInput label={t.settings.pin} value={pin} onChange={setPin} inputRef={ref} />
      {error ? <ErrorPanel error={error} /> : null}
      <button type="submit" className="primary" disabled={busy || !PIN_PATTERN.test(pin)}>
        {t.settings.unlock}
      </button>
    </form>
  );
}
