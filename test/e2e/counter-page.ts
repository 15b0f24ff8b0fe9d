import { expect, type Locator, type Page } from '@playwright/test';
import type { Language } from '../../shared/domain/common';
import { exponentOf, type Money, toDecimalText } from '../../shared/money';
import { decodeQr } from './qr';

/** What a cashier sees on the counter, found the way a screen reader finds it: by role and name. */

export function balanceStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Balance' });
}

export function searchField(page: Page): Locator {
  return page.getByLabel('Search destinations');
}

/** The packages the search found (the filters' drop-downs have options too). */
export function foundPackages(page: Page, listName = 'Packages'): Locator {
  return page.getByRole('listbox', { name: listName }).getByRole('option');
}

export interface ShownEsim {
  readonly iccid: string;
  readonly smdpAddress: string;
  readonly activationCode: string;
  /** What the QR code on screen decodes to. */
  readonly qrText: string;
}

/** The value beside a term of a fact list (`<dt>term</dt><dd>value</dd>`) inside `scope`. */
export function fact(scope: Locator, term: string): Locator {
  return scope.locator(`dt:text-is("${term}") + dd`);
}

/** The eSIM cards of a completed sale on screen. */
export function esimCards(page: Page): Locator {
  return page.getByRole('article', { name: /^eSIM \d+ of \d+$/ });
}

/** Every eSIM card of a completed sale: its printed details and its QR code read from a screenshot. */
export async function shownEsims(page: Page): Promise<ShownEsim[]> {
  const cards = esimCards(page);
  const shown: ShownEsim[] = [];
  for (const card of await cards.all()) {
    const text = async (term: string): Promise<string> =>
      ((await fact(card, term).textContent()) ?? '').trim();
    const qr = card.getByRole('img', { name: 'eSIM QR code' });
    await expect(qr).toBeVisible();
    shown.push({
      iccid: await text('ICCID'),
      smdpAddress: await text('SM-DP+ address'),
      activationCode: await text('Activation code'),
      qrText: await decodeQr(qr),
    });
  }
  return shown;
}

/**
 * The counter in `language` on Today (F7), with the details of its first record whose button's name
 * begins with `title` open; returns that dialog.
 */
export async function detailsOnToday(page: Page, language: Language, title: string): Promise<Locator> {
  if (language === 'ar') await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.keyboard.press('F7');
  await page.getByRole('button', { name: new RegExp(`^${title} `) }).click();
  return page.getByRole('dialog', { name: title });
}

/**
 * An amount as the page writes it in `language` (the browser's own number formats, which may differ
 * from Node's), without the marks that keep it whole in right-to-left text.
 */
export async function shownMoney(page: Page, value: Money, language: Language): Promise<string> {
  const digits = exponentOf(value.currency);
  return page.evaluate(
    ([decimal, currency, locale, fraction]) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: fraction,
        maximumFractionDigits: fraction,
      }).format(decimal as `${number}`),
    [toDecimalText(value.amount, value.currency), value.currency, language, digits] as const,
  );
}

/** Searches, picks the first package found, and sells `quantity` of it through the confirmation step. */
export async function sellFirstFound(page: Page, search: string, quantity = 1): Promise<string> {
  await searchField(page).fill(search);
  const option = foundPackages(page).first();
  const name = ((await option.locator('.pkg-name').textContent()) ?? '').trim();
  await option.click();
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the sale' });
  await expect(dialog).toContainText(`${quantity} × ${name}`);
  await dialog.getByRole('button', { name: 'Confirm sale' }).click();
  return name;
}

/**
 * Before the counter opens: the receipt's frame prints to a count kept on the counter's page instead
 * of the browser's dialog, read with `printsSoFar`.
 */
export async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(
    'if (window !== window.top) { window.print = () => { window.top.prints = (window.top.prints ?? 0) + 1; }; }',
  );
}

/** How many receipts the counter printed since `countPrints`. */
export function printsSoFar(page: Page): Promise<number> {
  return page.evaluate<number>('window.prints ?? 0');
}
