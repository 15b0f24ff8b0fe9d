import { byLanguage } from '../../../shared/by-language';
import type { Language } from '../../../shared/domain/common';
import { ar } from './messages-ar';
import { en, type Messages } from './messages-en';

export type { Messages };

export const messagesFor = byLanguage<Messages>({ en, ar });

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
