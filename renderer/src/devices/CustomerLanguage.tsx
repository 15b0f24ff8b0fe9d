import type { ReactNode } from 'react';
import type { Language } from '../../../shared/domain/common';
import { useLanguage } from '../i18n/use-messages';
import { useCustomerDisplay } from './customer-display-store';
import { deviceText, LANGUAGE_NAMES } from './device-text';
import './devices.css';

const LANGUAGES: readonly Language[] = ['en', 'ar'];

/**
 * The customer's language, chosen at the counter: the customer display speaks it at once and the
 * receipt is printed in it. The cashier's own language (the counter's) is another switch.
 */
export function CustomerLanguage(): ReactNode {
  const t = deviceText(useLanguage());
  const current = useCustomerDisplay((state) => state.display?.language ?? null);
  const choose = useCustomerDisplay((state) => state.chooseLanguage);
  return (
    <fieldset className="device-choices">
      <legend>{t.customerLanguage}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="secondary small"
          lang={language}
          aria-pressed={current === language}
          onClick={() => void choose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </fieldset>
  );
}
