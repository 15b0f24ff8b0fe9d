import type { TillView } from '../../shared/domain/shift';
import { expect, test } from './counter-fixture';
import { ALICE_PIN, hireAlice, MANAGER_PIN } from './staff';

// Two windows of one counter: what the manager sets up in one, the other shows at once, without a
// reload (the core tells every window).

test.use({ bypassCSP: true });

test('choosing the manager PIN and saving a checklist step show in the other window at once', async ({
  page,
  context,
  counter,
}) => {
  await counter.open(page);
  const other = await context.newPage();
  await counter.open(other);

  const reminder = other.getByRole('complementary', { name: 'First start' });
  await expect(reminder).toContainText('6 steps left');
  await expect(other.getByText('No manager PIN yet')).toBeVisible();

  await page
    .getByRole('complementary', { name: 'First start' })
    .getByRole('button', { name: 'Continue setup' })
    .click();
  const checklist = page.getByRole('region', { name: 'First start' });
  const choose = checklist.getByRole('form', { name: 'Choose the manager PIN' });
  await choose.getByLabel('New manager PIN').fill(MANAGER_PIN);
  await choose.getByLabel('Repeat the PIN').fill(MANAGER_PIN);
  await choose.getByRole('button', { name: 'Save PIN' }).click();

  // The other window follows the PIN: its reminder counts one step fewer and the warning is gone.
  await expect(reminder).toContainText('5 steps left');
  await expect(other.getByText('No manager PIN yet')).toBeHidden();

  // And the checklist's next step, saved in the first window.
  const shop = checklist.getByRole('form', { name: 'Shop name and receipt header' });
  await shop.getByLabel('Shop name').fill('Baghdad Mobile Corner');
  await shop.getByRole('button', { name: 'Save and continue' }).click();
  await expect(checklist.getByRole('form', { name: 'Default markup' })).toBeVisible();
  await expect(reminder).toContainText('4 steps left');
});

test("a till read before a sign-in, arriving after the sign-in's event, does not undo it", async ({
  page,
  counter,
}) => {
  const alice = await hireAlice(counter);
  const bar = page.getByRole('status', { name: 'Cashier' });
  let answeredCashier: string | null | undefined;
  // The window's first read of the till is held on its way until Alice, signed in meanwhile (through
  // the core's API, as at another window), has reached this window by the core's event: the older
  // answer then arrives second.
  let held = false;
  await page.route('**/api/getTill', async (route) => {
    if (held) return route.continue();
    held = true;
    const response = await route.fetch();
    answeredCashier = ((await response.json()) as { value: TillView }).value.cashier?.name ?? null;
    await counter.api('signIn', { cashierId: alice, pin: ALICE_PIN });
    await expect(bar).toContainText('Alice');
    await route.fulfill({ response });
  });
  const heldAnswer = page.waitForEvent('requestfinished', (request) =>
    request.url().endsWith('/api/getTill'),
  );
  await counter.open(page);
  await heldAnswer;
  expect(answeredCashier, 'the cashier in the held answer').toBeNull();
  // The held answer has been handed to the window's code: give it a turn to apply it (or not).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  await expect(bar).toContainText('Alice');
  await expect(bar).not.toContainText('No cashier signed in');
});
