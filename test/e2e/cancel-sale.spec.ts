import { answerStyleFromEnvironment } from '../../electron/simulator/options';
import type { ShiftReport } from '../../shared/domain/shift-report';
import { formatMoney, negated, toDecimalText } from '../../shared/money';
import { receiptNumberText } from '../../shared/printed-numbers';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { countPrints, printsSoFar } from './counter-page';
import { esimRecord } from './issued-esims';
import { aliceOnShift, cheapestForCash, MANAGER_PIN } from './staff';

// axe is injected as a script of its own, which the counter's CSP refuses.
test.use({ bypassCSP: true });

/** What the cancellation says before it is asked: the provider's rules allow it, or it did not say. */
const ALLOWED = /The provider still allows a cancellation/;
const NOT_STATED_WHETHER_INSTALLED = /The provider did not say whether the eSIM is installed/;

/**
 * A customer comes back: a manager cancels the eSIM sold to them from the sale's details and gives
 * the cash back from the drawer; an eSIM already used is refused before anything is promised.
 */

test('a manager cancels a sale and gives the cash back; a used eSIM is refused up front', async ({
  page,
  counter,
}) => {
  const style = answerStyleFromEnvironment();
  await aliceOnShift(counter);
  await counter.sim.setRefundMethod('balance');
  const sale = await cheapestForCash(counter);
  const used = await cheapestForCash(counter);
  const paid = sale.retailTotal;
  await counter.sim.activate(used.esims[0]!.iccid);

  await countPrints(page);
  await counter.open(page);
  await page.keyboard.press('F7');

  // The used eSIM: the counter reads it first and says the provider will refuse.
  await page
    .getByRole('button', { name: `Sale details ${receiptNumberText(used.receiptNumber, null)}` })
    .click();
  let details = page.getByRole('dialog', { name: 'Sale details' });
  await details.getByRole('button', { name: 'Cancel eSIM' }).click();
  if (style === 'lean') {
    // A lean provider's eSIM reads carry the ICCID alone: the counter cannot see the eSIM was used,
    // says so, and the cancellation is asked; the provider refuses it, and no cash leaves the drawer.
    await expect(details.getByText(NOT_STATED_WHETHER_INSTALLED)).toBeVisible();
    await details.getByLabel('Reason').fill('Customer changed their mind');
    await details.getByLabel('Manager PIN').fill(MANAGER_PIN);
    await details.getByRole('button', { name: 'Cancel the order' }).click();
    const refused = details.getByRole('status').filter({ hasText: 'Refused by the provider' });
    await expect(refused).toBeVisible();
    await expect(refused).not.toContainText('give back');
  } else {
    await expect(details.getByRole('alert')).toHaveText(
      'The eSIM has been used on a network: the provider no longer cancels it.',
    );
    await expect(details.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);
  }
  // eSIM care: what the provider sees now, and the dispute pack for a support ticket.
  const care = details.getByRole('region', { name: 'eSIM care' });
  await care.getByRole('button', { name: 'Read the eSIM now' }).click();
  if (style === 'lean') {
    await expect(
      care.getByText(`eSIM ${used.esims[0]!.iccid}: status not stated by the provider`),
    ).toBeVisible();
    await expect(care.getByText('installation not stated by the provider')).toBeVisible();
    await expect(care.getByText('network events not stated by the provider')).toBeVisible();
  } else {
    await expect(care.getByText(`eSIM ${used.esims[0]!.iccid}: Active`)).toBeVisible();
    await expect(care.getByText(/^installed on /)).toBeVisible();
  }
  if (style === 'tidy' || style === undefined) {
    // Times as the counter writes them everywhere, in the page's own language and time zone.
    const record = esimRecord(counter.dataDir, used.esims[0]!.iccid);
    const shown = (at: number | null): Promise<string> =>
      page.evaluate(
        (ms) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
        at ?? Number.NaN,
      );
    await expect(care.getByText(/^activated /)).toHaveText(`activated ${await shown(record.activatedAt)}`);
    await expect(care.getByText(/^expires /)).toHaveText(`expires ${await shown(record.expiresAt)}`);
  }
  const pack = page.waitForEvent('download');
  await care.getByRole('button', { name: 'Dispute pack for support' }).click();
  expect((await pack).suggestedFilename()).toMatch(/-dispute-pack\.json$/);
  await details.getByRole('button', { name: 'Close' }).click();

  // The unused one: a manager approves, and the cash goes back.
  await page
    .getByRole('button', { name: `Sale details ${receiptNumberText(sale.receiptNumber, null)}` })
    .click();
  details = page.getByRole('dialog', { name: 'Sale details' });
  await details.getByRole('button', { name: 'Cancel eSIM' }).click();
  // Where the provider's answer leaves out whether the eSIM is installed, the counter says so.
  await expect(
    details.getByText(
      {
        tidy: ALLOWED,
        lean: NOT_STATED_WHETHER_INSTALLED,
        untidy: new RegExp(`${ALLOWED.source}|${NOT_STATED_WHETHER_INSTALLED.source}`),
      }[style ?? 'tidy'],
    ),
  ).toBeVisible();
  await details.getByLabel('Reason').fill('Customer changed their mind');
  await expect(details.getByRole('checkbox', { name: /cash back/ })).toBeChecked();
  await expect(details.getByLabel('Cash back (USD)')).toHaveValue(toDecimalText(paid.amount, 'USD'));
  await details.getByLabel('Manager PIN').fill(MANAGER_PIN);
  await details.getByRole('button', { name: 'Cancel the order' }).click();
  const outcome = details.getByRole('status').filter({ hasText: 'Cancelled' });
  // An untidy provider may name a refund method the API does not list: then it is not stated.
  await expect(outcome).toContainText(
    style === 'untidy'
      ? /Refunded to the account balance now|Refund method not stated by the provider/
      : 'Refunded to the account balance now',
  );
  await expect(outcome).toContainText(`for receipt No. ${receiptNumberText(sale.receiptNumber, null)}`);
  await expect(outcome).toContainText(
    `${formatMoney(paid, 'en').replace(/[\u200e\u200f\u2066-\u2069]/g, '')} given back from the drawer`,
  );

  // The drawer and the provider agree with what the screen said.
  const x = await counter.api<ShiftReport>('getXReport', {});
  expect(x.cash.find((line) => line.currency === 'USD')?.refunds).toEqual(paid);
  const refunds = (await counter.sim.ledger()).filter((entry) => entry.kind === 'refund');
  expect(refunds).toEqual([expect.objectContaining({ orderReference: sale.orderReference })]);

  // The cancelled sale reads cancelled on Today and in its details, in both languages: its line
  // names the cancellation receipt, the takings are net of the cash given back, and its details
  // neither offer the QR code nor a second cancellation.
  const receipt = receiptNumberText(sale.receiptNumber, null);
  const cancellationReceipt = (
    await counter.api<{
      sales: { receiptNumber: number; cancellation?: { receiptNumber: number } | null }[];
    }>('listSales', {})
  ).sales.find((each) => each.receiptNumber === sale.receiptNumber)?.cancellation?.receiptNumber;
  expect(cancellationReceipt).toBeGreaterThan(sale.receiptNumber);
  await details.getByRole('button', { name: 'Close' }).click();
  for (const words of [
    {
      details: 'Sale details',
      state: `Cancelled, receipt No. ${receiptNumberText(cancellationReceipt!, null)}`,
      net: 'net of',
      title: 'Sale cancelled',
      cancel: 'Cancel eSIM',
      qr: /QR/,
      print: /Print/,
      printCancelled: 'Print the sale receipt, marked cancelled',
      cancellationDetails: 'Cancellation details',
      cancellationLine: `Cancellation receipt No. ${receiptNumberText(cancellationReceipt!, null)} for receipt No. ${receipt}`,
      pin: 'Manager PIN',
      close: 'Close',
      xReport: 'X report',
      cancelledSales: 'Cancelled sales',
      netTakings: 'Net takings',
    },
    {
      details: 'تفاصيل البيع',
      state: `أُلغي، إيصال رقم ${receiptNumberText(cancellationReceipt!, null)}`,
      net: 'بعد خصم',
      title: 'أُلغي البيع',
      cancel: 'إلغاء الشريحة',
      qr: /QR/,
      print: /طباعة/,
      printCancelled: 'طباعة إيصال البيع مع علامة الإلغاء',
      cancellationDetails: 'تفاصيل الإلغاء',
      cancellationLine: `إيصال الإلغاء رقم ${receiptNumberText(cancellationReceipt!, null)} للإيصال رقم ${receipt}`,
      pin: 'رمز المدير',
      close: 'إغلاق',
      xReport: 'تقرير X',
      cancelledSales: 'المبيعات الملغاة',
      netTakings: 'صافي المبيعات',
    },
  ]) {
    if (words.close !== 'Close') await page.keyboard.press('F9');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `${words.details} ${receipt}` }) });
    await expect(row).toContainText(words.state);
    await expect(page.locator('.totals')).toContainText(words.net);
    // Just after the sale, its cancellation receipt: its number as printed and the cash given back.
    const cancellationLine = row.locator('xpath=following-sibling::tr[1]');
    await expect(cancellationLine).toContainText(words.cancellationLine);
    if (words.close === 'Close') {
      const givenBack = formatMoney(negated(paid), 'en').replace(/[\u200e\u200f\u2066-\u2069]/g, '');
      await expect(cancellationLine).toContainText(givenBack);
    }
    expect(await axeViolations(page), `Today (${words.close})`).toEqual([]);
    // It opens the sale's details, where the cancellation receipt prints again.
    await cancellationLine
      .getByRole('button', {
        name: `${words.cancellationDetails} ${receiptNumberText(cancellationReceipt!, null)}`,
      })
      .click();
    const dialog = page.getByRole('dialog', { name: words.details });
    await expect(dialog.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(dialog.getByRole('button', { name: words.cancel })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: words.qr })).toHaveCount(0);
    // The cancellation receipt to print again, and the sale's own receipt, marked cancelled.
    await expect(dialog.getByRole('button', { name: words.print })).toHaveCount(2);
    const before = await printsSoFar(page);
    await dialog.getByRole('button', { name: words.printCancelled }).click();
    // Printed as the install codes' rule allows: away from its sale, the manager PIN first.
    const pinDialog = page.getByRole('dialog', { name: words.pin });
    await expect
      .poll(async () => (await printsSoFar(page)) > before || (await pinDialog.count()) > 0)
      .toBe(true);
    if ((await pinDialog.count()) > 0) {
      await pinDialog.getByLabel(words.pin).fill(MANAGER_PIN);
      await pinDialog.getByLabel(words.pin).press('Enter');
    }
    await expect.poll(() => printsSoFar(page)).toBe(before + 1);
    expect(await axeViolations(page), `the cancelled sale (${words.close})`).toEqual([]);
    await dialog.getByRole('button', { name: words.close }).click();

    // The shift's X names the cancelled sale and the takings net of it.
    await page.keyboard.press('F6');
    await page.getByRole('button', { name: words.xReport, exact: true }).click();
    const report = page.getByRole('article', { name: words.xReport });
    await expect(report.getByRole('heading', { name: words.cancelledSales })).toBeVisible();
    await expect(report.getByRole('term').filter({ hasText: words.netTakings })).toBeVisible();
    expect(await axeViolations(page), `the X (${words.close})`).toEqual([]);
    await page.keyboard.press('F7');
  }
});

test('a cancellation the provider refused is carried on the sale, which stays sold', async ({
  page,
  counter,
}) => {
  await aliceOnShift(counter);
  const sale = await cheapestForCash(counter);
  const till = await counter.api<{ cashiers: { id: string; usesManagerPin: boolean }[] }>('getTill');
  const approval = { managerId: till.cashiers.find((each) => each.usesManagerPin)!.id, pin: MANAGER_PIN };
  // The provider answers the cancel with a server error and does nothing; reading the order then
  // finds it still standing: the cancellation is refused.
  await counter.sim.setFaults({ failRate: 1, paths: ['POST /esims/cancel'] });
  const sent = await counter.api<{ id: string; state: string }>('cancelSale', {
    saleId: sale.id,
    reason: 'Customer changed their mind',
    cashRefund: null,
    approval,
  });
  await counter.sim.setFaults({ failRate: 0, paths: [] });
  const refused =
    sent.state === 'refused'
      ? sent
      : await counter.api<{ state: string }>('settleCancellation', { id: sent.id });
  expect(refused.state).toBe('refused');

  await counter.open(page);
  await page.keyboard.press('F7');
  const receipt = receiptNumberText(sale.receiptNumber, null);
  for (const words of [
    {
      details: 'Sale details',
      refused: 'Cancellation refused by the provider — the eSIM stays sold',
      completed: 'Sale complete',
      totals: '1 sale completed',
      close: 'Close',
    },
    {
      details: 'تفاصيل البيع',
      refused: 'رفض المزوّد الإلغاء — تبقى الشريحة مبيعة',
      completed: 'تم البيع',
      totals: 'عملية بيع واحدة مكتملة',
      close: 'إغلاق',
    },
  ]) {
    if (words.close !== 'Close') await page.keyboard.press('F9');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `${words.details} ${receipt}` }) });
    await expect(row).toContainText(words.refused);
    // Still sold: counted in the day's takings, nothing given back.
    await expect(page.locator('.totals')).toContainText(words.totals);
    expect(await axeViolations(page), `Today (${words.close})`).toEqual([]);
    await page.getByRole('button', { name: `${words.details} ${receipt}` }).click();
    const dialog = page.getByRole('dialog', { name: words.details });
    await expect(dialog.getByRole('heading', { name: words.completed })).toBeVisible();
    await expect(dialog.getByText(words.refused)).toBeVisible();
    expect(await axeViolations(page), `the sale (${words.close})`).toEqual([]);
    await dialog.getByRole('button', { name: words.close }).click();
  }
});
