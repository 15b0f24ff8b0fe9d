/**
 * Printing a receipt with the browser's own print dialog (the counter in a browser, through the web
 * host). The receipt is laid out in a hidden frame, so the counter's page is not what prints, and is
 * given the page it needs: the roll's width, the content's measured height, no margin. Chromium
 * cannot take a page's height from its content, and the receipt declares no size of its own (see
 * docs/receipts.md), so without this rule the browser would print it on A4 or Letter.
 */

const FRAME_MARK = 'data-receipt-print';

/**
 * The `@page` rule for a receipt `contentHeightPx` CSS pixels tall on a roll `paperWidthMm` wide.
 * Whole pixels, rounded up: a fraction short would push the last line onto a second page.
 */
export function receiptPageRule(paperWidthMm: number, contentHeightPx: number): string {
  if (paperWidthMm !== 58 && paperWidthMm !== 80) {
    throw new RangeError(`receipt paper width must be 58 or 80 mm: ${paperWidthMm}`);
  }
  if (!Number.isFinite(contentHeightPx) || contentHeightPx <= 0) {
    throw new RangeError(
      `receipt content height must be a positive number of CSS pixels: ${contentHeightPx}`,
    );
  }
  return `@page { size: ${paperWidthMm}mm ${Math.ceil(contentHeightPx)}px; margin: 0; }`;
}

/**
 * Sizes the page of a receipt document already laid out: its width from the receipt's own
 * `data-paper-width-mm`, its height from the layout. Returns the rule it added.
 */
export function fitPageToReceipt(doc: Document): string {
  const root = doc.documentElement;
  const rule = receiptPageRule(Number(root.dataset.paperWidthMm), root.getBoundingClientRect().height);
  const style = doc.createElement('style');
  style.dataset.receiptPage = '';
  style.textContent = rule;
  doc.head.append(style);
  return rule;
}

/**
 * Opens the browser's print dialog for the receipt's HTML; resolves once the dialog is open or done.
 * `sizePage` gives the page its size once laid out; a document that declares its own (an A4 report) passes
 * one that leaves it alone.
 */
export function printInBrowser(
  html: string,
  sizePage: (doc: Document) => void = fitPageToReceipt,
): Promise<void> {
  // A frame is kept until its dialog closes (printing reads it until then); one left from an
  // earlier print whose afterprint never came goes now.
  for (const stale of document.querySelectorAll(`iframe[${FRAME_MARK}]`)) stale.remove();
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute(FRAME_MARK, '');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    // Off screen rather than display:none, so the receipt is laid out and can be measured.
    Object.assign(frame.style, {
      position: 'fixed',
      left: '-10000px',
      top: '0',
      inlineSize: '100mm',
      blockSize: '10px',
      border: '0',
    });
    frame.srcdoc = html;
    frame.onload = () => {
      const doc = frame.contentDocument;
      const win = frame.contentWindow;
      if (!doc || !win) {
        frame.remove();
        reject(new Error('the receipt frame did not load'));
        return;
      }
      try {
        sizePage(doc);
      } catch (error) {
        frame.remove();
        reject(error);
        return;
      }
      win.addEventListener('afterprint', () => frame.remove(), { once: true });
      win.print();
      resolve();
    };
    document.body.append(frame);
  });
}
