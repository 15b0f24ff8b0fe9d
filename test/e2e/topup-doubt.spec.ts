import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Language } from '../../shared/domain/common';
import type { Sale } from '../../shared/domain/sale';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import { axeViolations } from './axe';
import { type Counter, expect, test } from './counter-fixture';
import { MANAGER_PIN, managerApproval } from './staff';

/**
 * A top-up whose answer was lost: the cashier reads what to tell the customer, the manager the
 * provider's orders that may be the top-up's with why, and decides with their PIN. The provider's
 * records cannot prove an order is the top-up's (another writer's looks the same), so the counter
 * never decides by itself.
 */

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

const WORDS = {
  en: {
    lost: 'The top-up could not be confirmed',
    say: 'We could not confirm your top-up yet.',
    orders: "The provider's orders of this eSIM around this top-up",
    unchecked: 'Other counters of the shop cannot be checked from here',
    maybe: /^Maybe: placed .+ after this counter sent it and .+ before it stopped waiting$/,
    after: /^No: placed .+ after this counter stopped waiting$/,
    decision: "Manager's decision",
    ours: (reference: string) => `Order ${reference} is this top-up's: it was charged`,
    none: "None of them is this top-up's: it was not charged, and the customer gets their money back",
    pin: 'Manager PIN',
    decide: 'Record the decision',
    details: 'Top-up details',
    open: 'Open',
    completed: 'Top-up complete',
    decidedOurs: (reference: string) => `Manager took the provider's order ${reference} as this top-up's.`,
    notCharged: 'it was not charged. Give the customer back what they paid for it.',
  },
  ar: {
    lost: 'تعذّر تأكيد التعبئة',
    say: 'لم نتمكن من تأكيد تعبئتك بعد.',
    orders: 'طلبات المزوّد لهذه الشريحة في وقت هذه التعبئة',
    unchecked: 'لا يمكن التحقق من نقاط البيع الأخرى في المحل من هنا',
    maybe: /^ربما: قُدّم بعد .+ من إرسال نقطة البيع للتعبئة وقبل .+ من توقّفها عن الانتظار$/,
    after: /^لا: قُدّم بعد .+ من توقّف نقطة البيع عن الانتظار$/,
    decision: 'قرار المدير',
    ours: (reference: string) => `الطلب ${reference} هو طلب هذه التعبئة: خُصم ثمنها`,
    none: 'لا أحد منها طلب هذه التعبئة: لم يُخصم ثمنها، ويستعيد الزبون ما دفعه',
    pin: 'رمز المدير',
    decide: 'سجّل القرار',
    details: 'تفاصيل الشحنة',
    open: 'فتح',
    completed: 'تمت التعبئة',
    decidedOurs: (reference: string) => `اعتمد Manager طلب المزوّد ${reference} طلبًا لهذه التعبئة.`,
    notCharged: 'لم يُخصم ثمنها. أعِد إلى الزبون ما دفعه مقابلها.',
  },
} as const;

/** An eSIM of a rechargeable package, sold and active, and its cheapest top-up. */
async function toppable(counter: Counter): Promise<{ iccid: string; option: TopUpOption }> {
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const rechargeable = packages
    .filter((p) => p.isRechargeable)
    .sort((a, b) => a.cost!.amount - b.cost!.amount);
  for (const pkg of rechargeable.slice(0, 10)) {
    const sale = await counter.api<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    if (sale.state !== 'completed') continue;
    const iccid = sale.esims[0]!.iccid;
    await counter.sim.activate(iccid);
    const listed = await counter.api<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid });
    const option = [...listed.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0];
    if (option) return { iccid, option };
  }
  throw new Error('no rechargeable package can be topped up');
}

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`a top-up whose answer was lost waits for the manager, who decides with the orders found (${language})`, async ({
    page,
    counter,
  }) => {
    // A sale, a top-up through the screen, two looks at the provider and a decision: slow on a busy machine.
    test.slow();
    const w = WORDS[language];
    await managerApproval(counter);
    const { iccid, option } = await toppable(counter);
    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    // The provider performs the top-up and its answer is lost on the way back.
    await counter.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /topup/order'] });
    await page.keyboard.press('F3');
    await page.keyboard.type(iccid);
    await page.keyboard.press('Enter');
    const options = page.getByRole('region', { name: /Top-up packages|باقات التعبئة/ }).getByRole('button');
    await options.filter({ hasText: option.name }).first().click();
    await page
      .getByRole('dialog')
      .getByRole('button')
      .filter({ hasText: /Confirm top-up|تأكيد التعبئة/ })
      .click();
    const lost = page.getByRole('region', { name: w.lost });
    await expect(lost).toBeVisible();
    await counter.sim.setFaults({ dropAfterCommitRate: 0, paths: [] });
    await expect(lost.locator('.say-to-customer')).toContainText(w.say);
    const id = (await counter.api<{ topUps: TopUp[] }>('listTopUps', { iccid })).topUps[0]?.id;
    const charged = (await counter.sim.ledger()).filter((entry) => entry.kind === 'topup');
    const own = charged[0]?.orderReference ?? '';
    // The provider's order is a candidate: nothing the provider states rules it out.
    const orders = lost.getByRole('region', { name: w.orders });
    await expect(
      orders
        .getByRole('row', { name: new RegExp(own) })
        .getByRole('cell')
        .last(),
    ).toHaveText(w.maybe);
    await expect(orders).toContainText(w.unchecked);
    expect(await axeViolations(page), `top-up in doubt (${language})`).toEqual([]);

    // Then the customer's app tops the eSIM up with the same package: never a candidate.
    const theirs = await counter.sim.placeTopUp(iccid, option.code);
    await page.keyboard.press('F4');
    await page.getByRole('button', { name: new RegExp(`^${w.open} `) }).click();
    const details = page.getByRole('dialog', { name: w.details });
    const looked = details.getByRole('region', { name: w.orders });
    await expect(
      looked
        .getByRole('row', { name: new RegExp(theirs) })
        .getByRole('cell')
        .last(),
    ).toHaveText(w.after);
    await expect(
      looked
        .getByRole('row', { name: new RegExp(own) })
        .getByRole('cell')
        .last(),
    ).toHaveText(w.maybe);
    const decision = details.getByRole('form', { name: w.decision });
    await expect(decision.getByRole('radio', { name: w.ours(theirs) })).toHaveCount(0);
    await expect(decision.getByRole('button', { name: w.decide })).toBeDisabled();
    expect(await axeViolations(page), `the manager's decision (${language})`).toEqual([]);

    if (language === 'en') {
      await decision.getByRole('radio', { name: w.ours(own) }).check();
      await decision.getByLabel(w.pin).fill(MANAGER_PIN);
      await decision.getByRole('button', { name: w.decide }).click();
      await expect(details.getByRole('region', { name: w.completed })).toContainText(w.decidedOurs(own));
      expect(await counter.api<TopUp>('getTopUp', { id })).toMatchObject({
        state: 'completed',
        orderReference: own,
        decision: { orderReference: own },
      });
    } else {
      await decision.getByRole('radio', { name: w.none }).check();
      await decision.getByLabel(w.pin).fill(MANAGER_PIN);
      await decision.getByRole('button', { name: w.decide }).click();
      await expect(details.getByRole('alert')).toContainText(w.notCharged);
      expect(await counter.api<TopUp>('getTopUp', { id })).toMatchObject({
        state: 'failed',
        error: { code: 'DECIDED_NOT_CHARGED' },
        decision: { orderReference: null },
      });
    }
    expect(await axeViolations(page), `a decided top-up (${language})`).toEqual([]);
  });
}
