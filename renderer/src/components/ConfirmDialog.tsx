import { type ReactNode, useRef } from 'react';
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
  /** Cancel gets the keyboard instead of the confirming button: for a step that is usually a mistake. */
  readonly cancelFirst?: boolean;
  readonly children: ReactNode;
}

/**
 * The last step before money moves: what will be charged, one confirming button that has the
 * keyboard (Enter confirms), and Cancel (or Escape).
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  sending,
  sendingText,
  onConfirm,
  onCancel,
  cancelFirst = false,
  children,
}: ConfirmDialogProps): ReactNode {
  const t = useMessages();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={title}
      onCancel={sending ? () => {} : onCancel}
      initialFocus={cancelFirst ? cancelRef : confirmRef}
    >
      {children}
      {sending ? (
        <p role="status" className="sending">
          {sendingText}
        </p>
      ) : null}
      <div className="actions">
        <button ref={confirmRef} type="button" className="primary" disabled={sending} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="secondary" disabled={sending} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </Dialog>
  );
}
