import type { Page } from '@playwright/test';
import type { CustomerDisplay } from '../../shared/domain/customer-display';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import { QR_NAME, sellAtCounter, unwrap } from './customer-display-page';
import { decodeQr } from './qr';
import { expect, test } from './support/web-host';

// The counter and its customer display, each a page of the same web host, as a shop runs them in a
// browser: the cashier sells at the counter, the customer reads the screen facing them.

interface PrintedReceipt {
  readonly pageRule: string;
  readonly lang: string;
  readonly text: string;
}

// Runs in every frame (the node project has no DOM types, hence a script): in the receipt's frame
// it stands in for the browser's print dialog and keeps, on the counter's page, what it was asked
// to print.
const RECORD_PRINTS = `if (window !== window.top) {
  window.print = () => {
    const top = window.top;
    top.printed = top.printed || [];
    top.printed.push({
      pageRule: document.querySelector('style[data-receipt-page]')?.textContent ?? '',
      lang: document.documentElement.lang,
      text: document.body.textContent ?? '',
    });
  };
}`;

function printed(counter: Page): Promise<PrintedReceipt[]> {
  return counter.evaluate<PrintedReceipt[]>('window.printed ?? []');
}

test('shows the idle screen, then the QR code of the sale made at the counter within a second', async ({
  page: counter,
  context,
  host,
}) => {
  const display = await context.newPage();
  await display.goto(host.customerUrl);
  await expect(display.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(display.getByRole('img', { name: QR_NAME.en })).toHaveCount(0);

  await counter.goto(host.url);
  await sellAtCounter(counter, 'France');
  // From the moment the counter shows the sale complete, the customer's screen has one second.
  const qr = display.getByRole('img', { name: QR_NAME.en });
  await expect(qr).toBeVisible({ timeout: 1000 });

  // Lists show summaries; the sale's eSIMs come from the audited hand-over.
  const { sales } = unwrap(await host.api<{ sales: SaleSummary[] }>('listSales', { limit: 1 }));
  const sale = unwrap(await host.api<Sale>('getSaleForHandOver', { id: sales[0]?.id ?? '' }));
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  expect(await decodeQr(qr)).toBe(sale.esims[0]!.lpa);
  await expect(display.getByRole('heading', { name: 'Your eSIM is ready' })).toBeVisible();
  await expect(display.getByText(sale.esims[0]!.activationCode)).toBeVisible();

  // The cashier moves on: the QR code leaves the customer's screen before the next customer.
  await counter.getByRole('button', { name: 'New sale' }).click();
  await expect(display.getByRole('heading', { name: 'Welcome' })).toBeVisible({ timeout: 1000 });
  await expect(qr).toHaveCount(0);
});

test('speaks the customer’s language chosen at the counter: Arabic turns the display right to left', async ({
  page: counter,
  context,
  host,
}) => {
  const display = await context.newPage();
  await display.goto(host.customerUrl);
  await expect(display.locator('html')).toHaveAttribute('dir', 'ltr');

  await counter.goto(host.url);
  const choice = counter.getByRole('group', { name: 'Customer’s language' });
  await choice.getByRole('button', { name: 'العربية' }).click();
  await expect(choice.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');
  await expect(display.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 1000 });
  await expect(display.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(display.getByRole('heading', { name: 'أهلًا وسهلًا' })).toBeVisible();
  // The counter itself stays in the cashier's language.
  await expect(counter.locator('html')).toHaveAttribute('dir', 'ltr');

  await sellAtCounter(counter, 'France');
  const qr = display.getByRole('img', { name: QR_NAME.ar });
  await expect(qr).toBeVisible({ timeout: 1000 });
  const view = unwrap(await host.api<CustomerDisplay>('getCustomerDisplay'));
  expect(await decodeQr(qr)).toBe(view.sale?.esims[0]?.lpa);

  // A display opened now reads the same state: Arabic, showing the sale.
  const late = await context.newPage();
  await late.goto(host.customerUrl);
  await expect(late.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(late.getByRole('img', { name: QR_NAME.ar })).toBeVisible();
});

test('prints the receipt with the browser, in the customer’s language, on a page sized to the roll', async ({
  page: counter,
  host,
}) => {
  await counter.addInitScript(RECORD_PRINTS);
  await counter.goto(host.url);
  await counter
    .getByRole('group', { name: 'Customer’s language' })
    .getByRole('button', { name: 'العربية' })
    .click();
  await sellAtCounter(counter, 'France');
  // Auto print is off by default: nothing printed until the cashier asks.
  expect(await printed(counter)).toEqual([]);
  await counter.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(async () => (await printed(counter)).length).toBe(1);
  const [receipt] = await printed(counter);
  // Settings' default roll is 80 mm; the height is the receipt's own, measured.
  expect(receipt?.pageRule).toMatch(/^@page \{ size: 80mm \d+px; margin: 0; \}$/);
  expect(receipt?.lang).toBe('ar');
  expect(receipt?.text).toContain('طريقة التثبيت');
});

test('prints each sale’s receipt by itself when Settings ask for it', async ({ page: counter, host }) => {
  unwrap(await host.api('setManagerPin', { pin: '4321' }));
  unwrap(await host.api('updateSettings', { pin: '4321', patch: { autoPrint: true, paperWidthMm: 58 } }));
  await counter.addInitScript(RECORD_PRINTS);
  await counter.goto(host.url);
  await sellAtCounter(counter, 'France');
  await expect.poll(async () => (await printed(counter)).length).toBe(1);
  const [receipt] = await printed(counter);
  expect(receipt?.pageRule).toMatch(/^@page \{ size: 58mm \d+px; margin: 0; \}$/);
  expect(receipt?.lang).toBe('en');
  expect(receipt?.text).not.toContain('COPY');
});
