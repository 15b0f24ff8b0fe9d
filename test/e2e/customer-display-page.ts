import type { Page } from '@playwright/test';
import type { Result } from '../../shared/errors';
import { expect } from './support/web-host';

/** The counter and its customer display as their tests drive them. */

export const QR_NAME = {
  en: 'QR code to install your eSIM',
  ar: 'رمز QR لتثبيت شريحتك الإلكترونية',
} as const;

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Picks the first package found for a search and opens the confirm step, through the counter's screen. */
export async function confirmStep(counter: Page, search: string): Promise<void> {
  await counter.getByRole('combobox', { name: 'Search destinations' }).fill(search);
  await counter.getByRole('listbox', { name: 'Packages' }).getByRole('option').first().waitFor();
  await counter.getByRole('combobox', { name: 'Search destinations' }).press('Enter');
  await counter
    .getByRole('region', { name: 'Selected package' })
    .getByRole('button', { name: 'Sell' })
    .click();
  await expect(counter.getByRole('button', { name: 'Confirm sale' })).toBeVisible();
}

/** Sells the first package found for a search, through the counter's screen and keyboard. */
export async function sellAtCounter(counter: Page, search: string): Promise<void> {
  await confirmStep(counter, search);
  await counter.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(counter.getByRole('region', { name: 'Sale complete' })).toBeVisible({ timeout: 20_000 });
}
