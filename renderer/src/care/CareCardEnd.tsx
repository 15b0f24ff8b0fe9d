import type { ReactNode } from 'react';
import type { PosError } from '../../../shared/errors';
import { ErrorPanel } from '../components/ErrorPanel';
import { useLanguage } from '../i18n/use-messages';
import { careText } from './care-text';

/** The foot of a care card (a cancellation, a goodwill refund): its error, if any, and Back. */
export function CareCardEnd({
  error,
  onBack,
}: {
  readonly error: PosError | null;
  readonly onBack: () => void;
}): ReactNode {
  const t = careText(useLanguage());
  return (
    <>
      {error ? <ErrorPanel error={error} /> : null}
      <button type="button" className="secondary" onClick={onBack}>
        {t.back}
      </button>
    </>
  );
}
