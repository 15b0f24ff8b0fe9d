import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import './dialog.css';
import { keepTabInside } from './keep-tab-inside';

interface DialogProps {
  readonly title: string;
  readonly onCancel: () => void;
  /** The control that gets the keyboard when the dialog opens (the safe or the expected action). */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  readonly children: ReactNode;
  readonly className?: string;
}

/**
 * A modal dialog on the native <dialog> element: it keeps Tab and Shift+Tab inside, answers Escape,
 * and is announced with its title. Mount it to open it; unmount it to close it, and the keyboard
 * returns to the control that had it before. Every dialog of the counter is one of these.
 */
export function Dialog({ title, onCancel, initialFocus, children, className }: DialogProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Where the cashier was when the dialog opened: the keyboard goes back there when it closes.
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [initialFocus]);
  useEffect(
    () => () => {
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    },
    [],
  );
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (ref.current) keepTabInside(ref.current, event);
      }}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
