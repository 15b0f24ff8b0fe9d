import { type ReactNode, type Ref, useId } from 'react';

/** A money amount typed as text (never a float): parsed in its currency when the form is sent. */
export function AmountField({
  label,
  value,
  onChange,
  inputRef,
  placeholder,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly placeholder?: string;
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
