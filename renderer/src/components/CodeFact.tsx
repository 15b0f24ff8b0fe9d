import type { ReactNode } from 'react';

/** A term and a code (ICCID, activation code, address) in a fact list: left to right in any language. */
export function CodeFact({ term, value }: { readonly term: string; readonly value: string }): ReactNode {
  return (
    <>
      <dt>{term}</dt>
      <dd className="mono" dir="ltr">
        {value}
      </dd>
    </>
  );
}
