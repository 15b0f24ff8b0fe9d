import type { Language } from '../../../shared/domain/common';
import { useSession } from '../stores/session-store';
import { type Messages, messagesFor } from './messages';

export function useLanguage(): Language {
  return useSession((state) => state.language);
}

export function useMessages(): Messages {
  return messagesFor(useLanguage());
}
