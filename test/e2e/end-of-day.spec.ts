import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Sale } from '../../shared/domain/sale';
import { formatMoney, type Money, money, toDecimalText } from '../../shared/money';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { ALICE_PIN, hireAlice, MANAGER_PIN } from './staff';

/**
 * A cashier's shift in Chromium through the web host, in English and in Arabic: sign in, open the
 * shift with a counted float, sell for cash with change, pay out, print nothing yet but read the X,
 * count the drawer blind, see the variance, close, and print the Z as an A4 PDF whose text carries
 * the totals.
 */

// axe is added to the page as a script, which the counter's CSP would refuse.
test.use({ bypassCSP: true });

interface Words {
  readonly shiftTab: string;
  readonly who: string;
  readonly pin: string;
  readonly signIn: string;
  readonly openingFloat: string;
  readonly openShift: string;
  readonly search: string;
  readonly packages: string;
  readonly sell: string;
  readonly confirm: string;
  readonly confirmButton: string;
  readonly cashMoves: string;
  readonly cash: string;
  readonly tendered: string;
  readonly change: string;
  readonly saleDone: string;
  readonly amount: string;
  readonly record: string;
  readonly recorded: string;
  readonly xReport: string;
  readonly xNote: string;
  readonly expectedHidden: string;
  readonly closeShift: string;
  readonly counted: string;
  readonly countCash: string;
  readonly expectedOnZ: string;
  readonly countAgain: string;
  readonly recountNeedsManager: string;
  readonly reason: string;
  readonly manager: string;
  readonly managerPin: string;
  readonly firstCount: string;
  readonly secondCount: string;
  /** The closing count's variance, a dollar short, as the Z on screen writes it. */
  readonly dollarShort: string;
  readonly paper: string;
  readonly printZ: string;
  /** What the Z's PDF says, besides the amounts. */
  readonly pdfWords: readonly string[];
}

const ENGLISH: Words = {
  shiftTab: 'Shift',
  who: 'Who',
  pin: 'PIN',
  signIn: 'Sign in',
  openingFloat: 'Opening float USD',
  openShift: 'Open shift',
  search: 'Search destinations',
  packages: 'Packages',
  sell: 'Sell',
  confirm: 'Confirm the sale',
  confirmButton: 'Confirm sale',
  cashMoves: 'Pay in or pay out',
  cash: 'Cash',
  tendered: 'Tendered',
  change: 'Change',
  saleDone: 'Sale complete',
  amount: 'Amount',
  record: 'Record',
  recorded: 'Recorded.',
  xReport: 'X report',
  xNote: 'X — not a closing',
  expectedHidden: 'Counted blind: expected shown after the count',
  closeShift: 'Close shift',
  counted: 'Counted USD',
  countCash: 'Count cash',
  expectedOnZ: 'On the Z',
  countAgain: 'Count again',
  recountNeedsManager: 'a count before this one was above tolerance: a reason and a manager are needed',
  reason: 'Reason',
  manager: 'Manager',
  managerPin: 'Manager PIN',
  firstCount: 'Count 1',
  secondCount: 'Count 2',
  dollarShort: '\u2212$1.00',
  paper: 'Paper',
  printZ: 'Print Z report',
  pdfWords: ['Z report', 'Cash USD', 'Opening float', 'Expected', 'Counted', 'Variance', 'Pay-out: expense'],
};

const ARABIC: Words = {
  shiftTab: 'الوردية',
  who: 'من',
  pin: 'الرمز السري',
  signIn: 'تسجيل الدخول',
  openingFloat: 'رصيد الافتتاح USD',
  openShift: 'فتح الوردية',
  search: 'ابحث عن وجهة',
  packages: 'الباقات',
  sell: 'بيع',
  confirm: 'تأكيد البيع',
  confirmButton: 'تأكيد البيع',
  cashMoves: 'إيداع أو سحب',
  cash: 'نقدًا',
  tendered: 'المبلغ المستلم',
  change: 'الباقي',
  saleDone: 'تم البيع',
  amount: 'المبلغ',
  record: 'تسجيل',
  recorded: 'سُجّل.',
  xReport: 'تقرير X',
  xNote: 'X — ليس إغلاقًا',
  expectedHidden: 'عدّ أعمى: يظهر المتوقع بعد العدّ',
  closeShift: 'إغلاق الوردية',
  counted: 'المعدود USD',
  countCash: 'تسجيل العدّ',
  expectedOnZ: 'على تقرير Z',
  countAgain: 'العدّ من جديد',
  recountNeedsManager: 'كان عدّ سابق فوق الحد المسموح: يلزم سبب وموافقة المدير',
  reason: 'السبب',
  manager: 'المدير',
  managerPin: 'رمز المدير',
  firstCount: 'العدّ 1',
  secondCount: 'العدّ 2',
  dollarShort: '\u22121.00 US$',
  paper: 'الورق',
  printZ: 'طباعة تقرير Z',
  // pdftotext breaks Arabic ligatures apart; the Latin parts of the Arabic report read as printed.
  pdfWords: ['USD', 'TRAINING'],
};

/** The text of a PDF rendered by Chromium from `html`, as poppler's pdftotext reads it. */
async function pdfText(page: Page, html: string, path: string): Promise<string> {
  const pdfPage = await page.context().newPage();
  try {
    await pdfPage.setContent(html);
    writeFileSync(path, await pdfPage.pdf({ preferCSSPageSize: true, printBackground: true }));
  } finally {
    await pdfPage.close();
  }
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

/** Bidi marks and isolates placed around amounts are layout, not text. */
function plain(text: string): string {
  return text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
}

for (const [language, words] of [
  ['English', ENGLISH],
  ['Arabic', ARABIC],
] as const) {
  test(`a shift from float to printed Z, in ${language}`, async ({ page, counter }, testInfo) => {
    await hireAlice(counter);
    await counter.open(page);
    if (words === ARABIC) await page.keyboard.press('F9');
    // The counter speaks its language's own format; the printed report its receipt locale's.
    const shown = (amount: number): string =>
      plain(formatMoney(money(amount, 'USD'), language === 'Arabic' ? 'ar' : 'en'));
    const printed = (amount: number): string =>
      language === 'Arabic'
        ? toDecimalText(Math.abs(amount) as Money['amount'], 'USD')
        : plain(formatMoney(money(amount, 'USD'), 'en-GB'));

    // Sign in at the Shift screen (F6) and open the shift with a counted float.
    await page.keyboard.press('F6');
    await expect(page.getByRole('tab', { name: words.shiftTab, selected: true })).toBeVisible();
    const signIn = page.getByRole('form', { name: words.signIn });
    await signIn.getByRole('combobox', { name: words.who, exact: true }).selectOption({ label: 'Alice' });
    await signIn.getByLabel(words.pin, { exact: true }).fill(ALICE_PIN);
    await signIn.getByRole('button', { name: words.signIn, exact: true }).click();
    await expect(page.getByRole('status', { name: /Cashier|الكاشير/ })).toContainText('Alice');
    await page.getByLabel(words.openingFloat).fill('100');
    await page.getByRole('button', { name: words.openShift }).click();

    // Sell for cash with change.
    await page.keyboard.press('F2');
    await page.getByLabel(words.search).fill('France');
    await page.getByRole('listbox', { name: words.packages }).getByRole('option').first().click();
    await page.getByRole('button', { name: words.sell, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.confirm });
    await dialog.getByRole('radio', { name: words.cash }).check();
    await dialog.getByLabel(words.tendered).fill('50');
    await expect(dialog.getByText(words.change)).toBeVisible();
    await dialog.getByRole('button', { name: words.confirmButton }).click();
    await expect(page.getByRole('heading', { name: words.saleDone })).toBeVisible();
    const [sale] = (await counter.api<{ sales: Sale[] }>('listSales')).sales;
    const price = sale!.retailTotal.amount;
    expect(sale!.tender).toEqual({
      method: 'cash',
      due: money(price, 'USD'),
      tendered: money(5000, 'USD'),
      change: money(5000 - price, 'USD'),
      ratePer100: null,
    });

    // A pay-out, then the X: the cashier counts blind, so the expected cash is not on it.
    await page.keyboard.press('F6');
    const moves = page.getByRole('region', { name: words.cashMoves });
    await moves.getByLabel(words.amount, { exact: true }).fill('5');
    await moves.getByRole('button', { name: words.record, exact: true }).click();
    await expect(moves.getByText(words.recorded)).toBeVisible();
    await page.getByRole('button', { name: words.xReport, exact: true }).click();
    await expect(page.getByText(words.xNote)).toBeVisible();
    await expect(page.getByText(words.expectedHidden)).toBeVisible();

    // The blind close: empty fields, and what was expected stays hidden until the Z.
    const expected = 10_000 + price - 500;
    const short = expected - 1000;
    const counted = expected - 100;
    await page.getByRole('button', { name: words.closeShift, exact: true }).click();
    const countField = page.getByLabel(words.counted);
    await expect(countField).toHaveValue('');
    await expect(page.getByText(shown(expected))).toHaveCount(0);
    await countField.fill(toDecimalText(short as Money['amount'], 'USD'));
    await page.getByRole('button', { name: words.countCash }).click();
    await expect(page.getByRole('cell', { name: words.expectedOnZ })).toBeVisible();
    await expect(page.getByText(shown(expected))).toHaveCount(0);
    await expect(page.getByText(shown(-1000))).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // Counted again, within the tolerance now: the count before it still needs a reason and a manager.
    await page.getByRole('button', { name: words.countAgain }).click();
    await page.getByLabel(words.counted).fill(toDecimalText(counted as Money['amount'], 'USD'));
    await page.getByRole('button', { name: words.countCash }).click();
    await expect(page.getByText(words.recountNeedsManager)).toBeVisible();
    await expect(page.getByText(shown(-100))).toHaveCount(0);
    await page.getByLabel(words.reason, { exact: true }).fill('Miscounted');
    await page.getByLabel(words.managerPin, { exact: true }).fill(MANAGER_PIN);
    await page.getByRole('button', { name: words.closeShift, exact: true }).click();
    await expect(page.getByText(/^Z-\d{6}$/)).toHaveText('Z-000001');
    // Both counts are on the Z, each with its variance.
    const z = page.getByRole('article');
    await expect(z.getByText(words.firstCount)).toBeVisible();
    await expect(z.getByText(words.secondCount)).toBeVisible();
    // The dollar short reads with a minus sign, as on the paper.
    await expect(z).toContainText(words.dollarShort);
    expect(await axeViolations(page)).toEqual([]);

    // The Z on an A4 page, printed through the browser: its PDF carries the totals.
    await page.getByRole('combobox', { name: words.paper, exact: true }).selectOption('a4');
    const rendered = page.waitForResponse((response) => response.url().endsWith('/api/renderShiftReport'));
    await page.getByRole('button', { name: words.printZ }).click();
    const { value } = (await (await rendered).json()) as { value: { html: string } };
    const text = plain(await pdfText(page, value.html, testInfo.outputPath('z-report.pdf')));
    await testInfo.attach('z-report.txt', { body: text, contentType: 'text/plain' });
    expect(text).toContain('Z-000001');
    for (const word of words.pdfWords) expect(text).toContain(word);
    for (const amount of [10_000, price, 500, expected, counted, -100, short])
      expect(text).toContain(printed(amount));
  });
}
