import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import { receiptNumberText } from '../../shared/printed-numbers';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { countPrints, printsSoFar, sellFirstFound } from './counter-page';
import { destination } from './destinations';
import { ALICE_PIN, hireAlice, MANAGER_PIN } from './staff';

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

test('a reprint that needs the manager PIN says why in its dialog, and prints once the PIN is given', async ({
  page,
  counter,
}) => {
  await countPrints(page);
  await counter.open(page);
  await sellFirstFound(page, destination('Italy'));
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const print = page.getByRole('button', { name: 'Print receipt' });
  await print.click();
  await expect.poll(() => printsSoFar(page)).toBe(1);

  // Another cashier now at the counter: a copy hands the not yet installed eSIM over again.
  const alice = await hireAlice(counter);
  await counter.api('signIn', { cashierId: alice, pin: ALICE_PIN });
  await print.click();
  const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
  await expect(dialog).toContainText(
    'This copy prints a QR code that is not installed yet: it would hand the eSIM over again, so the manager must allow it.',
  );
  await expect(dialog.getByLabel('Manager PIN')).toBeFocused();
  await dialog.getByLabel('Manager PIN').fill('1111');
  await dialog.getByRole('button', { name: 'Print receipt' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(await printsSoFar(page)).toBe(1);

  await dialog.getByLabel('Manager PIN').fill(MANAGER_PIN);
  await dialog.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => printsSoFar(page)).toBe(2);
  await expect(dialog).toHaveCount(0);
});

for (const language of ['en', 'ar'] as const) {
  test(`an old sale's QR codes ask for the manager PIN on screen and for the customer's screen, in ${language}`, async ({
    page,
    counter,
    context,
    host,
  }) => {
    const words = {
      en: {
        details: 'Sale details',
        show: 'Show the QR code (1 eSIM)',
        pin: 'Manager PIN',
        why: 'These QR codes hand over an eSIM that is not installed yet, away from its sale',
        wrong: 'Wrong manager PIN.',
        qr: 'eSIM QR code',
        customer: 'Show on the customer display',
      },
      ar: {
        details: 'تفاصيل البيع',
        show: 'عرض رمز QR (شريحة واحدة)',
        pin: 'رمز المدير',
        why: 'رموز QR هذه تُسلِّم شريحة لم تُثبَّت بعد، بعيدًا عن وقت بيعها',
        wrong: 'رمز المدير خاطئ.',
        qr: 'رمز QR للشريحة الإلكترونية',
        customer: 'اعرضها على شاشة الزبون',
      },
    }[language];
    // Sold with nobody signed in; Alice, another cashier, now opens it from Today.
    const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
    const pkg = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0]!;
    const sale = await counter.api<Sale>('sell', { packageCode: pkg.code });
    const alice = await hireAlice(counter);
    await counter.api('signIn', { cashierId: alice, pin: ALICE_PIN });
    const display = await context.newPage();
    await display.goto(host.customerUrl);

    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    await page.keyboard.press('F7');
    const receipt = receiptNumberText(sale.receiptNumber, null);
    await page.getByRole('button', { name: `${words.details} ${receipt}` }).click();
    const dialog = page.getByRole('dialog', { name: words.details });
    await dialog.getByRole('button', { name: words.show }).click();
    const form = dialog.getByRole('form', { name: words.pin });
    await expect(form).toContainText(words.why);
    expect(await axeViolations(page), `the PIN asked (${language})`).toEqual([]);
    await form.getByLabel(words.pin, { exact: true }).fill('1111');
    await form.getByRole('button', { name: words.show }).click();
    await expect(form.getByRole('alert')).toContainText(words.wrong);
    await expect(dialog.getByRole('img', { name: words.qr })).toHaveCount(0);

    await form.getByLabel(words.pin, { exact: true }).fill(MANAGER_PIN);
    await form.getByRole('button', { name: words.show }).click();
    await expect(dialog.getByRole('img', { name: words.qr })).toBeVisible();
    // The same PIN sends them to the customer's screen.
    await dialog.getByRole('button', { name: words.customer }).click();
    await expect(display.getByRole('img', { name: /QR/ })).toBeVisible();
    expect(await axeViolations(page), `the codes shown (${language})`).toEqual([]);
  });
}
