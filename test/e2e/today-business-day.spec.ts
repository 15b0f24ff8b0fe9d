import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { BusinessDayPeriod, TillView } from '../../shared/domain/shift';
import { expect, test } from './counter-fixture';
import { seedFailedSales } from './seeded-sales';
import { managerApproval } from './staff';

/**
 * A shop open past midnight: Today is the shop's business day, not the calendar's. At 01:xx on the
 * shop's clock, with the day ending at 04:00, the evening's sales are still today's, and the day field
 * holds the evening's date.
 */

const HOUR_MS = 3_600_000;

/** The whole-hour zone whose clock reads 01:xx now (Etc/GMT-N is N hours ahead of UTC). */
function zoneAtOneInTheMorning(): string {
  const ahead = (((1 - new Date().getUTCHours()) % 24) + 24) % 24;
  const offset = ahead > 14 ? ahead - 24 : ahead;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const ZONE = zoneAtOneInTheMorning();
// The page reads the same clock as the shop: the calendar's today and the business day differ.
test.use({ timezoneId: ZONE });

test('at one in the morning, Today holds the evening’s sales until the cut-off, on the evening’s day', async ({
  page,
  counter,
}) => {
  const approval = await managerApproval(counter);
  await counter.api('updateEndOfDaySettings', { patch: { timeZone: ZONE, dayCutOff: '04:00' }, approval });
  const now = Date.now();
  seedFailedSales(counter.dataDir, [
    // 02:xx the morning before: before that day's cut-off, so the business day before it.
    { at: now - 23 * HOUR_MS, packageName: 'Before yesterday’s cut-off' },
    // 22:xx the evening before: today's business day, yesterday on the calendar.
    { at: now - 3 * HOUR_MS, packageName: 'Late evening' },
  ]);
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  await counter.api('sell', { packageCode: packages[0]?.code, tender: { method: 'card' } });
  const till = await counter.api<TillView>('getTill');
  const calendarToday = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
  expect(till.businessDay < calendarToday).toBe(true);

  await counter.open(page);
  await page.keyboard.press('F7');
  const sales = page.getByRole('table', { name: "Today's sales" });
  const dayField = page.getByLabel('Day', { exact: true });
  await expect(sales.getByText('Late evening')).toBeVisible();
  await expect(sales.getByText(packages[0]!.name)).toBeVisible();
  await expect(sales.getByText('Before yesterday’s cut-off')).toHaveCount(0);
  await expect(page.locator('.totals')).toContainText('1 sale completed');
  await expect(dayField).toHaveValue(till.businessDay);
  await expect(dayField).toHaveAttribute('max', till.businessDay);
  // Yesterday's date at one in the morning: the day's hours beside it say why.
  await expect(dayField).toHaveAccessibleDescription(/, from 4:00\sAM to 4:00\sAM the next day$/);
  await page.keyboard.press('F9');
  await expect(page.getByLabel('اليوم', { exact: true })).toHaveAccessibleDescription(
    /، من 4:00\sص حتى 4:00\sص من اليوم التالي$/,
  );
  await page.keyboard.press('F9');

  // The business day before: the sale of the morning before, and none of tonight's.
  const dayBefore = new Date(`${till.businessDay}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  await dayField.fill(dayBefore.toISOString().slice(0, 10));
  await expect(sales.getByText('Before yesterday’s cut-off')).toBeVisible();
  await expect(sales.getByText('Late evening')).toHaveCount(0);
  await expect(page.locator('.totals')).toContainText('0 sales completed');
});

test('Today left open turns to the next business day once the one shown has ended', async ({
  page,
  counter,
}) => {
  const approval = await managerApproval(counter);
  // Hours pass on the page's clock below with nobody at the counter: the idle lock stays out of it.
  await counter.api('updateSettings', { pin: approval.pin, patch: { lockAfterMinutes: 0 } });
  await counter.api('updateEndOfDaySettings', { patch: { timeZone: ZONE, dayCutOff: '04:00' }, approval });
  seedFailedSales(counter.dataDir, [{ at: Date.now() - 3 * HOUR_MS, packageName: 'Late evening' }]);
  const evening = await counter.api<BusinessDayPeriod>('getBusinessDay', {});

  await page.clock.install();
  await counter.open(page);
  await page.keyboard.press('F7');
  const sales = page.getByRole('table', { name: "Today's sales" });
  const dayField = page.getByLabel('Day', { exact: true });
  await expect(sales.getByText('Late evening')).toBeVisible();
  await expect(dayField).toHaveValue(evening.day);

  // The core's clock is the host's and a test cannot move it: the cut-off moved to 01:00 turns the
  // core's business day as the hours to 04:00 would. Today does not ask by itself before the day it
  // shows has ended on the page's clock.
  await counter.api('updateEndOfDaySettings', { patch: { dayCutOff: '01:00' }, approval });
  const morning = await counter.api<BusinessDayPeriod>('getBusinessDay', {});
  expect(morning.day > evening.day).toBe(true);
  await page.clock.fastForward('05:00');
  await expect(dayField).toHaveValue(evening.day);
  await expect(sales.getByText('Late evening')).toBeVisible();

  await page.clock.fastForward(Date.parse(evening.to) - Date.now() + 60_000);
  await expect(dayField).toHaveValue(morning.day);
  await expect(dayField).toHaveAttribute('max', morning.day);
  await expect(dayField).toHaveAccessibleDescription(/, from 1:00\sAM to 1:00\sAM the next day$/);
  await expect(sales.getByText('Late evening')).toHaveCount(0);
  await expect(page.locator('.totals')).toContainText('0 sales completed');
});
