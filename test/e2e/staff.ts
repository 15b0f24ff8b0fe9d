import type { Page } from '@playwright/test';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { TillView } from '../../shared/domain/shift';
import type { Counter } from './counter-fixture';

/** The manager PIN (the first manager's) and Alice's, a cashier's, in the end-of-day tests. */
export const MANAGER_PIN = '2468';
export const ALICE_PIN = '1357';

/** A manager's approval: the manager PIN chosen, which makes its holder the first manager. */
export async function managerApproval(counter: Counter): Promise<{ managerId: string; pin: string }> {
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  const till = await counter.api<TillView>('getTill');
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
  if (!manager) throw new Error('the manager PIN did not become the first manager');
  return { managerId: manager.id, pin: MANAGER_PIN };
}

/** Chooses the manager PIN and adds Alice, a cashier, with the manager's approval; returns her id. */
export async function hireAlice(counter: Counter): Promise<string> {
  const approval = await managerApproval(counter);
  const alice = await counter.api<{ id: string }>('addCashier', {
    name: 'Alice',
    role: 'cashier',
    pin: ALICE_PIN,
    approval,
  });
  return alice.id;
}

/** The manager tools' approval form, as each language words it. */
const TOOLS_APPROVAL = {
  en: { form: 'Approve the manager tools', pin: 'Manager PIN', approve: 'Approve' },
  ar: { form: 'موافقة المدير على أدوات المدير', pin: 'رمز المدير', approve: 'موافقة' },
} as const;

/** Opens the manager tools on the Shift screen shown and approves them with the manager PIN. */
export async function approveManagerTools(page: Page, language: 'en' | 'ar'): Promise<void> {
  const words = TOOLS_APPROVAL[language];
  await page.locator('details.manager-tools > summary').click();
  const approve = page.getByRole('form', { name: words.form });
  await approve.getByLabel(words.pin, { exact: true }).fill(MANAGER_PIN);
  await approve.getByRole('button', { name: words.approve, exact: true }).click();
}

/** Alice hired, signed in, and on a shift opened with a 100 USD float: the drawer ready for cash. */
export async function aliceOnShift(counter: Counter): Promise<void> {
  const alice = await hireAlice(counter);
  await counter.api('signIn', { cashierId: alice, pin: ALICE_PIN });
  await counter.api('openShift', { floats: [{ currency: 'USD', amount: 10_000 }] });
}

/** A completed sale of the cheapest package, paid in cash: the amount exactly. */
export async function cheapestForCash(counter: Counter): Promise<Sale & { state: 'completed' }> {
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const pkg = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0];
  if (!pkg) throw new Error('the catalogue is empty');
  const sale = await counter.api<Sale>('sell', {
    packageCode: pkg.code,
    quantity: 1,
    tender: { method: 'cash', tendered: pkg.retail.amount },
  });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  return sale;
}

/** Alice on a shift sells the cheapest package for cash, and the shift closes counted right. */
export async function oneSaleShiftClosed(counter: Counter): Promise<Sale & { state: 'completed' }> {
  await aliceOnShift(counter);
  const sale = await cheapestForCash(counter);
  const { countId } = await counter.api<{ countId: string }>('countDrawer', {
    counts: [{ currency: 'USD', amount: 10_000 + sale.retailTotal.amount }],
  });
  await counter.api('closeShift', { countId });
  return sale;
}
