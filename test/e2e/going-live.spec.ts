import { seededAccounts } from '../../electron/simulator/accounts';
import { expect, test } from './counter-fixture';

test('going live: the address sits with the credentials; Test connection tries exactly what is typed and names the server; a refused save keeps the form and marks the field', async ({
  page,
  counter,
}) => {
  // The training simulator is a provider like any other: its address and its business USD account (seed 1).
  const account = seededAccounts(1).find((a) => a.kind === 'business' && a.currency === 'USD');
  if (!account) throw new Error('no seeded business USD account');
  const server = counter.sim.apiBaseUrl;

  await counter.open(page);
  await page.keyboard.press('F8');
  await page.getByLabel('New manager PIN').fill('2468');
  await page.getByLabel('Repeat the PIN').fill('2468');
  await page.getByRole('button', { name: 'Save PIN' }).click();

  const form = page.getByRole('form', { name: 'API credentials' });
  const address = form.getByLabel('API base URL');
  await address.fill(server);
  await form.getByLabel('Access code').fill(account.accessCode);
  await form.getByLabel('Secret key').fill(account.secretKey);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toContainText(
    `Connected: ${server} answered.`,
  );

  // A wrong secret typed is what is tested (never the stored one): the provider refuses it.
  await form.getByLabel('Secret key').fill('0'.repeat(64));
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toHaveCount(0);

  // An address that may not carry signed requests: refused, nothing lost, the address marked.
  await address.fill('http://provider.example/api/v1/business');
  await form.getByLabel('Secret key').fill(account.secretKey);
  await form.getByRole('button', { name: 'Save credentials' }).click();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveValue('http://provider.example/api/v1/business');
  await expect(form.getByLabel('Access code')).toHaveValue(account.accessCode);
  await expect(form.getByLabel('Secret key')).toHaveValue(account.secretKey);
  await expect(form.getByLabel('Access code')).not.toHaveAttribute('aria-invalid', 'true');
});
