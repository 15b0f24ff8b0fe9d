import type { PaperWidthMm } from './receipt-context';

const MICRONS_PER_CSS_PX = 25_400 / 96;

export interface ReceiptPageSize {
  readonly widthMicrons: number;
  readonly heightMicrons: number;
}

/**
 * The page a receipt is printed on: the roll's width and exactly the content's height, so a thermal
 * printer prints one continuous receipt and cuts once. Chromium cannot size a page's height from its
 * content (`size: 58mm auto` is not valid CSS), so the printer measures the laid-out document under
 * print media and asks for this size explicitly: Electron's `webContents.print` takes microns.
 */
export function receiptPageSize(paperWidthMm: PaperWidthMm, contentHeightCssPx: number): ReceiptPageSize {
  if (!Number.isFinite(contentHeightCssPx) || contentHeightCssPx <= 0) {
    throw new RangeError(
      `receipt content height must be a positive number of CSS pixels: ${contentHeightCssPx}`,
    );
  }
  // Whole millimetres, rounded up: a fraction of a millimetre short would push the last line onto a
  // second page.
  const heightMm = Math.ceil((contentHeightCssPx * MICRONS_PER_CSS_PX) / 1000);
  return { widthMicrons: paperWidthMm * 1000, heightMicrons: heightMm * 1000 };
}
