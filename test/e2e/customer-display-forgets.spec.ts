import type { Page } from '@playwright/test';
import type { CustomerDisplay } from '../../shared/domain/customer-display';
import type { Result } from '../../shared/errors';
import { axeViolations } from './axe';
import { confirmStep, QR_NAME, sellAtCounter, unwrap } from './customer-display-page';
import { expect, test } from './support/web-host';

// The screen facing the customer forgets each sale as soon as the cashier leaves it: no QR code or
// activation code of one customer is ever in front of the next.

// axe is put into the page by a script tag, which the counter's CSP would refuse.
test.use({ bypassCSP: true });
// Four sales through the screen in one test.
test.setTimeout(180_000);

const WELCOME = { en: 'Welcome', ar: 'أهلًا وسهلًا' } as const;
const TO_PAY = { en: 'Amount to pay', ar: 'المبلغ المطلوب' } as const;

/** Sells through the counter and waits for the QR code on the customer's screen; returns its code. */
async function sellAndShow(
  counter: Page,
  display: Page,
  host: { api<T>(method: string, input?: unknown): Promise<Result<T>> },
  language: 'en' | 'ar' = 'en',
): Promise<string> {
  await sellAtCounter(counter, 'France');
  await expect(display.getByRole('img', { name: QR_NAME[language] })).toBeVisible();
  const view = unwrap(await host.api<CustomerDisplay>('getCustomerDisplay'));
  const code = view.sale?.esims[0]?.activationCode;
  if (!code) throw new Error('the display shows no eSIM');
  await expect(display.getByText(code)).toBeVisible();
  return code;
}

async function expectForgotten(display: Page, code: string, language: 'en' | 'ar' = 'en'): Promise<void> {
  await expect(display.getByRole('img', { name: QR_NAME[language] })).toHaveCount(0);
  await expect(display.getByText(code)).toHaveCount(0);
}

test('forgets the sale when the counter reloads, on F2 and F3, and asks the next customer to pay', async ({
  page: counter,
  context,
  host,
}) => {
  const display = await context.newPage();
  await display.goto(host.customerUrl);
  await counter.goto(host.url);

  let code = await sellAndShow(counter, display, host);
  await counter.reload();
  await expect(display.getByRole('heading', { name: WELCOME.en })).toBeVisible();
  await expectForgotten(display, code);
  // The core forgot it too: a display opened now shows nothing of it.
  expect(unwrap(await host.api<CustomerDisplay>('getCustomerDisplay')).sale).toBeNull();

  code = await sellAndShow(counter, display, host);
  await counter.keyboard.press('F3');
  await expect(counter.getByRole('tab', { name: /Top-up/ })).toHaveAttribute('aria-selected', 'true');
  await expectForgotten(display, code);

  await counter.keyboard.press('F2');
  await counter.getByRole('button', { name: 'New sale' }).click();
  code = await sellAndShow(counter, display, host);
  await counter.keyboard.press('F2');
  await expectForgotten(display, code);

  // The next customer's package, chosen and confirmed: the amount to pay, never the last QR code.
  await counter.getByRole('button', { name: 'New sale' }).click();
  code = await sellAndShow(counter, display, host);
  await counter.keyboard.press('Escape');
  await confirmStep(counter, 'Turkey');
  await expect(display.getByRole('heading', { name: TO_PAY.en })).toBeVisible();
  await expectForgotten(display, code);
  const charge = await counter.locator('dialog[open] .charge').textContent();
  await expect(display.locator('.amount-due')).toHaveText(charge?.trim() ?? '');
  expect(await axeViolations(display)).toEqual([]);
  // The cashier steps back from the confirm step: the amount leaves too.
  await counter.getByRole('button', { name: 'Cancel' }).click();
  await expect(display.getByRole('heading', { name: WELCOME.en })).toBeVisible();
});

test('in Arabic: the amount to pay during the confirm step, and the QR code gone after two idle minutes', async ({
  page: counter,
  context,
  host,
}) => {
  const display = await context.newPage();
  // The display's own clock: moved past two minutes instead of waiting for them.
  await display.clock.install();
  await display.goto(host.customerUrl);
  await counter.goto(host.url);
  await counter
    .getByRole('group', { name: 'Customer’s language' })
    .getByRole('button', { name: 'العربية' })
    .click();
  await expect(display.locator('html')).toHaveAttribute('dir', 'rtl');

  await confirmStep(counter, 'France');
  await expect(display.getByRole('heading', { name: TO_PAY.ar })).toBeVisible();
  expect(await axeViolations(display)).toEqual([]);
  await counter.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(counter.getByRole('region', { name: 'Sale complete' })).toBeVisible({ timeout: 20_000 });
  await expect(display.getByRole('img', { name: QR_NAME.ar })).toBeVisible();
  const code = unwrap(await host.api<CustomerDisplay>('getCustomerDisplay')).sale?.esims[0]?.activationCode;
  if (!code) throw new Error('the display shows no eSIM');

  await display.clock.fastForward(100_000);
  await expect(display.getByRole('img', { name: QR_NAME.ar })).toBeVisible();
  await display.clock.fastForward(21_000);
  await expect(display.getByRole('heading', { name: WELCOME.ar })).toBeVisible();
  await expectForgotten(display, code, 'ar');
  expect(await axeViolations(display)).toEqual([]);
});
