import type { Page } from '@playwright/test';
import type { Pricing } from '../../shared/domain/pricing';
import type { Settings } from '../../shared/domain/settings';
import type { TillView } from '../../shared/domain/shift';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { MANAGER_PIN } from './staff';

// A new counter's first start: the manager goes through the checklist, step by step, each step saved
// at once, in either language; the counter sells in training meanwhile and reminds until it is done.

test.use({ bypassCSP: true });
// Six steps, a reload and the drawer's forms: more than the default minute on a loaded machine.
test.setTimeout(180_000);

const WORDS = {
  en: {
    firstStart: 'First start',
    stepsLeft: (n: number) => `${n} steps left`,
    open: 'Continue setup',
    choosePin: 'Choose the manager PIN',
    newPin: 'New manager PIN',
    repeatPin: 'Repeat the PIN',
    savePin: 'Save PIN',
    pinsDiffer: 'The two PINs differ',
    pin: 'Manager PIN',
    unlock: 'Unlock',
    shopStep: 'Shop name and receipt header',
    shopName: 'Shop name',
    shopAddress: 'Shop address',
    shopNameMissing: 'Enter the shop name',
    save: 'Save and continue',
    markupStep: 'Default markup',
    markup: 'Markup on every package (%)',
    markupInvalid: 'Enter the markup as a percentage',
    printingStep: 'Paper width and printer',
    paperWidth: 'Paper width',
    drawerStep: 'Drawer currencies and exchange rate',
    drawerForm: 'End-of-day settings',
    payIn: 'Customers pay in',
    saveDrawer: 'Save',
    rateForm: "Today's exchange rate",
    buy: 'Buy: 1 USD = … IQD',
    sell: 'Sell: 1 USD = … IQD',
    setRate: 'Set rate',
    saved: 'Saved.',
    modeStep: 'Training or live',
    stayTraining: 'Stay in training for now',
    finished: 'The counter is set up',
    close: 'Close',
    search: 'Search packages',
  },
  ar: {
    firstStart: 'التشغيل الأول',
    stepsLeft: (n: number) => `بقيت ${n.toLocaleString('ar')} خطوات`,
    open: 'متابعة التجهيز',
    choosePin: 'اختر رمز المدير',
    newPin: 'رمز المدير الجديد',
    repeatPin: 'أعد كتابة الرمز',
    savePin: 'حفظ الرمز',
    pinsDiffer: 'الرمزان مختلفان',
    pin: 'رمز المدير',
    unlock: 'فتح',
    shopStep: 'اسم المحل ورأس الإيصال',
    shopName: 'اسم المحل',
    shopAddress: 'عنوان المحل',
    shopNameMissing: 'أدخل اسم المحل',
    save: 'احفظ وتابع',
    markupStep: 'هامش الربح الافتراضي',
    markup: 'هامش الربح على كل باقة (%)',
    markupInvalid: 'أدخل هامش الربح نسبةً مئوية',
    printingStep: 'عرض الورق والطابعة',
    paperWidth: 'عرض الورق',
    drawerStep: 'عملات الدرج وسعر الصرف',
    drawerForm: 'إعدادات نهاية اليوم',
    payIn: 'يدفع الزبائن بـ',
    saveDrawer: 'حفظ',
    rateForm: 'سعر الصرف لليوم',
    buy: 'شراء: \u20661 USD = … IQD\u2069',
    sell: 'بيع: \u20661 USD = … IQD\u2069',
    setRate: 'تحديد السعر',
    saved: 'حُفظ.',
    modeStep: 'تدريب أم تشغيل فعلي',
    stayTraining: 'البقاء في وضع التدريب الآن',
    finished: 'نقطة البيع جاهزة',
    close: 'إغلاق',
    search: 'ابحث عن باقة',
  },
} as const;

async function expectAccessible(page: Page, where: string): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await axeViolations(page), where).toEqual([]);
}

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`a new counter's manager goes through the first-start checklist in ${language}`, async ({
    page,
    counter,
  }) => {
    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    // Whoever starts the new counter is told at once; selling in training is not in the way.
    const reminder = page.getByRole('complementary', { name: w.firstStart });
    await expect(reminder).toContainText(w.stepsLeft(6));
    await expect(page.locator('#destination-search')).toBeVisible();
    await expectAccessible(page, 'sell screen with the reminder');

    await reminder.getByRole('button', { name: w.open }).click();
    const checklist = page.getByRole('region', { name: w.firstStart });
    await expect(checklist).toBeVisible();
    await expect(reminder).toBeHidden();
    await expectAccessible(page, 'checklist: the PIN step');

    // Step 1, the manager PIN: checked like Settings' own form.
    const choose = checklist.getByRole('form', { name: w.choosePin });
    await choose.getByLabel(w.newPin).fill(MANAGER_PIN);
    await choose.getByLabel(w.repeatPin).fill('1111');
    await choose.getByRole('button', { name: w.savePin }).click();
    await expect(page.getByRole('alert')).toContainText(w.pinsDiffer);
    await choose.getByLabel(w.repeatPin).fill(MANAGER_PIN);
    await choose.getByRole('button', { name: w.savePin }).click();

    // Step 2, the shop: an empty name is refused on its field, nothing is saved.
    const shop = checklist.getByRole('form', { name: w.shopStep });
    await shop.getByRole('button', { name: w.save }).click();
    await expect(page.getByRole('alert')).toContainText(w.shopNameMissing);
    await expect(shop.getByLabel(w.shopName)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'checklist: a refused shop name');
    await shop.getByLabel(w.shopName).fill('Baghdad Mobile Corner');
    await shop.getByLabel(w.shopAddress).fill('Karrada, Baghdad');
    await shop.getByRole('button', { name: w.save }).click();
    await expect(checklist.getByRole('form', { name: w.markupStep })).toBeVisible();
    expect((await counter.api<Settings>('getSettings')).shopName).toBe('Baghdad Mobile Corner');

    // Each step was saved at once: a restart resumes at the next step, behind the PIN.
    await page.reload();
    await expect(reminder).toContainText(w.stepsLeft(4));
    await reminder.getByRole('button', { name: w.open }).click();
    await checklist.getByLabel(w.pin, { exact: true }).fill(MANAGER_PIN);
    await checklist.getByRole('button', { name: w.unlock }).click();

    // Step 3, the default markup: a percentage or a field error.
    const markup = checklist.getByRole('form', { name: w.markupStep });
    await expect(checklist.getByRole('button', { name: w.markupStep })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await markup.getByLabel(w.markup).fill('twenty');
    await markup.getByRole('button', { name: w.save }).click();
    await expect(page.getByRole('alert')).toContainText(w.markupInvalid);
    await expect(markup.getByLabel(w.markup)).toHaveAttribute('aria-invalid', 'true');
    await markup.getByLabel(w.markup).fill('20');
    await markup.getByRole('button', { name: w.save }).click();

    // Step 4, paper and printer.
    const printing = checklist.getByRole('form', { name: w.printingStep });
    await printing.getByLabel(w.paperWidth).selectOption('58');
    await printing.getByRole('button', { name: w.save }).click();

    // Step 5, the drawer: its currencies, the currency customers pay in, and today's rate as people
    // say it, through the Shift screen's own forms.
    await expect(checklist.getByRole('heading', { name: w.drawerStep })).toBeVisible();
    const drawer = checklist.getByRole('form', { name: w.drawerForm });
    await drawer.getByLabel('IQD', { exact: true }).check();
    await drawer.getByLabel(w.payIn).selectOption('IQD');
    await drawer.getByRole('button', { name: w.saveDrawer, exact: true }).click();
    await expect(drawer.getByRole('status')).toHaveText(w.saved);
    const rate = checklist.getByRole('form', { name: w.rateForm });
    await rate.getByLabel(w.buy, { exact: true }).fill('1,460');
    await rate.getByLabel(w.sell, { exact: true }).fill('1,470');
    await rate.getByRole('button', { name: w.setRate }).click();
    await expect(rate.getByRole('status')).toHaveText(w.saved);
    await expectAccessible(page, 'checklist: the drawer');
    const till = await counter.api<TillView>('getTill');
    expect(till.settings).toMatchObject({ currencies: ['USD', 'IQD'], sellingCurrency: 'IQD' });
    expect(till.rates).toMatchObject([
      { base: 'USD', quote: 'IQD', buyPer100: 146_000, sellPer100: 147_000 },
    ]);
    await checklist.getByRole('button', { name: w.save, exact: true }).click();

    // Step 6, training or live: the credentials form is there; this shop practises first.
    await expect(checklist.getByRole('heading', { name: w.modeStep })).toBeVisible();
    await expectAccessible(page, 'checklist: training or live');
    await checklist.getByRole('button', { name: w.stayTraining }).click();
    await expect(checklist.getByRole('status').filter({ hasText: w.finished })).toBeVisible();
    await expectAccessible(page, 'checklist: finished');

    const settings = await counter.api<Settings>('getSettings');
    expect(settings).toMatchObject({ shopAddress: 'Karrada, Baghdad', paperWidthMm: 58 });
    expect([...settings.setupDone].sort()).toEqual(['drawer', 'markup', 'mode', 'printing', 'shop']);
    const pricing = await counter.api<Pricing>('getPricing');
    expect(pricing.rules).toContainEqual({
      scope: { kind: 'all' },
      markup: { kind: 'percent', basisPoints: 2000 },
    });

    // Done: no more reminder on any screen.
    await checklist.getByRole('button', { name: w.close }).click();
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('aria-keyshortcuts', 'F2');
    await expect(page.getByRole('complementary', { name: w.firstStart })).toHaveCount(0);
  });
}
