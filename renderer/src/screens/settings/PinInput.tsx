import { type ReactNode, useId } from 'react';
import { useMessages } from '../../i18n/use-messages';

export function PinInput({
  label,
  value,
  onChange,
  inputRef,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly inputRef?: React.Ref<HTMLInputElement>;
}): ReactNode {
  const t = useMessages();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
      <span id={`${id}-hint`} className="hint">
        {t.settings.pinHint}
      </span>
    </div>
  );
}
