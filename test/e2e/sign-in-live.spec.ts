import type { Page } from '@playwright/test';
import type { TillView } from '../../shared/domain/shift';
import type { Result } from '../../shared/errors';
import { axeViolations } from './axe';
import { expect, test } from './support/web-host';

// A live counter acts only with someone signed in (shared/pos-access.ts). With nobody signed in, each
// screen that would meet a refusal asks for the sign-in in its place, in English and in Arabic, and
// shows itself once someone has signed in.

test.use({ live: true, bypassCSP: true });
// Three axe runs on a loaded machine take longer than one test's usual minute.
test.setTimeout(120_000);

const MANAGER_PIN = '2468';
const ALICE_PIN = '1357';

const WHY = {
  en: 'This counter is live: it sells, tops up and shows its records only with someone signed in.',
  ar: 'نقطة البيع هذه تعمل فعليًا: لا تبيع ولا تعبّئ ولا تعرض سجلاتها إلا مع شخص مسجّل الدخول.',
} as const;

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await axeViolations(page), where).toEqual([]);
}

test('each screen of a live counter asks for a sign-in first, in English and Arabic, then works', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.getByRole('status', { name: 'Balance' }).getByText(/\d/)).toBeVisible();
  for (const [key, title] of [
    ['F2', 'Sell an eSIM'],
    ['F3', 'Top up an eSIM'],
    ['F4', 'Pending and in-doubt sales'],
    ['F7', "Today's sales"],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
    await expect(page.getByRole('main')).toContainText(WHY.en);
    await expect(page.getByRole('main').getByRole('form', { name: 'Sign in' })).toBeVisible();
    // The same card on every screen: axe reads it once.
    if (key === 'F2') await expectAccessible(page, `${title} (en)`);
  }
  // The Shift screen shows no shifts, reports or tools to nobody: only the sign-in.
  await page.keyboard.press('F6');
  await expect(page.getByRole('main')).toContainText(WHY.en);
  await expect(page.getByText('Manager tools')).toHaveCount(0);
  await expectAccessible(page, 'Shift (en)');

  await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('F2');
  await expect(page.getByRole('main')).toContainText(WHY.ar);
  await expect(page.getByRole('main').getByRole('form', { name: 'تسجيل الدخول' })).toBeVisible();
  await expectAccessible(page, 'Sell (ar)');
  await page.keyboard.press('F9');

  // The manager chooses the PIN and hires Alice; she signs in on the Sell screen and sells.
  unwrap(await host.api('setManagerPin', { pin: MANAGER_PIN }));
  const till = unwrap(await host.api<TillView>('getTill'));
  const managerId = till.cashiers.find((cashier) => cashier.usesManagerPin)?.id ?? '';
  unwrap(
    await host.api('addCashier', {
      name: 'Alice',
      role: 'cashier',
      pin: ALICE_PIN,
      approval: { managerId, pin: MANAGER_PIN },
    }),
  );
  const form = page.getByRole('main').getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Who').selectOption({ label: 'Alice' });
  await form.getByLabel('PIN').fill('0000');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toContainText("That is not Alice's PIN.");
  await form.getByLabel('PIN').fill(ALICE_PIN);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('combobox', { name: 'Search destinations' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Cashier' })).toContainText('Alice');

  // Signed out again, the screens ask again.
  unwrap(await host.api('signOut'));
  await expect(page.getByRole('main')).toContainText(WHY.en);
  await page.keyboard.press('F7');
  await expect(page.getByRole('main').getByRole('form', { name: 'Sign in' })).toBeVisible();
});
