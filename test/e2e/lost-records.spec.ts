import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { ALICE_PIN, hireAlice, MANAGER_PIN } from './staff';

/**
 * A journal brought back (opened as it is after its write-ahead log was lost) while the provider lists
 * two orders of the time it lacks: the status bar says so; a manager sees both orders on the Shift
 * screen, in English and in Arabic (axe finds nothing), nothing is sent or booked, and once the manager
 * has said they have seen them the status bar stops saying it.
 */

test.use({ live: true, broughtBack: 2, bypassCSP: true });
// Two axe runs on a loaded machine take longer than one test's usual minute.
test.setTimeout(120_000);

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

test('a manager sees the orders a journal brought back lacks, then marks them seen', async ({
  page,
  counter,
}) => {
  await hireAlice(counter);
  const ordered = (await counter.sim.orders()).map((order) => order.reference);
  expect(ordered).toHaveLength(2);
  await page.goto(counter.url);
  await expect(page.getByRole('status').filter({ hasText: 'The journal was brought back' })).toHaveText(
    'The journal was brought back: 2 provider orders may be its lost records. A manager looks at them on the Shift screen.',
  );

  await page.keyboard.press('F6');
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByRole('combobox', { name: 'Who', exact: true }).selectOption({ label: 'Alice' });
  await signIn.getByLabel('PIN', { exact: true }).fill(ALICE_PIN);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();

  const lacking = page.getByRole('region', { name: 'Records the journal lacks' });
  await expect(lacking).toContainText('opened as it is');
  for (const reference of ordered) await expect(lacking.getByText(reference, { exact: true })).toBeVisible();
  await expect(lacking).toContainText('Nothing was sent again and nothing was booked.');
  await expectAccessible(page, 'Shift (en)');
  await page.keyboard.press('F9');
  const arabic = page.getByRole('region', { name: 'سجلات ينقصها السجل' });
  await expect(arabic).toContainText('فُتح السجل كما هو');
  await expect(page.getByRole('status').filter({ hasText: 'استُعيد السجل' })).toContainText('طلبان');
  await expectAccessible(page, 'Shift (ar)');
  await page.keyboard.press('F9');

  await lacking.getByLabel('Manager PIN').fill(MANAGER_PIN);
  await lacking.getByRole('button', { name: 'A manager has seen these' }).click();
  await expect(lacking).toContainText(/Seen by .+ on /);
  await expect(page.getByRole('status').filter({ hasText: 'The journal was brought back' })).toHaveCount(0);
  // Read, never sent or booked: the provider still holds the two orders alone, the journal no sale.
  expect(await counter.sim.orders()).toHaveLength(2);
  expect((await counter.api<{ sales: unknown[] }>('listSales')).sales).toHaveLength(0);
});
