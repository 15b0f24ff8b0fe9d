import type { TillView } from '../../shared/domain/shift';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { approveManagerTools, managerApproval } from './staff';

// The day's rate is typed the way people say it ("1 USD = 1,460 IQD"), with what a sale then asks
// shown beside it; a rate a hundred times off the last one is set only once the manager has seen
// what a sale would then cost and confirmed it.
test.use({ bypassCSP: true });

const WORDS = {
  en: {
    rateForm: "Today's exchange rate",
    buy: 'Buy: 1 USD = … IQD',
    sell: 'Sell: 1 USD = … IQD',
    set: 'Set rate',
    confirm: 'Set this rate anyway',
    saved: 'Saved.',
    asks: 'asks',
    away: 'more than 10 % away',
    now: '1 USD = 1,460 IQD to buy, 1,470 IQD to sell',
  },
  ar: {
    rateForm: 'سعر الصرف لليوم',
    buy: 'شراء: \u20661 USD = … IQD\u2069',
    sell: 'بيع: \u20661 USD = … IQD\u2069',
    set: 'تحديد السعر',
    confirm: 'تحديد هذا السعر على أي حال',
    saved: 'حُفظ.',
    asks: 'تُطلب',
    away: 'بأكثر من 10 %',
    now: '\u20661 USD = 1,460 IQD\u2069 للشراء، \u20661,470 IQD\u2069 للبيع',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`a manager sets the rate as people say it, and a rate 100 times off asks again, in ${language}`, async ({
    page,
    counter,
  }) => {
    const approval = await managerApproval(counter);
    await counter.api('updateEndOfDaySettings', { patch: { currencies: ['USD', 'IQD'] }, approval });
    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    await page.keyboard.press('F6');
    await approveManagerTools(page, language);

    // Thousands separators are read; what a sale then asks is shown before anything is set.
    const form = page.getByRole('form', { name: w.rateForm });
    await form.getByLabel(w.buy, { exact: true }).fill('1,460');
    await form.getByLabel(w.sell, { exact: true }).fill('1,470');
    await expect(form.getByText(w.asks)).toBeVisible();
    await form.getByRole('button', { name: w.set }).click();
    await expect(form.getByRole('status')).toHaveText(w.saved);
    const set = await counter.api<TillView>('getTill');
    expect(set.rates).toMatchObject([{ base: 'USD', quote: 'IQD', buyPer100: 146_000, sellPer100: 147_000 }]);
    await expect(form.getByText(w.now)).toBeVisible();
    expect(await axeViolations(page), 'the rate set').toEqual([]);

    // A per-100 figure typed where the per-1 one belongs: asked again, with what a sale would cost.
    await form.getByLabel(w.buy, { exact: true }).fill('146,000');
    await form.getByLabel(w.sell, { exact: true }).fill('147,000');
    await form.getByRole('button', { name: w.set }).click();
    const warning = form.getByRole('alert');
    await expect(warning).toContainText(w.away);
    expect((await counter.api<TillView>('getTill')).rates[0]?.sellPer100).toBe(147_000);
    expect(await axeViolations(page), 'the rate asked again').toEqual([]);

    // Confirmed, it applies.
    await form.getByRole('button', { name: w.confirm }).click();
    await expect(form.getByRole('status')).toHaveText(w.saved);
    expect((await counter.api<TillView>('getTill')).rates[0]?.sellPer100).toBe(14_700_000);
  });
}
