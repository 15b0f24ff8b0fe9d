import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportContext, renderReportDocument } from '../../electron/core/reports/report-document';
import type { ShiftReport } from '../../shared/domain/shift-report';
import { formatMoney, type Money, minor, money } from '../../shared/money';
import { type Day, journalSale, startDay } from './end-of-day-journal';
import { labelsBeside, launchChromium, plain, printA4, printReceipt } from './receipt-print';

// A Z of a day with dollars and dinars, cash with change, a card, a pending sale carried forward, a
// pay-in, a pay-out, a refund and a correction of the previous Z, printed by real Chromium on 58 and
// 80 mm rolls and on A4, in English and Arabic; the PDFs are read back with poppler.
// REPORT_SAMPLES_DIR=docs/end-of-day keeps the 80 mm images as the documentation's samples.

const samplesDir = process.env.REPORT_SAMPLES_DIR ? resolve(process.env.REPORT_SAMPLES_DIR) : null;
let browser: Browser;
let dir: string;
let day: Day;
let z: ShiftReport;

const usd = (amount: number): Money => money(amount, 'USD');
const iqd = (amount: number): Money => money(amount, 'IQD');

async function aDayWithTwoCurrencies(): Promise<ShiftReport> {
  const { call, approval } = day;
  await call.updateEndOfDaySettings({ patch: { currencies: ['USD', 'IQD'] }, approval });
  await call.setExchangeRate({ base: 'USD', quote: 'IQD', buy: '1310', sell: '1320', per: 1, approval });
  const alice = await call.addCashier({ name: 'Alice', role: 'cashier', pin: '1111', approval });
  await call.signIn({ cashierId: alice.id, pin: '1111' });
  // Yesterday's shift, corrected after its Z: the correction belongs on today's.
  const first = await call.openShift({ floats: [usd(5000), iqd(100_000)] });
  const firstCount = await call.countDrawer({ counts: [usd(5000), iqd(100_000)] });
  await call.closeShift({ countId: firstCount.countId });
  await call.correctShift({
    shiftId: first.id,
    amount: usd(200),
    reason: 'Found in the coin tray',
    approval,
  });

  await call.openShift({ floats: [usd(10_000), iqd(250_000)] });
  journalSale(day, usd(1250), { method: 'cash', tendered: minor(2000) }, 'completed');
  journalSale(day, usd(999), { method: 'card' }, 'completed');
  journalSale(day, usd(500), { method: 'cash', currency: 'IQD', tendered: minor(10_000) }, 'completed');
  journalSale(day, usd(700), { method: 'cash', tendered: minor(700) }, 'pending');
  journalSale(day, usd(1500), { method: 'card' }, 'failed');
  await call.moveCash({ kind: 'pay_in', reason: 'change_float', amount: usd(2000), note: '' });
  await call.moveCash({ kind: 'pay_out', reason: 'expense', amount: iqd(5000), note: 'Tea' });
  await call.moveCash({
    kind: 'refund',
    reason: 'customer_refund',
    amount: usd(200),
    note: 'Sale 3',
    approval,
  });
  await call.noSale({ note: 'Change' });
  // USD: 100 + 12.50 + 7.00 + 20 − 2 = 137.50, counted a dollar short; IQD: 250,000 + 6,600 − 5,000.
  const counted = await call.countDrawer({ counts: [usd(13_650), iqd(251_600)] });
  const closed = await call.closeShift({ countId: counted.countId });
  return closed.report;
}

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'reports-'));
  if (samplesDir) mkdirSync(samplesDir, { recursive: true });
  day = startDay();
  z = await aDayWithTwoCurrencies();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  day?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function context(paper: ReportContext['paper'], language: ReportContext['language']): ReportContext {
  return {
    shop: {
      shopName: 'Baghdad Mobile Corner',
      shopAddress: 'Karrada, Baghdad',
      shopPhone: '',
      receiptFooter: '',
    },
    language,
    paper,
    training: false,
    printedAt: '2026-11-20T20:15:00.000Z',
    timeZone: 'Asia/Baghdad',
    counterCode: null,
  };
}

const en = (amount: Money): string => plain(formatMoney(amount, 'en-GB'));

/** Each total the roll must print, beside its label: a label wrapped on the 58 mm roll still reads whole. */
const TOTALS: readonly (readonly [string, Money])[] = [
  ['Expected', usd(13_750)],
  ['Counted', usd(13_650)],
  ['Variance', usd(-100)],
  ['Expected', iqd(251_600)],
  ['Counted', iqd(251_600)],
  ['Pay-in: change for the drawer (1)', usd(2000)],
  ['Pay-out: expense (1)', iqd(5000)],
  ['No. 000004 · Being prepared', usd(700)],
  ['Cash held for undelivered eSIMs', usd(700)],
  ['Correction of Z-000001', usd(200)],
];

describe('the Z report, printed', () => {
  it('adds up a day of dollars and dinars without converting the drawer', () => {
    expect(z).toMatchObject({ zNumber: 2, counted: true, untendered: 0, noSaleOpens: 1 });
    expect(z.cash.map((line) => [line.currency, line.expected, line.counted, line.variance])).toEqual([
      ['USD', usd(13_750), usd(13_650), usd(-100)],
      ['IQD', iqd(251_600), iqd(251_600), iqd(0)],
    ]);
    expect(z.cashHeld).toEqual([usd(700)]);
    expect(z.corrections).toEqual([
      expect.objectContaining({ kind: 'adjustment', zNumber: 1, amount: usd(200) }),
    ]);
  });

  it('fits an 80 mm and a 58 mm roll on one page each, with every total', async () => {
    for (const width of [80, 58] as const) {
      const name = `z-report-${width}mm`;
      const printed = await printReceipt(
        browser,
        renderReportDocument(z, context(String(width) as '80', 'en')),
        width,
        dir,
        name,
      );
      if (samplesDir && width === 80) copyFileSync(printed.pngPath, join(samplesDir, `${name}.png`));
      expect(printed.pages).toBe(1);
      expect(printed.contentWidthPx).toBeLessThanOrEqual(Math.ceil(printed.pageWidthPx));
      const text = plain(printed.text);
      for (const words of ['Z report Z-000002', 'Cash USD', 'Cash IQD']) {
        expect(text.replace(/\s/g, '')).toContain(words.replace(/\s/g, ''));
      }
      for (const [label, amount] of TOTALS) {
        expect(labelsBeside(printed, en(amount)).map(plain), `${label} ${en(amount)}`).toContain(label);
      }
      expect(text).toContain(z.chainHead!.hash.slice(0, 12));
    }
  });

  it('prints right to left in Arabic on the roll', async () => {
    const printed = await printReceipt(
      browser,
      renderReportDocument(z, context('80', 'ar')),
      80,
      dir,
      'z-report-80mm-arabic',
    );
    if (samplesDir) copyFileSync(printed.pngPath, join(samplesDir, 'z-report-80mm-arabic.png'));
    expect(printed.pages).toBe(1);
    expect(printed.direction).toBe('rtl');
    expect(plain(printed.text)).toContain('Z-000002');
  });

  it('prints on one A4 page in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      const printed = await printA4(
        browser,
        dir,
        renderReportDocument(z, context('a4', language)),
        `z-report-a4-${language}`,
      );
      expect(printed.pages).toBe(1);
      // A4 is 595.3 × 841.9 points; Chromium rounds the page to whole device pixels.
      const [width = 0, height = 0] = printed.sizePts.split(' x ').map(Number);
      expect(Math.abs(width - 595.3)).toBeLessThan(1.5);
      expect(Math.abs(height - 841.9)).toBeLessThan(1.5);
      expect(printed.text).toContain('Z-000002');
      if (language === 'en')
        for (const amount of [usd(13_750), iqd(251_600)]) expect(printed.text).toContain(en(amount));
      else expect(printed.text).toContain('IQD');
    }
  });

  it('prints a shortage with a minus sign, never a hyphen or brackets, on every paper and language', async () => {
    // The dollar short of the count: "−US$1.00" in English, "−1.00 US$" in Arabic, with U+2212.
    const variance = { en: '\u2212US$1.00', ar: '\u22121.00 US$' } as const;
    for (const language of ['en', 'ar'] as const) {
      const printouts: { text: string }[] = [
        await printA4(
          browser,
          dir,
          renderReportDocument(z, context('a4', language)),
          `z-short-a4-${language}`,
        ),
      ];
      for (const width of [80, 58] as const) {
        const html = renderReportDocument(z, context(String(width) as '80', language));
        printouts.push(await printReceipt(browser, html, width, dir, `z-short-${width}mm-${language}`));
      }
      for (const printed of printouts) {
        // pdftotext marks right-to-left runs with embedding controls; the reader sees none of them.
        const text = plain(printed.text).replace(/[\u202a-\u202e]/g, '');
        expect(text).toContain(variance[language]);
        expect(text).not.toMatch(/-US\$|-1\.00|\(US\$1\.00\)/);
      }
    }
  }, 120_000);

  it('marks an X as not a closing and leaves out what a blind counter may not see', async () => {
    const { call } = day;
    await call.openShift({ floats: [usd(13_650), iqd(251_600)] });
    const x = await call.getXReport({});
    const printed = await printReceipt(
      browser,
      renderReportDocument(
        { ...x, cash: x.cash.map((line) => ({ ...line, expected: null })) },
        context('80', 'en'),
      ),
      80,
      dir,
      'x-report',
    );
    const text = plain(printed.text);
    expect(text).toContain('X — not a closing');
    expect(text).toContain('Counted blind: expected shown after the count');
  });
});
