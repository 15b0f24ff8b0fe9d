import { type ReactNode, useRef } from 'react';
import { useFreshKeys } from '../hooks/use-fresh-keys';
import { useMessages } from '../i18n/use-messages';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  readonly title: string;
  readonly confirmLabel: string;
  /** While the request is on the wire: both buttons and Escape are held, so it cannot be sent twice. */
  readonly sending: boolean;
  readonly sendingText: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly children: ReactNode;
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
  children,
}: ConfirmDialogProps): ReactNode {
  const t = useMessages();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const fresh = useFreshKeys();
  return (
    <Dialog title={title} onCancel={sending ? () => {} : onCancel} initialFocus={confirmRef}>
      {children}
      {sending ? (
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
        <button type="button" className="secondary" disabled={sending} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </Dialog>
  );
}
