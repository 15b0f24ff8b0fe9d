import type { KeyboardEvent } from 'react';

/** What Tab may reach inside a dialog. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tab past the dialog's last control comes round to its first, and Shift+Tab past the first to the
 * last. A native modal dialog makes the page behind it inert, but Chromium still lets Tab leave it for
 * the document and the browser's own controls. A dialog opened inside this one keeps its own keys.
 */
export function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab' || !(event.target instanceof Element)) return;
  if (event.target.closest('dialog') !== dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (control) => control.closest('dialog') === dialog && control.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
