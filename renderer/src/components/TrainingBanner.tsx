import type { ReactNode } from 'react';
import { useMessages } from '../i18n/use-messages';
import { useSession } from '../stores/session-store';
import './training-banner.css';

/**
 * On every screen in training mode, so nobody mistakes practice for a real sale. The word TRAINING
 * stays in Latin letters in both languages, as on the receipts, so a supervisor spots it at a glance.
 */
export function TrainingBanner(): ReactNode {
  const t = useMessages();
  const training = useSession((state) => state.status?.mode === 'training');
  if (!training) return null;
  // A complementary landmark around the note: screen readers list it with the page's other parts.
  return (
    <aside className="training-banner" aria-label="TRAINING">
      <div role="note" aria-label="TRAINING">
        <strong lang="en">TRAINING</strong> <span>{t.training}</span>
      </div>
    </aside>
  );
}
