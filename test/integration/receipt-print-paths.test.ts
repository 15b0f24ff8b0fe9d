import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURE_RECEIPT, measuredPageSize, pdfOptions } from '../../electron/core/devices/print-job';
import { renderSaleReceipt } from '../../electron/core/receipts/sale-receipt';
import { receiptPageRule } from '../../renderer/src/devices/browser-print';
import { completedSale, receiptContext } from './receipt-fixtures';
import { launchChromium } from './receipt-print';

// The two ways the counter prints a receipt, each run in real Chromium with poppler reading the pages
// it made. In a browser, the counter adds an @page rule to the receipt (the roll's width by the
// measured content height) and the browser's dialog prints it. In the desktop app, the shell measures
// the receipt with MEASURE_RECEIPT and asks Chromium for that page explicitly (printToPDF in inches).

const MM_PER_PT = 25.4 / 72;
const MM_PER_CSS_PX = 25.4 / 96;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'browser-print-'));
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Pages {
  readonly count: number;
  readonly widthMm: number;
  readonly heightMm: number;
}

function readPages(pdf: Buffer, name: string): Pages {
  const pdfPath = join(dir, `${name}.pdf`);
  writeFileSync(pdfPath, pdf);
  const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const count = /Pages:\s+(\d+)/.exec(info);
  if (!size || !count) throw new Error(`pdfinfo gave no page size:\n${info}`);
  return {
    count: Number(count[1]),
    widthMm: Number(size[1]) * MM_PER_PT,
    heightMm: Number(size[2]) * MM_PER_PT,
  };
}

/** Prints as the browser's dialog does: the page size comes from the document's CSS, if it gives one. */
async function printWithCss(html: string, name: string, rule: (heightPx: number) => string | null) {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    const { heightPx } = await page.evaluate<{ heightPx: number }>(MEASURE_RECEIPT);
    const css = rule(heightPx);
    if (css) await page.addStyleTag({ content: css });
    const pages = readPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }), name);
    return { pages, heightPx };
  } finally {
    await page.close();
  }
}

describe('the @page rule for printing a receipt with the browser', () => {
  it('is the roll width by the content height in whole CSS pixels, with no margin', () => {
    expect(receiptPageRule(58, 1234.2)).toBe('@page { size: 58mm 1235px; margin: 0; }');
    expect(receiptPageRule(80, 700)).toBe('@page { size: 80mm 700px; margin: 0; }');
    expect(() => receiptPageRule(57, 700)).toThrow(/58 or 80/);
    expect(() => receiptPageRule(58, Number.NaN)).toThrow(/positive/);
    expect(() => receiptPageRule(58, 0)).toThrow(/positive/);
  });

  for (const [name, quantity, paperWidthMm, language] of [
    ['three eSIMs on 58 mm', 3, 58, 'en'],
    ['two eSIMs on 80 mm', 2, 80, 'en'],
    ['one eSIM in Arabic on 58 mm', 1, 58, 'ar'],
  ] as const) {
    it(`makes Chromium print ${name} on one page of the roll's width and the content's height`, async () => {
      const ctx = receiptContext({ paperWidthMm, language });
      const html = renderSaleReceipt(completedSale(quantity), ctx);
      const { pages, heightPx } = await printWithCss(html, `${quantity}-${paperWidthMm}-${language}`, (h) =>
        receiptPageRule(paperWidthMm, h),
      );
      expect(pages.count).toBe(1);
      expect(Math.abs(pages.widthMm - paperWidthMm)).toBeLessThan(0.5);
      expect(Math.abs(pages.heightMm - Math.ceil(heightPx) * MM_PER_CSS_PX)).toBeLessThan(0.5);
    });
  }

  it('is what keeps the receipt off A4 and Letter: without it the browser prints on its default paper', async () => {
    const html = renderSaleReceipt(completedSale(3), receiptContext({ paperWidthMm: 58 }));
    const { pages } = await printWithCss(html, 'no-rule', () => null);
    expect(pages.widthMm).toBeGreaterThan(200);
  });
});

describe('the print job the desktop app asks for', () => {
  for (const [quantity, paperWidthMm, language] of [
    [3, 58, 'en'],
    [1, 80, 'ar'],
  ] as const) {
    it(`measures a ${paperWidthMm} mm ${language} receipt and gets one page of the roll's width and its height`, async () => {
      const html = renderSaleReceipt(completedSale(quantity), receiptContext({ paperWidthMm, language }));
      const page = await browser.newPage();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        const measured = await page.evaluate<{ paperWidthMm: number; heightPx: number }>(MEASURE_RECEIPT);
        expect(measured.paperWidthMm).toBe(paperWidthMm);
        const size = measuredPageSize(measured);
        const options = pdfOptions(size);
        const pages = readPages(
          await page.pdf({
            width: `${options.pageSize.width}in`,
            height: `${options.pageSize.height}in`,
            margin: { top: '0', right: '0', bottom: '0', left: '0' },
            printBackground: options.printBackground,
          }),
          `job-${quantity}-${paperWidthMm}-${language}`,
        );
        expect(pages.count).toBe(1);
        expect(Math.abs(pages.widthMm - paperWidthMm)).toBeLessThan(0.5);
        expect(Math.abs(pages.heightMm - size.heightMicrons / 1000)).toBeLessThan(0.5);
        expect(size.heightMicrons / 1000).toBeGreaterThanOrEqual(measured.heightPx * MM_PER_CSS_PX);
      } finally {
        await page.close();
      }
    });
  }
});
