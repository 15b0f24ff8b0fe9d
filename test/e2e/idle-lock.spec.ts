import type { Cashier } from '../../shared/domain/cashier';
import type { CustomerDisplay } from '../../shared/domain/customer-display';
import type { TillView } from '../../shared/domain/shift';
import type { Result } from '../../shared/errors';
import { axeViolations } from './axe';
import { sellFirstFound } from './counter-page';
import { destination } from './destinations';
import { expect, test } from './support/web-host';

// A live counter signs out from the cashier bar, by keyboard, and locks itself after the shop's idle
// time (the page's clock moved, never waited for): back to the sign-in, the QR codes off the counter's
// screen and the customer's, the core refusing work, and the sale still there after the next sign-in.

test.use({ live: true, bypassCSP: true });
// Two axe runs and a sale on a loaded machine take longer than one test's usual minute.
test.setTimeout(120_000);

const MANAGER_PIN = '2468';
const ALICE_PIN = '1357';

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

test('the counter locks after five idle minutes and signs out by keyboard, nothing of the sale lost', async ({
  page,
  host,
}) => {
  unwrap(await host.api('setManagerPin', { pin: MANAGER_PIN }));
  const manager = unwrap(await host.api<TillView>('getTill')).cashiers.find((each) => each.usesManagerPin);
  const alice = unwrap(
    await host.api<Cashier>('addCashier', {
      name: 'Alice',
      role: 'cashier',
      pin: ALICE_PIN,
      approval: { managerId: manager?.id, pin: MANAGER_PIN },
    }),
  );
  await page.clock.install();
  await page.goto(host.url);
  const signIn = async (name: string, pin: string, label = 'Sign in'): Promise<void> => {
    const form = page.getByRole('main').getByRole('form', { name: label });
    await form.getByRole('combobox').selectOption({ label: name });
    await form.getByLabel(label === 'Sign in' ? 'PIN' : 'الرمز السري', { exact: true }).fill(pin);
    await form.getByRole('button', { name: label, exact: true }).click();
  };
  await signIn('Alice', ALICE_PIN);
  const cashier = page.getByRole('status', { name: 'Cashier' });
  await expect(cashier).toContainText('Alice');

  // A sale completes: its QR code on the counter's screen and on the customer's.
  await sellFirstFound(page, destination('France'));
  const qr = page.getByRole('img', { name: 'eSIM QR code' });
  await expect(qr).toBeVisible({ timeout: 30_000 });
  const display = async (): Promise<CustomerDisplay> =>
    unwrap(await host.api<CustomerDisplay>('getCustomerDisplay'));
  expect((await display()).sale).not.toBeNull();

  // A key pressed before the five minutes are up keeps the counter open for five more.
  await page.clock.fastForward('04:50');
  await page.keyboard.press('Shift');
  await page.clock.fastForward('04:50');
  await expect(cashier).toContainText('Alice');
  await expect(qr).toBeVisible();

  // Five minutes with no key or click: the counter is back at the sign-in.
  await page.clock.fastForward('00:15');
  await expect(page.getByRole('main').getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(cashier).toContainText('No cashier signed in');
  await expect(qr).toHaveCount(0);
  // The customer's screen forgot the customer, and the core refuses work as after a sign-out.
  await expect.poll(async () => (await display()).sale).toBeNull();
  const refused = await host.api('listSales', {});
  expect(refused.ok ? null : refused.error.code).toBe('SIGN_IN_REQUIRED');
  expect(await axeViolations(page), 'locked, in English').toEqual([]);

  // Signed in again, the sale is still on the Sell screen as it was left.
  await signIn('Alice', ALICE_PIN);
  await expect(cashier).toContainText('Alice');
  await expect(page.getByRole('heading', { name: /Sale complete/ })).toBeVisible();

  // In Arabic, the sign-out is the next key after the cashier switch, and Enter signs out.
  await page.keyboard.press('F9');
  await page.getByRole('button', { name: 'تبديل الكاشير' }).focus();
  await page.keyboard.press('Tab');
  const signOut = page.getByRole('button', { name: 'تسجيل الخروج' });
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('form', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'الكاشير' })).toContainText('لم يسجّل أي كاشير دخوله');
  expect(await axeViolations(page), 'signed out, in Arabic').toEqual([]);
  const till = unwrap(await host.api<TillView>('getTill'));
  expect(till.cashier).toBeNull();
  expect(till.cashiers.map((each) => each.id)).toContain(alice.id);
});
