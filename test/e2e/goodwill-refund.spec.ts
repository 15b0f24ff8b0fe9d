import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Language } from '../../shared/domain/common';
import type { Sale } from '../../shared/domain/sale';
import type { ShiftReport } from '../../shared/domain/shift-report';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import { formatMoney, toDecimalText } from '../../shared/money';
import { receiptNumberText } from '../../shared/printed-numbers';
import { axeViolations } from './axe';
import { type Counter, expect, test } from './counter-fixture';
import { detailsOnToday, shownMoney } from './counter-page';
import { aliceOnShift, MANAGER_PIN } from './staff';

/**
 * A customer whose top-up did not help: top-ups are never cancelled, so a manager gives cash back as
 * a goodwill refund from the top-up's details on Today, with a reason, marked not recoverable. The
 * card says what may still be given back; once all that was paid is, it offers no more.
 */

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

const WORDS = {
  en: {
    details: 'Top-up details',
    goodwill: 'Goodwill refund',
    form: 'Give money back for this top-up',
    reason: 'Reason',
    pin: 'Manager PIN',
    confirm: 'Give the refund',
    done: 'given back from the drawer (not recoverable)',
    print: 'Print receipt',
    receipt: 'for top-up receipt No.',
    refundable: 'can still be refunded.',
    allRefunded: 'all of it has been refunded: nothing more can be.',
    back: 'Back',
  },
  ar: {
    details: 'تفاصيل الشحنة',
    goodwill: 'استرداد ودّي',
    form: 'ردّ مبلغ عن هذه الشحنة',
    reason: 'السبب',
    pin: 'رمز المدير',
    confirm: 'ردّ المبلغ',
    done: 'من الدرج (لا يُسترد)',
    print: 'طباعة الإيصال',
    receipt: 'لإيصال الشحنة رقم',
    refundable: 'أقصى ما يمكن ردّه بعدُ',
    allRefunded: 'ورُدّ إليه كله: لا يمكن ردّ المزيد.',
    back: 'رجوع',
  },
} as const;

/** A completed top-up paid in cash: an eSIM of a rechargeable package sold, used, and topped up. */
async function aTopUp(counter: Counter): Promise<TopUp> {
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const rechargeable = packages
    .filter((p) => p.isRechargeable)
    .sort((a, b) => a.retail.amount - b.retail.amount);
  for (const pkg of rechargeable.slice(0, 10)) {
    const sale = await counter.api<Sale>('sell', {
      packageCode: pkg.code,
      quantity: 1,
      tender: { method: 'cash', tendered: pkg.retail.amount },
    });
    if (sale.state !== 'completed') continue;
    const iccid = sale.esims[0]!.iccid;
    await counter.sim.activate(iccid);
    const listed = await counter.api<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid });
    const option = [...listed.packages].sort((a, b) => a.retail.amount - b.retail.amount)[0];
    if (!option) continue;
    const topUp = await counter.api<TopUp>('topUp', {
      iccid,
      packageCode: option.code,
      tender: { method: 'cash', tendered: option.retail.amount },
    });
    if (topUp.state === 'completed') return topUp;
  }
  throw new Error('no rechargeable package could be topped up');
}

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`a manager gives a goodwill refund for a top-up, with a reason (${language})`, async ({
    page,
    counter,
  }) => {
    const w = WORDS[language];
    await aliceOnShift(counter);
    const topUp = await aTopUp(counter);
    const paid = topUp.tender?.due ?? topUp.retail;

    await counter.open(page);
    const details = await detailsOnToday(page, language, w.details);
    await details.getByRole('button', { name: w.goodwill }).click();
    const form = details.getByRole('region', { name: w.form });
    await expect(form.getByText(w.refundable)).toContainText(await shownMoney(page, paid, language));
    await expect(form.getByLabel(/USD/)).toHaveValue(toDecimalText(paid.amount, paid.currency));
    // No reason, no refund.
    await expect(form.getByRole('button', { name: w.confirm })).toBeDisabled();
    expect(await axeViolations(page), `goodwill form (${language})`).toEqual([]);

    await form.getByLabel(w.reason).fill(language === 'ar' ? 'لم تعمل البيانات في الخارج' : 'No data abroad');
    await form.getByLabel(w.pin).fill(MANAGER_PIN);
    await form.getByRole('button', { name: w.confirm }).click();
    const done = form.getByRole('status');
    await expect(done).toContainText(w.done);
    await expect(done).toContainText(w.receipt);
    await expect(done.getByRole('button', { name: w.print })).toBeVisible();
    expect(await axeViolations(page), `goodwill done (${language})`).toEqual([]);

    // The drawer paid it out, and the journal keeps it as not recoverable from the provider.
    const x = await counter.api<ShiftReport>('getXReport', {});
    expect(x.cash.find((line) => line.currency === paid.currency)?.refunds).toEqual(paid);
    if (language === 'en') {
      await expect(done).toContainText(formatMoney(paid, 'en').replace(/[\u200e\u200f\u2066-\u2069]/g, ''));
      await expect(done).toContainText(`${w.receipt} ${receiptNumberText(topUp.receiptNumber, null)}`);
    }

    // Opened again, the card says all was given back and offers no second refund.
    await form.getByRole('button', { name: w.back }).click();
    await details.getByRole('button', { name: w.goodwill }).click();
    await expect(form.getByText(w.allRefunded)).toBeVisible();
    await expect(form.getByRole('button', { name: w.confirm })).toHaveCount(0);
    expect(await axeViolations(page), `goodwill all refunded (${language})`).toEqual([]);
  });
}
