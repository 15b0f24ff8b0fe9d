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
  invalid = false,
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
  /** The last save was refused for this field: it is marked for the eye and for screen readers. */
  readonly invalid?: boolean;
}): ReactNode {
  const id = useId();
  const marked = useFieldInvalid(field) || invalid;
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
        aria-invalid={marked || undefined}
        className={marked ? 'invalid' : undefined}
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
