import type { ReactNode } from 'react';

/** What is wrong with what was typed, announced at once, or nothing. */
export function FieldProblem({ problem }: { readonly problem: string | null }): ReactNode {
  if (!problem) return null;
  return (
    <p className="field-error" role="alert">
      {problem}
    </p>
  );
}
