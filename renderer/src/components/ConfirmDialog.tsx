import { type ReactNode, useRef } from 'react';
import { useFreshKeys } from '../hooks/use-fresh-keys';
import { useNow } from '../hooks/use-now';
import { duration } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  readonly title: string;
  readonly confirmLabel: string;
  /** While the request is on the wire: both buttons and Escape are held, so it cannot be sent twice. */
  readonly sending: boolean;
  readonly sendingText: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** Cancel gets the keyboard instead of the confirming button: for a step that is usually a mistake. */
  readonly cancelFirst?: boolean;
  /**
   * While sending, since when (ms) and what the cashier may do once the answer is slow: leave the
   * dialog while the request goes on waiting elsewhere. Never a cancel: nothing is taken back.
   */
  readonly slow?: { readonly since: number; readonly continueLabel: string; readonly onContinue: () => void };
  readonly children: ReactNode;
}

/** How long a send may take before the cashier may leave it to wait elsewhere. */
export const SLOW_ANSWER_MS = 5_000;

function SendingFor({
  text,
  slow,
}: {
  readonly text: string;
  readonly slow: NonNullable<ConfirmDialogProps['slow']>;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const now = useNow();
  const elapsed = Math.max(0, now.getTime() - slow.since);
  return (
    <div role="status" className="sending">
      <p>{text}</p>
      <p>{t.sell.sendingFor(duration(elapsed, language))}</p>
      {elapsed >= SLOW_ANSWER_MS ? (
        <button type="button" className="secondary" onClick={slow.onContinue}>
          {slow.continueLabel}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The last step before money moves: what will be charged, one confirming button that has the
 * keyboard (Enter confirms), and Cancel (or Escape). Only a key pressed after the dialog appeared
 * confirms: a held or repeated Enter from the step before never does.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  sending,
  sendingText,
  onConfirm,
  onCancel,
  cancelFirst = false,
  slow,
  children,
}: ConfirmDialogProps): ReactNode {
  const t = useMessages();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const fresh = useFreshKeys();
  return (
    <Dialog
      title={title}
      onCancel={sending ? () => {} : onCancel}
      initialFocus={cancelFirst ? cancelRef : confirmRef}
    >
      {children}
      {sending && slow ? <SendingFor text={sendingText} slow={slow} /> : null}
      {sending && !slow ? (
        <p role="status" className="sending">
          {sendingText}
        </p>
      ) : null}
      <div className="actions">
        <button
          ref={confirmRef}
          type="button"
          className="primary"
          disabled={sending}
          onClick={(event) => {
            if (fresh(event)) onConfirm();
          }}
        >
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="secondary" disabled={sending} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </Dialog>
  );
}
