import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Language } from '../../shared/domain/common';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { Sale } from '../../shared/domain/sale';
import type { TillView } from '../../shared/domain/shift';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { shownMoney } from './counter-page';
import { ALICE_PIN, aliceOnShift, hireAlice, MANAGER_PIN } from './staff';

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

/**
 * A manager reconciles the day in Chromium through the web host: a sale of the counter matches the
 * provider's order, two orders placed on the provider's dashboard are exceptions naming their order
 * references, and the manager resolves both with a reason and their PIN until the day is RECONCILED,
 * then prints it on A4: the PDF Chromium makes of it names the orders and the reasons.
 */

test('a manager reconciles a day and resolves two exceptions', async ({ page, counter }, testInfo) => {
  await hireAlice(counter);
  await counter.open(page);

  await page.keyboard.press('F6');
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByRole('combobox', { name: 'Who', exact: true }).selectOption({ label: 'Alice' });
  await signIn.getByLabel('PIN', { exact: true }).fill(ALICE_PIN);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Opening float USD').fill('100');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByRole('button', { name: 'Close shift', exact: true })).toBeVisible();

  // One sale of the counter, and two orders the provider's dashboard placed on the same account.
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const pkg = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0]!;
  const sale = await counter.api<Sale>('sell', {
    packageCode: pkg.code,
    quantity: 1,
    tender: { method: 'cash', tendered: pkg.retail.amount },
  });
  expect(sale.state).toBe('completed');
  const first = await counter.sim.placeOrder(pkg.code);
  const second = await counter.sim.placeOrder(pkg.code);

  const view = page.getByRole('region', { name: 'Reconciliation with the provider' });
  await view.getByRole('button', { name: 'Reconcile', exact: true }).click();
  await expect(view.getByText('NOT RECONCILED', { exact: true })).toBeVisible();
  await expect(view.getByText('2 exceptions open')).toBeVisible();
  const exceptions = view.locator('.reconcile-exceptions > li');
  await expect(exceptions).toHaveCount(2);
  for (const reference of [first, second]) {
    await expect(
      exceptions.filter({ hasText: reference }).getByText(reference, { exact: true }),
    ).toBeVisible();
  }

  for (const [reference, reason] of [
    [first, 'sold at the second counter'],
    [second, 'a gift card order on the dashboard'],
  ] as const) {
    const row = exceptions.filter({ hasText: reference });
    await row.getByRole('button', { name: 'Resolve', exact: true }).click();
    await row.getByRole('combobox', { name: 'Classification' }).selectOption('other_channel');
    await row.getByLabel('Reason', { exact: true }).fill(reason);
    await row.getByLabel('Manager PIN').fill(MANAGER_PIN);
    await row.getByRole('button', { name: 'Save the resolution' }).click();
    await expect(row.getByText(`(${reason})`)).toBeVisible();
  }
  await expect(view.getByText('RECONCILED', { exact: true })).toBeVisible();

  const rendered = page.waitForResponse((response) =>
    response.url().endsWith('/api/renderReconciliationReport'),
  );
  await view.getByRole('button', { name: 'Print the reconciliation (A4 or PDF)' }).click();
  const { value } = (await (await rendered).json()) as { value: { html: string } };
  const pdfPage = await page.context().newPage();
  const pdfPath = testInfo.outputPath('reconciliation.pdf');
  try {
    await pdfPage.setContent(value.html);
    writeFileSync(pdfPath, await pdfPage.pdf({ preferCSSPageSize: true, printBackground: true }));
  } finally {
    await pdfPage.close();
  }
  const printed = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  for (const words of ['RECONCILED', first, second, 'sold at the second counter'])
    expect(printed).toContain(words);
  // Alice, a cashier, is signed in: the provider's balance bridge is a manager's figure, never printed for her.
  expect(printed).not.toContain('Provider balance');

  // What the screen shows is what the core stored.
  const day = (await counter.api<TillView>('getTill')).businessDay;
  const { reconciliation } = await counter.api<{ reconciliation: Reconciliation }>('getReconciliation', {
    firstDay: day,
  });
  expect(reconciliation).toMatchObject({ result: 'reconciled', openExceptions: 0 });
  expect(reconciliation.rows.find((row) => row.record?.id === sale.id)?.kind).toBe('matched');
  // Read as Alice: RECONCILED says the bridge closed; its figures are the manager's to read.
  expect(reconciliation.bridge).toBeNull();
});

const WORDS = {
  en: {
    region: 'Reconciliation with the provider',
    reconcile: 'Reconcile',
    result: 'NOT RECONCILED',
    kind: 'Not in this journal',
    note: 'Not journalled here: another counter or the provider dashboard placed it',
    package: 'Package',
    deposit: 'A deposit to the provider account that was not entered.',
    english: [],
  },
  ar: {
    region: 'المطابقة مع المزوّد',
    reconcile: 'مطابقة',
    result: 'غير مُطابَق',
    kind: 'ليس في هذا السجل',
    note: 'غير مسجل هنا: أجرته نقطة بيع أخرى أو لوحة المزوّد',
    package: 'الباقة',
    deposit: 'إيداع في حساب المزوّد لم يُسجَّل.',
    english: ['RECONCILED', 'Not journalled', 'Matched', 'deposit', "provider's clock"],
  },
} as const;

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`an exception and the bridge's likely causes say what they mean (${language})`, async ({
    page,
    counter,
  }) => {
    // The amount is what the provider charged: a manager's figure, so the manager reads it.
    await aliceOnShift(counter);
    const till = await counter.api<TillView>('getTill');
    const manager = till.cashiers.find((cashier) => cashier.usesManagerPin)!;
    await counter.api('signIn', { cashierId: manager.id, pin: MANAGER_PIN });
    const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
    const pkg = [...packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0]!;
    const reference = await counter.sim.placeOrder(pkg.code);
    // Money reached the account that nobody entered as a deposit: the bridge has a remainder.
    await counter.sim.setBalance((await counter.sim.account()).balance + 10);
    const w = WORDS[language];

    await counter.open(page);
    await page.keyboard.press('F6');
    if (language === 'ar') await page.keyboard.press('F9');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const view = page.getByRole('region', { name: w.region });
    await view.getByRole('button', { name: w.reconcile, exact: true }).click();
    await expect(view.getByText(w.result, { exact: true })).toBeVisible();

    const exception = view.locator('.reconcile-exceptions > li', { hasText: reference });
    await expect(exception).toContainText(w.kind);
    await expect(exception).toContainText(await shownMoney(page, pkg.cost!, language));
    await expect(exception).toContainText(`${w.package}: ${pkg.name}`);
    await expect(exception).toContainText(w.note);
    await expect(view.getByRole('listitem').filter({ hasText: w.deposit })).toBeVisible();
    for (const english of w.english) await expect(view).not.toContainText(english);
    expect(await axeViolations(page), `reconciliation (${language})`).toEqual([]);
  });
}
