import { byLanguage } from '../../../shared/by-language';
import type { Language } from '../../../shared/domain/common';

/** The counter's words for its devices (customer display, printer), in the cashier's language. */
export interface DeviceText {
  readonly customerLanguage: string;
  readonly savePdf: string;
  readonly savedPdf: (path: string) => string;
  readonly printers: string;
}

const EN: DeviceText = {
  customerLanguage: 'Customer’s language',
  savePdf: 'Save as PDF',
  savedPdf: (path) => `Saved: ${path}`,
  printers: 'Printers on this computer',
};

const AR: DeviceText = {
  customerLanguage: 'لغة الزبون',
  savePdf: 'حفظ بصيغة PDF',
  savedPdf: (path) => `حُفظ: ${path}`,
  printers: 'الطابعات في هذا الجهاز',
};

export const deviceText = byLanguage<DeviceText>({ en: EN, ar: AR });

/** Each language named in itself, as the customer looks for it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', ar: 'العربية' };
