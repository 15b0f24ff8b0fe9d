import type { Language } from '../../../shared/domain';
import type { Result } from '../../../shared/errors';
import { pos } from '../bridge/pos';

/** Prints the core's receipt HTML from a hidden frame, so the counter's own page is not printed. */
function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.position = 'fixed';
  frame.style.inlineSize = '0';
  frame.style.blockSize = '0';
  frame.style.border = '0';
  frame.srcdoc = html;
  frame.onload = () => {
    frame.contentWindow?.print();
    window.setTimeout(() => frame.remove(), 1000);
  };
  document.body.append(frame);
}

export interface ReceiptRequest {
  readonly kind: 'sale' | 'topup';
  readonly id: string;
  readonly language: Language;
  /** A reprint, marked COPY by the core (which may ask for the manager PIN). */
  readonly copy?: boolean;
  readonly pin?: string;
}

/** Asks the core for the receipt and prints it; the error (e.g. PIN_REQUIRED) is the caller's to show. */
export async function printReceipt(request: ReceiptRequest): Promise<Result<null>> {
  const result = await pos().renderReceipt({
    kind: request.kind,
    id: request.id,
    language: request.language,
    copy: request.copy ?? false,
    ...(request.pin ? { pin: request.pin } : {}),
  });
  if (!result.ok) return result;
  printHtml(result.value.html);
  return { ok: true, value: null };
}
