import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cancellation } from '../../shared/domain/cancellation';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { Shift } from '../../shared/domain/shift';
import { formatMoney, type Money, minor, toDecimalText } from '../../shared/money';
import { call } from '../simulator/support/signed-fetch';
import { unwrap } from '../support/core-harness';
import { count, hireStaff, openShift, sell, signInManager, usd } from './end-of-day-support';
import { type Counter, cheapest, eventually, forceRefundMethod, startCounter } from './money-support';
import { launchChromium } from './receipt-print';

// A day reconciled with an exception resolved in Arabic and a cash refund the provider still owes,
// printed as A4 PDF by real Chromium in English and Arabic and read back with poppler (pdftotext for
// the words, pdftoppm for the pages a person looks at). The month's accountant pack, made by a core
// given Chromium as its PDF maker (as the desktop shell gives it Electron's), carries the Z and the
// reconciliation as PDF. REPORT_SAMPLES_DIR=docs/end-of-day keeps the A4 pages as the docs' samples.

const samplesDir = process.env.REPORT_SAMPLES_DIR ? resolve(process.env.REPORT_SAMPLES_DIR) : null;
let browser: Browser;
let counter: Counter;
let dir: string;
let day: string;
let report: Reconciliation;
let otherReference: string;
let shiftId: string;
const RESOLUTION = 'بيع في الفرع الثاني';

/** Chromium's PDF of an A4 document: the page size is the one its CSS declares. */
async function a4Pdf(html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ preferCSSPageSize: true, printBackground: true });
  } finally {
    await page.close();
  }
}

/** The PDF's text in reading order without bidi controls, and its first page as a PNG. */
function readBack(pdf: Uint8Array, name: string): { text: string; pages: number; png: string } {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, pdf);
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', path, join(dir, name)]);
  const png = join(dir, `${name}.png`);
  if (samplesDir && name.startsWith('reconciliation-a4')) copyFileSync(png, join(samplesDir, `${name}.png`));
  return {
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
      .replace(BIDI_CONTROLS, '')
      .replace(/\s+/g, ' '),
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    png,
  };
}

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Arabic as pdftotext gives it back: diacritics may land beside the letter they sit on, and words
 * split where a glyph cluster ends. Letters in order, without marks and spaces, are what is compared.
 */
function arabicLetters(text: string): string {
  return text.normalize('NFC').replace(/[\u064b-\u065f\u0670\s]/g, '');
}

/** The open exception of the day: the cash sale cancelled by refund request. */
function inTransit(): { amount: Money | null; packageName: string } {
  const exception = report.exceptions.find((each) => each.kind === 'refund_in_transit');
  if (!exception?.packageName) throw new Error('no refund in transit with its package');
  return { amount: exception.amount, packageName: exception.packageName };
}

const en = (amount: Money): string => formatMoney(amount, 'en-GB').replace(/\s+/g, ' ');

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'reconciliation-print-'));
  if (samplesDir) mkdirSync(samplesDir, { recursive: true });
  counter = await startCounter({}, { reportPdf: a4Pdf });
  const { h, packages, sim } = counter;
  const staff = await hireStaff(h);
  await openShift(h, [usd(10_000)]);
  const pkg = cheapest(packages);
  await sell(h, pkg, { method: 'cash', tendered: pkg.retail.amount });
  const refunded = await sell(h, pkg, { method: 'cash', tendered: pkg.retail.amount });
  if (refunded.state !== 'completed') throw new Error('the sale did not complete');
  await forceRefundMethod(sim, 'refund_request');
  unwrap(
    await h.call<Cancellation>('cancelSale', {
      saleId: refunded.id,
      reason: 'غيّر رأيه',
      cashRefund: refunded.retailTotal,
      approval: staff.approval,
    }),
  );
  const elsewhere = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
    body: { packageCode: pkg.code, quantity: 1, idempotency_key: randomUUID() },
  });
  otherReference = elsewhere.body.orderReference as string;
  const { countId } = await count(h, [usd(10_000 + pkg.retail.amount)]);
  const closed = unwrap(await h.call<{ shift: Shift }>('closeShift', { countId })).shift;
  day = closed.businessDay;
  shiftId = closed.id;
  // The manager reads and prints the reconciliation: its balance bridge is a manager's figure.
  await signInManager(h, staff);
  const atClose = await eventually(
    'the reconciliation at the close',
    async () =>
      unwrap(await h.call<{ reconciliation: Reconciliation | null }>('getReconciliation', { firstDay: day }))
        .reconciliation,
  );
  const other = atClose.exceptions.find((each) => each.orderReference === otherReference);
  report = unwrap(
    await h.call<Reconciliation>('resolveReconciliationException', {
      firstDay: day,
      key: other?.key,
      classification: 'other_channel',
      reason: RESOLUTION,
      approval: staff.approval,
    }),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await counter?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the reconciliation, printed', () => {
  it('is the day the screen shows: one exception open, one resolved, cash refunded not yet recovered', () => {
    expect(report).toMatchObject({ result: 'not_reconciled', openExceptions: 1 });
    expect(report.cashRefunds).toEqual([
      expect.objectContaining({ currency: 'USD', notYetRecovered: report.cashRefunds[0]?.refunded }),
    ]);
    expect(report.bridge?.remainder).toEqual(usd(0));
  });

  it('prints on A4 in English with the result, the bridge, the cash and every exception', async () => {
    const { html } = unwrap(
      await counter.h.call<{ html: string }>('renderReconciliationReport', { firstDay: day, language: 'en' }),
    );
    const printed = readBack(await a4Pdf(html), 'reconciliation-a4-en');
    const bridge = report.bridge;
    if (!bridge?.opening || !bridge.closing) throw new Error('the bridge has no snapshots');
    for (const words of [
      'Reconciliation with the provider',
      'NOT RECONCILED',
      `Provider balance ${bridge.currency}`,
      'Refunded to the customer, not yet recovered',
      'Refund in transit',
      otherReference,
      // Each exception says its amount and its package, and what it means.
      `Package: ${inTransit().packageName}`,
      `Refund of ${en(inTransit().amount ?? usd(-1))} requested, not yet credited to the balance.`,
      `Resolved: Another counter or the provider dashboard, by ${
        report.exceptions.find((each) => each.resolution)?.resolution?.by
      }`,
    ]) {
      expect(printed.text).toContain(words);
    }
    for (const amount of [
      bridge.opening.balance,
      bridge.closing.balance,
      bridge.deposits,
      report.cashRefunds[0]?.notYetRecovered ?? usd(-1),
    ]) {
      expect(printed.text).toContain(en(amount));
    }
  });

  it('prints on A4 in Arabic, right to left, with the Arabic words and the same totals', async () => {
    const { html } = unwrap(
      await counter.h.call<{ html: string }>('renderReconciliationReport', { firstDay: day, language: 'ar' }),
    );
    expect(html).toContain('dir="rtl"');
    const printed = readBack(await a4Pdf(html), 'reconciliation-a4-ar');
    // Words without the lam-alef ligature, which pdftotext gives back as alef-lam.
    for (const words of [
      'المطابقة مع المزوّد',
      'غير مُطابَق',
      'رُدّ للزبون ولم يُسترد بعد',
      'رصيد المزوّد',
      'طُلب استرداد',
      'ولم يُضف',
      'الباقة',
      RESOLUTION,
    ]) {
      expect(arabicLetters(printed.text)).toContain(arabicLetters(words));
    }
    // The result and what each exception means are said in Arabic, never left in English.
    for (const english of ['RECONCILED', 'Refund of', 'not yet credited']) {
      expect(printed.text).not.toContain(english);
    }
    expect(printed.text).toContain(otherReference);
    expect(printed.text).toContain(inTransit().packageName);
    // Arabic money keeps Latin digits: the closing balance and the cash not yet recovered.
    for (const amount of [report.bridge?.closing?.balance, report.cashRefunds[0]?.notYetRecovered]) {
      expect(printed.text).toContain(toDecimalText(amount?.amount ?? minor(-1), 'USD'));
    }
  });

  it('prints its result on the 58 mm Arabic Z on a line of its own, in Arabic, with each open exception', async () => {
    const { html } = unwrap(
      await counter.h.call<{ html: string }>('renderShiftReport', {
        kind: 'z',
        shiftId,
        paper: '58',
        language: 'ar',
      }),
    );
    const page = await browser.newPage();
    try {
      await page.setContent(html, { waitUntil: 'load' });
      const part = page.locator('section.part', { hasText: 'المطابقة مع المزوّد' });
      const result = part.locator('p.result');
      expect(((await result.textContent()) ?? '').trim()).toBe('غير مُطابَق');
      // Nothing of the section is drawn over the result: the run's time is on its own line beneath.
      const box = await result.boundingBox();
      const time = await part.locator('p.note').first().boundingBox();
      if (!box || !time) throw new Error('the result or its time is not drawn');
      expect(time.y).toBeGreaterThanOrEqual(box.y + box.height);
      const text = ((await part.textContent()) ?? '').replace(BIDI_CONTROLS, '');
      expect(text).not.toMatch(/RECONCILED|Refund/);
      expect(text).toContain(toDecimalText(inTransit().amount?.amount ?? minor(-1), 'USD'));
      expect(text).toContain(inTransit().packageName);
    } finally {
      await page.close();
    }
  });

  it('goes into the accountant pack as PDF when the shell makes PDFs', async () => {
    const month = day.slice(0, 7);
    const pack = unwrap(
      await counter.h.call<{ name: string; base64: string }>('exportAccountantPack', { month }),
    );
    const zip = join(dir, pack.name);
    writeFileSync(zip, Buffer.from(pack.base64, 'base64'));
    const manifest = JSON.parse(
      execFileSync('unzip', ['-p', zip, 'manifest.json'], { encoding: 'utf8' }),
    ) as {
      files: { name: string }[];
    };
    const documents = manifest.files.map((each) => each.name).filter((name) => !name.startsWith('csv/'));
    expect(documents).toEqual([
      'z/Z-000001-en.pdf',
      'z/Z-000001-ar.pdf',
      `reconciliation/${day}-en.pdf`,
      `reconciliation/${day}-ar.pdf`,
    ]);
    const z = readBack(execFileSync('unzip', ['-p', zip, 'z/Z-000001-ar.pdf']), 'pack-z-ar');
    expect(z.pages).toBe(1);
    expect(z.text).toContain('Z-000001');
    // The pack's Z carries its day's reconciliation, as the printed Z does.
    expect(arabicLetters(z.text)).toContain(arabicLetters('المطابقة مع المزوّد'));
    const reconciliation = readBack(
      execFileSync('unzip', ['-p', zip, `reconciliation/${day}-en.pdf`]),
      'pack-reconciliation-en',
    );
    expect(reconciliation.text).toContain(otherReference);
    expect(reconciliation.text).toContain(en(report.cashRefunds[0]?.notYetRecovered ?? usd(-1)));
  }, 120_000);
});
