import { createContext, type ReactNode, useContext } from 'react';
import type { InputProblem, PosError } from '../../../shared/errors';
import { fieldIssue } from '../../../shared/field-issue';

/**
 * The fields a form's last INVALID_INPUT named, so each field highlights itself: the core names them
 * by the paths of its issues (`amount`, `reason`, a counted currency such as `USD`), and a field
 * takes the same name through its `field` prop.
 */
const InvalidFieldsContext = createContext<ReadonlySet<string>>(new Set());

export function FieldErrors({
  error,
  children,
}: {
  readonly error: PosError | null;
  readonly children: ReactNode;
}): ReactNode {
  return (
    <InvalidFieldsContext.Provider value={invalidFields(error)}>{children}</InvalidFieldsContext.Provider>
  );
}

export function useFieldInvalid(field: string | undefined): boolean {
  const invalid = useContext(InvalidFieldsContext);
  return field !== undefined && invalid.has(field);
}

function invalidFields(error: PosError | null): ReadonlySet<string> {
  if (error?.code !== 'INVALID_INPUT') return new Set();
  return new Set((error as PosError<'INVALID_INPUT'>).details?.issues.map((issue) => issue.path) ?? []);
}

/** A refusal the screen finds before asking the core, worded and highlighted like one of the core's. */
export function invalidInput(field: string, problem: InputProblem, message: string): PosError {
  return { code: 'INVALID_INPUT', message, details: fieldIssue(field, problem, message) };
}
