import type { ReactNode } from 'react';
import type { PosError } from '../../../shared/errors';
import { errorMessage } from '../i18n/error-messages';
import { useLanguage } from '../i18n/use-messages';
import './error-panel.css';

/** An error as the cashier reads it, with the code and the core's own words kept for support. */
export function ErrorPanel({
  error,
  title,
}: {
  readonly error: PosError;
  readonly title?: string;
}): ReactNode {
  const language = useLanguage();
  return (
    <div className="error-panel" role="alert">
      {title ? <strong className="error-title">{title}</strong> : null}
      <p>{errorMessage(error, language)}</p>
      <p className="error-code" dir="ltr">
        <code>{error.code}</code> {error.message}
      </p>
    </div>
  );
}
