import type { Language } from '../../../shared/domain/common';
import { ar } from './messages-ar';
import { en, type Messages } from './messages-en';

export type { Messages };

const BY_LANGUAGE: Readonly<Record<Language, Messages>> = { en, ar };

export function messagesFor(language: Language): Messages {
  return BY_LANGUAGE[language];
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
