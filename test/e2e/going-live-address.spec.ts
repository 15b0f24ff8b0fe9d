import { seededAccounts } from '../../electron/simulator/accounts';
import { expect, test } from './counter-fixture';
import { MANAGER_PIN } from './staff';

test('a counter never configured starts the API address at https://, and saving without the rest of it marks the field', async ({
  page,
  counter,
}) => {
  const account = seededAccounts(1).find((a) => a.kind === 'business' && a.currency === 'USD');
  if (!account) throw new Error('no seeded business USD account');
  await counter.open(page);
  await page.keyboard.press('F8');
  await page.getByLabel('New manager PIN').fill(MANAGER_PIN);
  await page.getByLabel('Repeat the PIN').fill(MANAGER_PIN);
  await page.getByRole('button', { name: 'Save PIN' }).click();

  const form = page.getByRole('form', { name: 'API credentials' });
  const address = form.getByLabel('API base URL');
  await expect(address).toHaveValue('https://');
  await expect(address).toHaveAccessibleDescription(/then \/api\/v1\/business/);

  // Credentials without the provider's host: refused, the address marked, nothing typed lost.
  await form.getByLabel('Access code').fill(account.accessCode);
  await form.getByLabel('Secret key').fill(account.secretKey);
  await form.getByRole('button', { name: 'Save credentials' }).click();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('/api/v1/business');
  await expect(form.getByLabel('Secret key')).toHaveValue(account.secretKey);
  expect((await counter.api<{ mode: string }>('getStatus')).mode).toBe('training');
});
