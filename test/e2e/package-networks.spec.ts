import type { CataloguePackage } from '../../shared/domain/catalogue';
import { expect, test } from './counter-fixture';
import { fact } from './counter-page';
import { MANAGER_PIN } from './staff';

// A lean provider (docs/simulator.md, "Answer styles") lists packages by code and cost only: the
// counter says what it was not told rather than leave a fact blank.
test.use({ firstSync: true });

test('a package whose provider names no network says so in its facts, never a blank', async ({
  page,
  counter,
}) => {
  await counter.sim.setFaults({ answerStyle: 'lean' });
  await page.goto(counter.url);
  await expect(page.getByText(/^Catalogue synced/)).toBeVisible({ timeout: 30_000 });
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const unstated = packages.find((pkg) => pkg.networks.length === 0);
  if (!unstated) throw new Error('the lean catalogue names networks');

  // A quick pick puts it on the counter whatever its name.
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  await counter.api('updateSettings', { pin: MANAGER_PIN, patch: { pinnedPackageCodes: [unstated.code] } });
  await page.reload();
  await page.getByRole('region', { name: 'Quick picks' }).getByRole('button').first().click();
  const selected = page.getByRole('region', { name: 'Selected package' });
  await expect(fact(selected, 'Package code')).toHaveText(unstated.code);
  await expect(fact(selected, 'Networks')).toHaveText('Not stated by the provider');
  await expect(fact(selected, 'Validity starts')).not.toHaveText(/^\s*$|undefined/);
});
