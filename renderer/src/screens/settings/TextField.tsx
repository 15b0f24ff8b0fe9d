import { type ReactNode, type Ref, useId } from 'react';
import { useFieldInvalid } from '../../components/field-errors';

export function TextField({
  label,
  value,
  onChange,
  hint,
  type = 'text',
  dir,
  inputMode,
  inputRef,
  field,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: string;
  readonly type?: string;
  readonly dir?: 'ltr' | 'rtl';
  /** "decimal" for an amount typed as text (money is never a float). */
  readonly inputMode?: 'text' | 'decimal' | 'numeric';
  readonly inputRef?: Ref<HTMLInputElement>;
  /** The name the core gives this field when it refuses it (see FieldErrors). */
  readonly field?: string;
}): ReactNode {
  const id = useId();
  const invalid = useFieldInvalid(field);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        dir={dir}
        inputMode={inputMode}
        autoComplete={inputMode === 'decimal' ? 'off' : undefined}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
