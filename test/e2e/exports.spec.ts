import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { CountResult, TillView } from '../../shared/domain/shift';
import { unzipped } from '../support/unzip';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';

/**
 * A previous day is one pick away on Today and on the Shift screen, and a Z leaves the counter as
 * one ZIP of CSV files and the month as the accountant's ZIP, through the browser's downloads, each with the
 * journal's check said on the screen.
 */

// axe is injected as a script of its own, which the counter's CSP refuses.
test.use({ bypassCSP: true });

const MANAGER_PIN = '2468';

test('a Z exported as CSV, the month as a pack, and a previous day picked', async ({ page, counter }) => {
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  const till = await counter.api<TillView>('getTill');
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin)!;
  await counter.api('signIn', { cashierId: manager.id, pin: MANAGER_PIN });
  await counter.api('openShift', { floats: [{ currency: 'USD', amount: 10_000 }] });
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const pkg = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0]!;
  await counter.api('sell', { packageCode: pkg.code, quantity: 1, tender: { method: 'card' } });
  const { countId } = await counter.api<CountResult>('countDrawer', {
    counts: [{ currency: 'USD', amount: 10_000 }],
  });
  await counter.api('closeShift', { countId });

  await counter.open(page);
  // Today, then the day before: the sale is on today's list only.
  await page.keyboard.press('F7');
  const sales = page.getByRole('table', { name: "Today's sales" });
  await expect(sales.getByRole('row')).toHaveCount(2);
  const dayField = page.getByLabel('Day', { exact: true });
  const today = await dayField.inputValue();
  const yesterday = new Date(`${today}T12:00:00`);
  yesterday.setDate(yesterday.getDate() - 1);
  const previous = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
  await dayField.fill(previous);
  await expect(sales).toHaveCount(0);
  await dayField.fill(today);
  await expect(sales.getByRole('row')).toHaveCount(2);

  // The Shift screen: the Z of the business day, exported as its CSV files and the journal's check.
  await page.keyboard.press('F6');
  await page
    .getByRole('region', { name: 'Recent shifts' })
    .getByLabel('Business day', { exact: true })
    .fill(till.businessDay);
  // One click, one download: a ZIP of the Z's CSV files that the system's unzip reads.
  const downloads: string[] = [];
  page.on('download', (each) => downloads.push(each.suggestedFilename()));
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Z-000001 as CSV' }).click();
  const archive = await exported;
  expect(archive.suggestedFilename()).toMatch(/-Z-000001-csv\.zip$/);
  const files = [...unzipped(readFileSync(await archive.path()))].map(([name, data]) => ({
    name,
    text: data.toString('utf8'),
  }));
  const recent = page.getByRole('region', { name: 'Recent shifts' });
  await expect(recent.getByRole('status')).toContainText('The journal holds, nothing changed');
  expect(downloads).toEqual([archive.suggestedFilename()]);
  const salesFile = files.find((each) => each.name.endsWith('Z-000001-sales.csv'));
  expect(salesFile?.text.startsWith('\uFEFFcounter,receipt,')).toBe(true);
  expect(salesFile?.text).toContain(pkg.code);
  expect(files.map((each) => each.name.replace(/^.*Z-000001-/, ''))).toEqual([
    'sales.csv',
    'topups.csv',
    'cancellations.csv',
    'cash-movements.csv',
    'counts.csv',
    'exceptions.csv',
    'reconciliation.csv',
    'reconciliation-exceptions.csv',
    'journal-check.csv',
  ]);

  const pack = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the pack' }).click();
  const zip = await pack;
  expect(zip.suggestedFilename()).toMatch(/-accountant-pack\.zip$/);
  const bytes = readFileSync(await zip.path());
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

  // The sale's package name changed behind the counter's back while it runs: the next export says
  // the journal is broken, and where, in English and in Arabic.
  const journal = new Database(join(counter.dataDir, 'journal.sqlite'));
  journal.prepare(`UPDATE sales SET package_name = 'Forged 50 GB'`).run();
  journal.close();
  await page.getByRole('button', { name: 'Export Z-000001 as CSV' }).click();
  await expect(recent.getByRole('alert')).toContainText(
    'THE JOURNAL IS BROKEN. First break, a changed row: the sale',
  );
  expect(await axeViolations(page), 'a broken journal said in English').toEqual([]);
  await page.keyboard.press('F9');
  await page.getByRole('button', { name: 'تصدير Z-000001 بصيغة CSV' }).click();
  await expect(page.getByRole('alert')).toContainText('السجل مكسور. أول كسر، صف تغيّر');
  expect(await axeViolations(page), 'a broken journal said in Arabic').toEqual([]);
});
