import type { Language } from '../../shared/domain/common';
import type { ShiftReport } from '../../shared/domain/shift-report';
import { minor, money, toDecimalText } from '../../shared/money';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { detailsOnToday, shownMoney } from './counter-page';
import { aliceOnShift, cheapestForCash, MANAGER_PIN } from './staff';

/**
 * A customer comes back for their money. The cancellation screen says what may still be given back;
 * the manager types the cash back with the point in the wrong place, and the screen refuses it before
 * anything is sent, naming the most (test/integration/money-refund-limits.test.ts holds the rest of
 * the rule).
 */

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

const WORDS = {
  en: {
    details: 'Sale details',
    cancel: 'Cancel eSIM',
    reason: 'Reason',
    cashBack: 'Cash back (USD)',
    pin: 'Manager PIN',
    confirm: 'Cancel the order',
    refundable: 'can still be refunded.',
    most: 'can be refunded: what the customer paid, less what was refunded before.',
  },
  ar: {
    details: 'تفاصيل البيع',
    cancel: 'إلغاء الشريحة',
    reason: 'السبب',
    cashBack: 'المبلغ المُرجع (USD)',
    pin: 'رمز المدير',
    confirm: 'إلغاء الطلب',
    refundable: 'أقصى ما يمكن ردّه بعدُ',
    most: 'ما دفعه الزبون مطروحًا منه ما رُدّ إليه من قبل',
  },
} as const;

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`a mistyped cash back is refused in the cancellation screen, naming the most (${language})`, async ({
    page,
    counter,
  }) => {
    const w = WORDS[language];
    await aliceOnShift(counter);
    await counter.sim.setRefundMethod('balance');
    const sale = await cheapestForCash(counter);
    const paid = sale.retailTotal;

    await counter.open(page);
    const details = await detailsOnToday(page, language, w.details);
    await details.getByRole('button', { name: w.cancel }).click();
    // Before any amount is typed, the card says what may still be given back: all that was paid.
    const shown = await shownMoney(page, paid, language);
    await expect(details.getByText(w.refundable)).toContainText(shown);
    await details.getByLabel(w.reason).fill(language === 'ar' ? 'غيّر رأيه' : 'Customer changed their mind');
    const cashBack = details.getByLabel(w.cashBack);
    await expect(cashBack).toHaveValue(toDecimalText(paid.amount, 'USD'));
    // Ten times what was paid: the point typed one place too far right.
    await cashBack.fill(toDecimalText(minor(paid.amount * 10), 'USD'));
    await details.getByLabel(w.pin).fill(MANAGER_PIN);
    await details.getByRole('button', { name: w.confirm }).click();

    // The refusal names the most, as the page writes the amount in its language.
    const refusal = details.getByRole('alert');
    await expect(refusal).toContainText(w.most);
    await expect(refusal).toContainText(shown);
    expect(await axeViolations(page), `refusal (${language})`).toEqual([]);
    // Nothing was sent, nothing left the drawer.
    expect((await counter.sim.ledger()).filter((entry) => entry.kind === 'refund')).toEqual([]);
    const x = await counter.api<ShiftReport>('getXReport', {});
    expect(x.cash.find((line) => line.currency === 'USD')?.refunds).toEqual(money(0, 'USD'));
  });
}
