import type { Locator, Page } from '@playwright/test';
import { answerStyleFromEnvironment } from '../../electron/simulator/options';
import type { Sale } from '../../shared/domain/sale';
import { formatMoney, money } from '../../shared/money';
import { expect, test } from './counter-fixture';
import { fact } from './counter-page';
import { localPackageCode, trainingPackage } from './destinations';
import { esimRecord } from './issued-esims';

/** Formats as the counter does, in the page itself: the browser's Intl data and time zone. */
function shownInPage(page: Page) {
  return {
    gigabytes: (mb: number): Promise<string> =>
      page.evaluate(
        (gb) =>
          new Intl.NumberFormat('en', { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 2 }).format(
            gb,
          ),
        mb / 1024,
      ),
    date: (at: number): Promise<string> =>
      page.evaluate((ms) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(ms), at),
    dateTime: (at: number): Promise<string> =>
      page.evaluate(
        (ms) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
        at,
      ),
  };
}

/** The style of this worker's provider: read in the test, once the worker has set it from its project. */
function providerStyle(): string {
  return answerStyleFromEnvironment() ?? 'tidy';
}

/**
 * What the counter shows for a fact of the eSIM the provider's answer may leave out: the fact itself
 * from a tidy provider, "not reported" from a lean one, either from an untidy one (which drops some).
 */
function stated(fact: string): string | RegExp {
  const style = providerStyle();
  if (style === 'lean') return 'not reported';
  if (style === 'tidy') return fact;
  return new RegExp(`^(${escapeRegExp(fact)}|not reported)$`);
}

/**
 * A fact of the top-up's result, shown only when the provider's answer states it: always by a tidy
 * provider, never by a lean one (its top-up result is the charge alone), when given by an untidy one,
 * which may also state it in part (`partly`: what the counter shows then).
 */
async function expectStated(shownFact: Locator, text: string, partly: readonly string[] = []): Promise<void> {
  const style = providerStyle();
  if (style === 'lean') return expect(shownFact).toHaveCount(0);
  if (style === 'untidy' && (await shownFact.count()) === 0) return;
  if (style === 'tidy') return expect(shownFact).toHaveText(text);
  await expect(shownFact).toHaveText(new RegExp(`^(${[text, ...partly].map(escapeRegExp).join('|')})$`));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "Data now" after a top-up, as the counter words it: what is left of the total, or, from an untidy
 * provider that states only one of the two, that one with the other "not reported" (never the total
 * passed off as all of it left).
 */
async function expectDataNow(
  page: Page,
  done: Locator,
  esim: { totalMb: number; usedMb: number },
): Promise<void> {
  const shown = shownInPage(page);
  const total = await shown.gigabytes(esim.totalMb);
  const left = await shown.gigabytes(esim.totalMb - esim.usedMb);
  await expectStated(fact(done, 'Data now'), `${left} left of ${total}`, [
    `${total} in all; what is left not reported`,
    `${left} left; the total not reported`,
  ]);
}

/** A barcode scanner is a keyboard: it types the digits, then Enter. */
async function scan(page: Page, iccid: string): Promise<void> {
  await expect(page.getByLabel('ICCID', { exact: true })).toBeFocused();
  await page.keyboard.type(iccid);
  await expect(page.getByText('Valid ICCID')).toBeVisible();
  await page.keyboard.press('Enter');
}

test('a whole top-up of a scanned ICCID by keyboard alone: the eSIM shown, topped up as the provider records it, a repeat asked for', async ({
  page,
  counter,
}, testInfo) => {
  await counter.open(page);
  const sale = await counter.api<Sale>('sell', { packageCode: localPackageCode('France') });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  const iccid = sale.esims[0]?.iccid ?? '';
  // The customer installed it, attached to a network and used some data: only an ACTIVE eSIM takes top-ups.
  await counter.sim.activate(iccid);
  await counter.sim.consume(iccid, 256);
  const before = esimRecord(counter.dataDir, iccid);
  if (before.expiresAt === null) throw new Error('an active eSIM has an expiry');
  const shown = shownInPage(page);
  const topUpsCharged = async (): Promise<number> =>
    (await counter.sim.ledger()).filter((entry) => entry.kind === 'topup').length;

  await page.keyboard.press('F3');
  await scan(page, iccid);

  const esim = page.getByRole('region', { name: 'eSIM' });
  await expect(esim.getByRole('heading')).toHaveText(stated(trainingPackage(sale.packageCode).name));
  await expect(fact(esim, 'ICCID')).toHaveText(iccid);
  await expect(fact(esim, 'Status')).toHaveText(stated('Active'));
  const usedPercent = Math.round((100 * before.usedMb) / before.totalMb);
  await expect(fact(esim, 'Used')).toHaveText(
    stated(`256 MB of ${await shown.gigabytes(before.totalMb)} (${usedPercent}%)`),
  );
  await expect(fact(esim, 'Expires')).toHaveText(stated(await shown.date(before.expiresAt)));
  const options = page.getByRole('region', { name: 'Top-up packages' }).getByRole('button');
  await expect(options.first()).toBeFocused();
  await expect(options.first()).toHaveAccessibleName(/^Top up with /);
  const option = ((await options.first().locator('.pkg-name').textContent()) ?? '').trim();

  // Enter picks the focused top-up; the confirmation has the keyboard; Enter again pays.
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm the top-up' });
  await expect(confirm).toContainText(option);
  await expect(confirm).toContainText(iccid);
  await expect(confirm.getByRole('button', { name: 'Confirm top-up' })).toBeFocused();
  await page.keyboard.press('Enter');

  const done = page.getByRole('region', { name: 'Top-up complete' });
  await expect(done).toContainText(option);
  const first = esimRecord(counter.dataDir, iccid);
  expect(first.totalMb).toBeGreaterThan(before.totalMb);
  expect(first.expiresAt ?? 0).toBeGreaterThan(before.expiresAt);
  await expectDataNow(page, done, first);
  await expectStated(fact(done, 'New expiry'), await shown.dateTime(first.expiresAt ?? 0));
  const balance = formatMoney(money((await counter.sim.account()).balanceMinor, 'USD'), 'en');
  await expectStated(fact(done, 'New balance'), balance);
  expect(await topUpsCharged()).toBe(1);
  await page.screenshot({ path: testInfo.outputPath('topup-result.png'), fullPage: true });
  await testInfo.attach('topup-result', {
    path: testInfo.outputPath('topup-result.png'),
    contentType: 'image/png',
  });

  // The same eSIM again minutes later: the counter asks before paying a second time.
  await expect(page.getByRole('button', { name: 'New top-up' })).toBeFocused();
  await page.keyboard.press('Escape');
  await scan(page, iccid);
  await expect(options.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Confirm top-up' })).toBeFocused();
  await page.keyboard.press('Enter');
  const repeat = page.getByRole('dialog', { name: 'This eSIM was topped up a few minutes ago' });
  await expect(repeat).toContainText('Top it up again only if the customer asks for a second top-up.');
  // A repeat is usually a double scan: the keyboard starts on Cancel.
  await expect(repeat.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await topUpsCharged()).toBe(1);
  await page.screenshot({ path: testInfo.outputPath('topup-repeat.png'), fullPage: true });

  // The customer does want a second one: confirmed explicitly, it is sent once.
  await page.keyboard.press('Shift+Tab');
  await expect(repeat.getByRole('button', { name: 'Top up again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(done).toBeVisible();
  const second = esimRecord(counter.dataDir, iccid);
  expect(second.totalMb).toBeGreaterThan(first.totalMb);
  await expectDataNow(page, done, second);
  await expectStated(fact(done, 'New expiry'), await shown.dateTime(second.expiresAt ?? 0));
  expect(await topUpsCharged()).toBe(2);
});

test('a mistyped ICCID is caught by its check digit before anything is sent', async ({ page, counter }) => {
  await counter.open(page);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/lookupEsim')) lookups.push(request.url());
  });
  await page.keyboard.press('F3');
  // 89 + 17 digits with a wrong check digit (the right one is 4).
  await page.keyboard.type('8944476201410000001');
  await expect(page.getByText('Check digit wrong: mistyped or misscanned. Scan again.')).toBeVisible();
  await expect(page.getByLabel('ICCID', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Look up' })).toBeDisabled();
  expect(lookups).toEqual([]);
});

test('an eSIM whose issued ICCID fails the check digit is looked up and topped up once the cashier confirms the number', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  await counter.sim.setFaults({ wrongCheckDigitRate: 1 });
  const sale = await counter.api<Sale>('sell', { packageCode: localPackageCode('France') });
  await counter.sim.setFaults({ wrongCheckDigitRate: 0 });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  const iccid = sale.esims[0]?.iccid ?? '';
  await counter.sim.activate(iccid);
  const calls: { method: string; input: unknown }[] = [];
  page.on('request', (request) => {
    const method = /\/api\/(lookupEsim|listTopUpPackages|topUp)$/.exec(request.url())?.[1];
    if (method) calls.push({ method, input: request.postDataJSON() });
  });

  await page.keyboard.press('F3');
  await expect(page.getByLabel('ICCID', { exact: true })).toBeFocused();
  await page.keyboard.type(iccid);
  await expect(page.getByText('Check digit wrong: mistyped or misscanned.')).toBeVisible();
  await expect(page.getByText('Check the number: if it is right, look it up anyway')).toBeVisible();
  // Enter is the typo guard's: nothing is looked up until the cashier says the number is right.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Look up', exact: true })).toBeDisabled();
  expect(calls).toEqual([]);
  await page.getByRole('button', { name: 'Look it up anyway' }).click();

  const esim = page.getByRole('region', { name: 'eSIM' });
  await expect(fact(esim, 'ICCID')).toHaveText(iccid);
  const options = page.getByRole('region', { name: 'Top-up packages' }).getByRole('button');
  await options.first().click();
  await page
    .getByRole('dialog', { name: 'Confirm the top-up' })
    .getByRole('button', { name: 'Confirm top-up' })
    .click();
  await expect(page.getByRole('region', { name: 'Top-up complete' })).toBeVisible();
  expect((await counter.sim.ledger()).filter((entry) => entry.kind === 'topup')).toHaveLength(1);
  // Every call about this eSIM carried the cashier's confirmation.
  expect(calls.map((call) => call.method)).toEqual(['lookupEsim', 'listTopUpPackages', 'topUp']);
  for (const call of calls) expect(call.input).toMatchObject({ iccid, checkDigitOverride: true });
});
