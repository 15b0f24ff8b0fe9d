import type { ReactNode } from 'react';
import { daySpelled, monthSpelled } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-messages';
import { TextField } from './TextField';

interface DateFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/**
 * A date field with the day it holds spelled under it in the counter's language: the field shows the
 * browser's own format, not the screen's (see daySpelled).
 */
export function DayField(props: DateFieldProps): ReactNode {
  const spelled = daySpelled(props.value, useLanguage());
  return <TextField {...props} type="date" hint={spelled || undefined} />;
}

/** A month field with the month it holds spelled under it in the counter's language, as DayField. */
export function MonthField(props: DateFieldProps): ReactNode {
  const spelled = monthSpelled(props.value, useLanguage());
  return <TextField {...props} type="month" hint={spelled || undefined} />;
}
