import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptContext } from '../../electron/core/receipts/receipt-context';
import type { CompletedSale } from '../../electron/core/receipts/sale-receipt';
import { renderSaleReceipt } from '../../electron/core/receipts/sale-receipt';
import { renderTopUpReceipt } from '../../electron/core/receipts/topup-receipt';
import { minor, money } from '../../shared/money';
import { completedSale, completedTopUp, receiptContext, TOPUP_PACKAGE } from './receipt-fixtures';
import { decodeQrCodes, launchChromium, type PrintedReceipt, printReceipt } from './receipt-print';

// Each receipt kind is printed by real Chromium to a PDF sized like the roll, rasterised at 203 dpi
// in one bit per pixel (what a thermal head prints), and every QR code is decoded from those pixels.
// RECEIPT_SAMPLES_DIR=docs/receipts keeps the images as the documentation's samples.

const samplesDir = process.env.RECEIPT_SAMPLES_DIR ? resolve(process.env.RECEIPT_SAMPLES_DIR) : null;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'receipts-'));
  if (samplesDir) mkdirSync(samplesDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function print(name: string, html: string, ctx: ReceiptContext): Promise<PrintedReceipt> {
  const printed = await printReceipt(browser, html, ctx.paperWidthMm, dir, name);
  if (samplesDir) copyFileSync(printed.pngPath, join(samplesDir, `${name}.png`));
  return printed;
}

/** The QR codes a sale's receipt must carry, in order: each eSIM's LPA string (an iPhone's Camera installs from it too). */
function expectedCodes(sale: CompletedSale): string[] {
  return sale.esims.map((esim) => esim.lpa);
}

function expectOneRollPage(printed: PrintedReceipt, widthMm: number): void {
  expect(printed.pages).toBe(1);
  // Chromium rounds the page to whole device pixels: within half a millimetre of the roll.
  expect(Math.abs(printed.pageWidthMm - widthMm)).toBeLessThan(0.5);
  expect(printed.contentWidthPx).toBeLessThanOrEqual(Math.ceil(printed.pageWidthPx));
}

/** A code wrapped over two lines still reads as one code. */
function joined(text: string): string {
  return text.replace(/\s+/g, '');
}

function wordX(printed: PrintedReceipt, text: string): number {
  const word = printed.words.find((w) => w.text === text);
  if (!word)
    throw new Error(`"${text}" is not printed; words: ${printed.words.map((w) => w.text).join(' ')}`);
  return word.xMin;
}

describe('printed receipts', () => {
  it('prints a one-eSIM sale on one 58 mm page whose QR code scans to the LPA string', async () => {
    const sale = completedSale(1);
    const ctx = receiptContext();
    const printed = await print('sale-1-esim-58mm', renderSaleReceipt(sale, ctx), ctx);
    expectOneRollPage(printed, 58);
    expect(decodeQrCodes(printed)).toEqual(expectedCodes(sale));
    const esim = sale.esims[0]!;
    expect(joined(printed.text)).toContain(esim.smdpAddress);
    expect(joined(printed.text)).toContain(esim.activationCode);
    expect(printed.text).toContain(esim.iccid);
    expect(printed.text).toContain(sale.orderReference);
    expect(printed.text).toContain('US$12.50');
    expect(printed.text).not.toContain('COPY');
    expect(printed.text).not.toContain('TRAINING');
  });

  it('prints a three-eSIM sale with every QR code decodable, on one 58 mm page', async () => {
    const sale = completedSale(3);
    const ctx = receiptContext();
    const printed = await print('sale-3-esims-58mm', renderSaleReceipt(sale, ctx), ctx);
    expectOneRollPage(printed, 58);
    const decoded = decodeQrCodes(printed);
    expect(decoded).toHaveLength(3);
    expect(decoded).toEqual(expectedCodes(sale));
    for (const esim of sale.esims) expect(printed.text).toContain(esim.iccid);
    expect(printed.text).toContain('eSIM 3 of 3');
  });

  it('prints an 80 mm receipt 80 mm wide with its QR codes decodable', async () => {
    const sale = completedSale(2);
    const ctx = receiptContext({ paperWidthMm: 80 });
    const printed = await print('sale-2-esims-80mm', renderSaleReceipt(sale, ctx), ctx);
    expectOneRollPage(printed, 80);
    expect(decodeQrCodes(printed)).toEqual(expectedCodes(sale));
  });

  it('prints a top-up with its ICCID, the package added, the new volume and expiry, and no QR code', async () => {
    const topUp = completedTopUp();
    const ctx = receiptContext({ packageInfo: TOPUP_PACKAGE });
    const printed = await print('topup-58mm', renderTopUpReceipt(topUp, ctx), ctx);
    expectOneRollPage(printed, 58);
    expect(printed.qrBoxes).toHaveLength(0);
    expect(printed.text).toContain(topUp.iccid);
    expect(printed.text).toContain(topUp.packageName);
    expect(printed.text).toMatch(/8 GB \(3\.79 GB left\)/);
    expect(printed.text).toContain('26 Apr 2025');
    expect(printed.text).toContain('IQD 25,000');
  });

  it('prints COPY with its number on a reprint, and TRAINING on a training sale, and still scans', async () => {
    const sale = completedSale(1, { training: true });
    const ctx = receiptContext({ copyNumber: 2 });
    const printed = await print('sale-reprint-copy-58mm', renderSaleReceipt(sale, ctx), ctx);
    expectOneRollPage(printed, 58);
    expect(printed.text).toContain('COPY 2');
    expect(printed.text).toContain('Reprinted 15 Mar 2025, 12:30');
    expect(printed.text).toContain('TRAINING');
    expect(decodeQrCodes(printed)).toEqual(expectedCodes(sale));
  });

  it('prints the Arabic receipt right to left, in Arabic, with codes intact and decodable', async () => {
    const sale = completedSale(1);
    const ar = receiptContext({
      language: 'ar',
      shop: {
        shopName: 'مركز بغداد للموبايل',
        shopAddress: 'الكرادة، شارع داخل 62، بغداد',
        shopPhone: '+964 770 123 4567',
        receiptFooter: 'للمساعدة راسلونا على واتساب',
      },
    });
    const en = receiptContext();
    const arabic = await print('sale-1-esim-arabic-58mm', renderSaleReceipt(sale, ar), ar);
    const english = await printReceipt(
      browser,
      renderSaleReceipt(sale, en),
      58,
      dir,
      'sale-1-esim-english-again',
    );
    expectOneRollPage(arabic, 58);
    expect(arabic.direction).toBe('rtl');
    expect(english.direction).toBe('ltr');
    // The receipt number ends its row: on the left of an Arabic receipt, on the right of an English one.
    const middle = (arabic.pageWidthMm / 2) * (72 / 25.4);
    expect(wordX(arabic, '000042')).toBeLessThan(middle);
    expect(wordX(english, '000042')).toBeGreaterThan(middle);
    expect(arabic.text).toContain('التاريخ');
    expect(arabic.text).toContain('مركز بغداد للموبايل');
    expect(arabic.text).toContain('رمز التفعيل');
    expect(joined(arabic.text)).toContain(sale.esims[0]!.activationCode);
    expect(arabic.text).toContain(sale.esims[0]!.iccid);
    expect(decodeQrCodes(arabic)).toEqual(expectedCodes(sale));
  });

  it('prints one eSIM paid in dinars in under 200 mm of a 58 mm roll, with everything a receipt must say', async () => {
    // The longest usual case: cash in dinars, so the amount paid, the rate, the rounding, the cash
    // given and the change are all printed.
    const sale: CompletedSale = {
      ...completedSale(1),
      tender: {
        method: 'cash',
        due: money(16_750, 'IQD'),
        tendered: money(20_000, 'IQD'),
        change: money(3_250, 'IQD'),
        ratePer100: minor(132_000),
      },
    };
    const esim = sale.esims[0]!;
    for (const language of ['en', 'ar'] as const) {
      const ctx = receiptContext({ language, counterCode: 'C1' });
      const printed = await print(`sale-1-esim-dinars-${language}-58mm`, renderSaleReceipt(sale, ctx), ctx);
      expectOneRollPage(printed, 58);
      expect(printed.pageHeightMm, `the ${language} receipt's length`).toBeLessThan(200);
      const words = REQUIRED[language];
      // The PDF's text carries bidi controls around each run: what a reader reads is without them.
      const readable = printed.text
        .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
        .replace(/\s+/g, ' ');
      for (const said of [
        ctx.shop.shopName,
        'C1-000042',
        words.date,
        sale.packageName,
        'US$12.50',
        words.paid,
        '16,750',
        words.change,
        '3,250',
        words.activationCode,
        esim.iccid,
        ctx.shop.receiptFooter,
      ]) {
        expect(readable, `the ${language} receipt says ${said}`).toContain(said);
      }
      expect(joined(printed.text)).toContain(esim.activationCode);
      expect(decodeQrCodes(printed)).toEqual([esim.lpa]);
    }
  });
});

/** Words every sale receipt prints, as the paper reads them. */
const REQUIRED = {
  en: { date: 'Date', paid: 'Amount paid', change: 'Change', activationCode: 'Activation code' },
  ar: { date: 'التاريخ', paid: 'المبلغ المدفوع', change: 'الباقي', activationCode: 'رمز التفعيل' },
} as const;
