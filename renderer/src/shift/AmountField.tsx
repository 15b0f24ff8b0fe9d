import type { ReactNode, Ref } from 'react';
import { TextField } from '../screens/settings/TextField';

/** A money amount typed as text, left to right in either language: parsed in its currency when sent. */
export function AmountField({
  label,
  value,
  onChange,
  inputRef,
  field,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly field?: string;
}): ReactNode {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      dir="ltr"
      inputMode="decimal"
      {...(inputRef ? { inputRef } : {})}
      {...(field ? { field } : {})}
    />
  );
}
