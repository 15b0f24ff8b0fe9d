import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { Language } from '../shared/domain/common';
import type { TillView } from '../shared/domain/shift';
import { receiptNumberText } from '../shared/printed-numbers';
import { type Counter, expect, test } from '../test/e2e/counter-fixture';
import { sellFirstFound } from '../test/e2e/counter-page';
import { aliceOnShift, cheapestForCash, MANAGER_PIN, managerApproval } from '../test/e2e/staff';

/** The screens the README shows, in both languages: docs/screens/<screen>-<language>.png. */

const SHOTS = resolve(import.meta.dirname, '../docs/screens');

const WORDS = {
  en: {
    search: 'Search destinations',
    packages: 'Packages',
    typo: 'Turky 10gb',
    region: 'Balkans',
    sell: 'Sell',
    confirm: 'Confirm sale',
  },
  ar: {
    search: 'ابحث عن وجهة',
    packages: 'الباقات',
    typo: 'تركا ١٠ جيجا',
    region: 'البلقان',
    sell: 'بيع',
    confirm: 'تأكيد البيع',
  },
} as const;

async function shoot(page: Page, name: string, language: Language): Promise<void> {
  // The clock and the waiting times move: the picture is taken once the page has settled.
  await page.evaluate('document.fonts.ready');
  await page.screenshot({ path: `${SHOTS}/${name}-${language}.png`, fullPage: true });
}

for (const language of ['en', 'ar'] as const) {
  test(`screens in ${language}`, async ({ page, counter }) => {
    const words = WORDS[language];
    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const search = page.getByLabel(words.search);
    const found = page.getByRole('listbox', { name: words.packages }).getByRole('option');

    // A typo and a quantity read from the search, and (where the catalogue has one) a package
    // sharing its name with others.
    await search.fill(words.typo);
    await expect(found.first()).toBeVisible();
    const namesakes = found.filter({ has: page.locator('.pkg-networks') });
    await ((await namesakes.count()) > 0 ? namesakes : found).first().click();
    await shoot(page, 'sell-search', language);

    // A regional plan: its countries listed.
    await search.fill(words.region);
    await found.first().click();
    await shoot(page, 'sell-regional', language);

    // A sale's result: Print first, above the QR codes.
    await page.getByRole('button', { name: words.sell, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: words.confirm }).click();
    await expect(page.locator('.esim-card').first()).toBeVisible();
    await shoot(page, 'sale-result', language);
  });
}

/** A screen as it stands, in English, then the same state in Arabic (F9 turns the whole counter). */
async function shootBoth(page: Page, name: string): Promise<void> {
  await shoot(page, name, 'en');
  await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await shoot(page, name, 'ar');
  await page.keyboard.press('F9');
}

test('the first-start checklist', async ({ page, counter }) => {
  await counter.open(page);
  await page.getByRole('button', { name: 'Continue setup' }).click();
  await page.getByLabel('New manager PIN').fill('2468');
  await page.getByLabel('Repeat the PIN').fill('2468');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  // The shop step, its name refused while empty.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shootBoth(page, 'first-start');
});

test('the manager tools, approved once for every tool', async ({ page, counter }) => {
  await managerApproval(counter);
  await counter.open(page);
  await page.keyboard.press('F6');
  await page.locator('.manager-tools > summary').click();
  const approve = page.getByRole('form', { name: 'Approve the manager tools' });
  await approve.getByLabel('Manager PIN', { exact: true }).fill(MANAGER_PIN);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('form', { name: 'Add cashier' })).toBeVisible();
  await shootBoth(page, 'manager-tools');
});

test.describe("a new counter's first catalogue sync", () => {
  test.use({ firstSync: true });

  test('its progress', async ({ page, counter }) => {
    await counter.sim.setFaults({ latencyMs: 3_000, paths: ['GET /esims/packages'] });
    await page.goto(counter.url);
    await expect(page.getByText(/packages so far, about/)).toBeVisible();
    await shootBoth(page, 'first-sync-progress');
  });

  test('its failure', async ({ page, counter }) => {
    await counter.sim.setFaults({ failRate: 1, paths: ['GET /esims/packages'] });
    await page.goto(counter.url);
    await expect(page.getByText('The counter tries again by itself at', { exact: false })).toBeVisible({
      timeout: 30_000,
    });
    await shootBoth(page, 'first-sync-failed');
  });
});

/** A French eSIM sold and in use, `usedMb` of it used (the provider's records). */
async function esimInUse(counter: Counter, usedMb = 0): Promise<{ iccid: string; receiptNumber: number }> {
  const { packages } = await counter.api<{ packages: { code: string; type: string; countries: string[] }[] }>(
    'listPackages',
  );
  const local = packages.find((pkg) => pkg.type === 'local' && pkg.countries.includes('FR'));
  const sale = await counter.api<{ receiptNumber: number; esims: { iccid: string }[] }>('sell', {
    packageCode: local?.code,
  });
  const iccid = sale.esims[0]?.iccid ?? '';
  await counter.sim.activate(iccid);
  if (usedMb > 0) await counter.sim.consume(iccid, usedMb);
  return { iccid, receiptNumber: sale.receiptNumber };
}

/** The top-up screen (F3) with the eSIM looked up and its first top-up chosen. */
async function firstTopUpChosen(page: Page, iccid: string): Promise<void> {
  await page.keyboard.press('F3');
  await page.getByLabel('ICCID', { exact: true }).fill(iccid);
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: 'Top-up packages' }).getByRole('button').first().click();
}

test('a top-up whose price changed before it was confirmed', async ({ page, counter }) => {
  await counter.open(page);
  const { iccid } = await esimInUse(counter);
  await firstTopUpChosen(page, iccid);
  await counter.api('setManagerPin', { pin: '2468' });
  await counter.api('setPricing', {
    pin: '2468',
    pricing: {
      rules: [{ scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: 5000 } }],
      roundingSteps: {},
    },
  });
  await page.getByRole('button', { name: 'Confirm top-up' }).click();
  await expect(page.getByRole('alert')).toContainText('The price changed');
  await shootBoth(page, 'topup-price-changed');
});

test('Check now completes a sale in doubt', async ({ page, counter }) => {
  await counter.sim.loseOrderAnswers();
  await counter.open(page);
  await sellFirstFound(page, 'France');
  await expect(page.getByRole('region', { name: "The provider's answer was lost" })).toBeVisible({
    timeout: 30_000,
  });
  await counter.sim.completeHeldOrder();
  await page.keyboard.press('F4');
  // Open, Check now, Send again: the row's second action.
  await page.locator('.row-actions').first().getByRole('button').nth(1).click();
  await expect(page.getByRole('dialog').locator('.esim-card').first()).toBeVisible();
  await shootBoth(page, 'check-now-complete');
});

test("a used eSIM's sale details: the cancellation refused up front, and eSIM care read live", async ({
  page,
  counter,
}) => {
  const sale = await esimInUse(counter);
  await counter.open(page);
  await page.keyboard.press('F7');
  await page
    .getByRole('button', { name: `Sale details ${receiptNumberText(sale.receiptNumber, null)}` })
    .click();
  const details = page.getByRole('dialog', { name: 'Sale details' });
  await details.getByRole('button', { name: 'Cancel eSIM' }).click();
  await expect(details.getByRole('alert')).toBeVisible();
  await details.getByRole('button', { name: 'Read the eSIM now' }).click();
  await expect(details.getByText(/^activated /)).toBeVisible();
  await shootBoth(page, 'sale-details-care');
});

test('a top-up complete, with what the eSIM holds now', async ({ page, counter }) => {
  await counter.open(page);
  const { iccid } = await esimInUse(counter, 256);
  await firstTopUpChosen(page, iccid);
  await page.getByRole('button', { name: 'Confirm top-up' }).click();
  await expect(page.getByRole('region', { name: 'Top-up complete' })).toBeVisible();
  await shootBoth(page, 'topup-complete');
});

test("the end of the day: a cashier's X, her blind count, and the manager's reconciliation", async ({
  page,
  counter,
}) => {
  await aliceOnShift(counter);
  await cheapestForCash(counter);
  await counter.open(page);
  await page.keyboard.press('F6');
  // Alice's X: no expected cash, no cost or margin.
  await page.getByRole('button', { name: 'X report', exact: true }).click();
  await expect(page.getByText('X — not a closing')).toBeVisible();
  await shootBoth(page, 'shift-x-cashier');
  // Her count is blind: empty fields, nothing expected shown.
  await page.getByRole('button', { name: 'Close shift', exact: true }).click();
  await expect(page.getByLabel('Counted USD')).toHaveValue('');
  await shootBoth(page, 'shift-count');
  // The manager reconciles the day: the bridge and the provider's charges are theirs.
  const till = await counter.api<TillView>('getTill');
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin)!;
  await counter.api('signIn', { cashierId: manager.id, pin: MANAGER_PIN });
  const view = page.getByRole('region', { name: 'Reconciliation with the provider' });
  await view.getByRole('button', { name: 'Reconcile', exact: true }).click();
  await expect(view.locator('.reconcile-result')).toBeVisible();
  await shootBoth(page, 'reconcile-manager');
});
