import type { Page } from '@playwright/test';
import { expect, test } from './counter-fixture';

// A new counter's first catalogue sync, watched by the cashier: its progress while it is slow, and
// why it failed and when it is tried again when the provider fails it. Never "no package for this
// search" while there is no catalogue to search.

test.use({ firstSync: true });

const PACKAGES = 'GET /esims/packages';

async function searchTurkey(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Search destinations' }).fill('Turkey');
}

test('a slow first sync shows the packages so far and the time it should still take', async ({
  page,
  counter,
}) => {
  await counter.sim.setFaults({ latencyMs: 1_500, paths: [PACKAGES] });
  await page.goto(counter.url);
  await expect(page.getByRole('status').filter({ hasText: 'Fetching the catalogue' })).toHaveText(
    /^Fetching the catalogue: [\d,]+ of [\d,]+ packages so far, about [\d,]+ seconds? left\. Searches work as soon as it arrives\.$/,
  );
  await searchTurkey(page);
  await expect(page.getByText('No package for this search')).toHaveCount(0);

  await counter.sim.setFaults({ latencyMs: 0 });
  await expect(page.getByText(/^Catalogue synced/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('listbox', { name: 'Packages' }).getByRole('option').first()).toBeVisible();
});

test('a failed first sync says why and when the counter tries again, and Sync catalogue gets it', async ({
  page,
  counter,
}) => {
  await counter.sim.setFaults({ failRate: 1, paths: [PACKAGES] });
  await page.goto(counter.url);
  const failed = page.getByRole('status').filter({ hasText: 'could not be fetched' });
  await expect(failed).toContainText('The catalogue could not be fetched from the provider:', {
    timeout: 30_000,
  });
  await expect(failed.getByRole('alert')).toContainText(/\S/);
  await expect(failed).toContainText(
    /The counter tries again by itself at \d{1,2}:\d{2}:\d{2}\s?[AP]M, or press Sync catalogue\./,
  );
  await searchTurkey(page);
  await expect(page.getByText('No package for this search')).toHaveCount(0);

  await counter.sim.setFaults({ failRate: 0 });
  await page.getByRole('button', { name: 'Sync catalogue' }).click();
  await expect(page.getByText(/^Catalogue synced/)).toBeVisible({ timeout: 30_000 });
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('listbox', { name: 'Packages' }).getByRole('option').first()).toBeVisible();
});
