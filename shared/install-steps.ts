import type { Language } from './domain/common';

/**
 * The first steps of installing an eSIM, the same on the receipt and on the customer display: a
 * customer who reads one and then the other must meet the same words and the same menu path.
 */
export const DEVICE_INSTALL_STEPS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'Connect the phone to Wi-Fi.',
    'iPhone: Settings › Mobile Service › Add eSIM › Use QR Code.',
    'Android: Settings › Network & internet › SIMs › Add eSIM.',
  ],
  ar: [
    'اتصل بشبكة Wi-Fi.',
    'iPhone: الإعدادات › الخدمة الخلوية › إضافة eSIM › استخدام رمز QR.',
    'Android: الإعدادات › الشبكة والإنترنت › شرائح SIM › إضافة eSIM.',
  ],
};

/** The step after installing that the receipt and the customer display both end with: roaming abroad. */
export const ROAMING_STEP: Readonly<Record<Language, string>> = {
  en: 'When abroad, turn on this eSIM and data roaming for it.',
  ar: 'عند السفر، فعّل هذه الشريحة وتجوال البيانات لها.',
};
