import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { migrateLedger } from '../../electron/core/shop/ledger-schema';
import type { Status } from '../../shared/domain/status';
import { type PostgresServer, startPostgres } from '../support/postgres';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';

// A manager joins the counter to its shop's ledger in Settings; the status bar then tells where the
// counter's records stand, in English and Arabic, while the ledger's server is up, down and back.

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

let server: PostgresServer;
const owner = { user: 'shop_owner', password: 'owner-password-1' };
let database = '';

test.beforeAll(async () => {
  server = await startPostgres();
  await server.createRole(owner.user, owner.password, { createRole: true });
  database = await server.createDatabase('e2e_shop', owner.user);
});

test.afterAll(async () => {
  await server?.close();
});

/** Settings, unlocked with a new manager PIN: its shop ledger form. */
async function ledgerForm(page: Page): Promise<Locator> {
  await page.keyboard.press('F8');
  await page.getByLabel('New manager PIN').fill('2468');
  await page.getByLabel('Repeat the PIN').fill('2468');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  return page.getByRole('form', { name: 'Shop ledger' });
}

/** Fills the form to join the shop Main street in `database`, as the ledger owner with `password`. */
async function fillJoin(
  form: Locator,
  join: { database: string; password: string; counterName: string; counterCode: string },
): Promise<void> {
  await form.getByLabel('Ledger address').fill(`postgres://127.0.0.1:${server.port}/${join.database}`);
  await form.getByLabel("Ledger owner's name").fill(owner.user);
  await form.getByLabel("Ledger owner's password").fill(join.password);
  await form.getByLabel('Shop', { exact: true }).fill('Main street');
  await form.getByLabel('Counter name').fill(join.counterName);
  await form.getByLabel('Counter code').fill(join.counterCode);
}

test('a manager joins the shop ledger; the status bar says up to date, then not synced while it is down, in both languages', async ({
  page,
  counter,
}) => {
  test.setTimeout(180_000);
  await counter.open(page);
  const form = await ledgerForm(page);
  await expect(form).toContainText('This counter works on its own: it has joined no shop ledger.');
  await fillJoin(form, {
    database,
    password: 'not-the-password',
    counterName: 'Front desk',
    counterCode: '2',
  });
  await form.getByRole('button', { name: 'Join the shop ledger' }).click();
  // A wrong owner password: refused, the form kept as typed, the password field marked.
  await expect(page.getByRole('alert')).toContainText('The shop ledger refused the login.');
  await expect(form.getByLabel("Ledger owner's password")).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Counter name')).toHaveValue('Front desk');

  await form.getByLabel("Ledger owner's password").fill(owner.password);
  await form.getByRole('button', { name: 'Join the shop ledger' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Joined the shop ledger' })).toBeVisible();
  await expect(form).toContainText('Joined the shop Main street as counter 2 (Front desk).');
  await expect(form.getByLabel("Ledger owner's password")).toHaveValue('');
  const bar = page.getByRole('banner');
  await expect(bar.getByText('Shop ledger: up to date')).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page), 'settings, joined (en)').toEqual([]);

  // The ledger holds the counter's records, under its code.
  const client = new pg.Client(server.superuser(database));
  await client.connect();
  const held = await client.query(
    'SELECT c.code, count(l.seq)::int AS links FROM ledger.counters c JOIN ledger.links l ON l.counter_id = c.id GROUP BY c.code',
  );
  await client.end();
  expect(held.rows).toEqual([{ code: '2', links: expect.any(Number) }]);

  await page.keyboard.press('F9');
  await expect(bar.getByText('دفتر المتجر: محدَّث')).toBeVisible();
  expect(await axeViolations(page), 'settings, joined (ar)').toEqual([]);
  await page.keyboard.press('F9');

  // The ledger's server goes down: the counter works on, and says since when and how much waits.
  await server.stop();
  // A record written meanwhile (a settings change is one): it waits in the journal's chain.
  await counter.api('updateSettings', { pin: '2468', patch: { receiptFooter: 'Thank you' } });
  await expect(bar.getByText(/^Shop ledger: not synced since .+ \(\d+ records? waiting\)$/)).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('F9');
  await expect(bar.getByText(/^دفتر المتجر: لم يُزامَن منذ /)).toBeVisible();
  expect(await axeViolations(page), 'status bar, not synced (ar)').toEqual([]);
  await page.keyboard.press('F9');
  expect(await axeViolations(page), 'status bar, not synced (en)').toEqual([]);

  // Back: what waited is sent without anyone asking.
  await server.start();
  await expect(bar.getByText('Shop ledger: up to date')).toBeVisible({ timeout: 60_000 });
});

test("a join's answer that comes in after the event saying the counter is up to date does not undo it", async ({
  page,
  counter,
}) => {
  // A shop whose ledger exists already (its first counter joined): this counter is its second.
  const existing = await server.createDatabase('e2e_shop_existing', owner.user);
  const ownerClient = new pg.Client({
    ...server.superuser(existing),
    user: owner.user,
    password: owner.password,
  });
  await ownerClient.connect();
  await migrateLedger(ownerClient);
  await ownerClient.end();
  // The counter's first push waits on this lock, so the join answers while it is still connecting.
  const lock = new pg.Client(server.superuser(existing));
  await lock.connect();
  await lock.query('BEGIN');
  await lock.query('LOCK TABLE ledger.links IN SHARE MODE');

  await counter.open(page);
  const form = await ledgerForm(page);
  await fillJoin(form, {
    database: existing,
    password: owner.password,
    counterName: 'Side desk',
    counterCode: '3',
  });

  const bar = page.getByRole('banner');
  let answeredState: string | null = null;
  // The join's answer is held on its way to the window until the push it started has gone through
  // and the core's event has said so: the answer then arrives second, as on a busy machine.
  await page.route('**/api/joinShopLedger', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { value: Status };
    answeredState = answer.value.shopLedger.state;
    await lock.query('COMMIT');
    await expect(bar.getByText('Shop ledger: up to date')).toBeVisible({ timeout: 30_000 });
    await route.fulfill({ response });
  });
  await form.getByRole('button', { name: 'Join the shop ledger' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Joined the shop ledger' })).toBeVisible();
  expect(answeredState, "the held answer's shop ledger state").toBe('connecting');
  await expect(bar.getByText('Shop ledger: up to date')).toBeVisible();
  await expect(bar.getByText('Shop ledger: connecting…')).toHaveCount(0);
  await lock.end();
});
