import { businessDayOf } from '../../shared/business-day';
import type { Cancellation } from '../../shared/domain/cancellation';
import type { Approval, Cashier } from '../../shared/domain/cashier';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { CountResult, Shift, TillView } from '../../shared/domain/shift';
import type { ShiftReport } from '../../shared/domain/shift-report';
import type { ExchangeRate, TenderInput } from '../../shared/domain/till';
import type { Result } from '../../shared/errors';
import { type Currency, type Money, money } from '../../shared/money';
import type { CoreHarness } from '../support/core-harness';
import { unwrap } from '../support/core-harness';

/** The people of the end-of-day tests: the manager (the manager PIN) and two cashiers. */
export const MANAGER_PIN = '2468';
export const ALICE_PIN = '1111';
export const BOB_PIN = '2222';

export interface Staff {
  readonly manager: Cashier;
  readonly alice: Cashier;
  readonly bob: Cashier;
  readonly approval: Approval;
}

/** Chooses the manager PIN, adds Alice and Bob, and signs Alice in. */
export async function hireStaff(h: CoreHarness): Promise<Staff> {
  unwrap(await h.call('setManagerPin', { pin: MANAGER_PIN }));
  const till = unwrap(await h.call<TillView>('getTill'));
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
  if (!manager) throw new Error('the manager PIN did not become the first manager');
  const approval = { managerId: manager.id, pin: MANAGER_PIN };
  const alice = unwrap(
    await h.call<Cashier>('addCashier', { name: 'Alice', role: 'cashier', pin: ALICE_PIN, approval }),
  );
  const bob = unwrap(
    await h.call<Cashier>('addCashier', { name: 'Bob', role: 'cashier', pin: BOB_PIN, approval }),
  );
  unwrap(await h.call('signIn', { cashierId: alice.id, pin: ALICE_PIN }));
  return { manager, alice, bob, approval };
}

export async function openShift(h: CoreHarness, floats: readonly Money[]): Promise<Shift> {
  return unwrap(
    await h.call<Shift>('openShift', {
      floats: floats.map((float) => ({ currency: float.currency, amount: float.amount })),
    }),
  );
}

/** A cancellation of a sale with the cash back given (null: none), approved by `approval` if any. */
export function cancelSale(
  h: CoreHarness,
  saleId: string,
  cashRefund: Money | null,
  approval: Approval | undefined,
  reason = 'Customer changed their mind',
): Promise<Result<Cancellation>> {
  return h.call<Cancellation>('cancelSale', {
    saleId,
    reason,
    cashRefund,
    ...(approval ? { approval } : {}),
  });
}

/**
 * A drawer of dollars and dinars, whose customers pay in dinars (the day's rate still to be set), on a
 * business day that began six hours ago (cutOffBehind): a rate set for the day holds all test long.
 */
export async function sellInDinars(h: CoreHarness, approval: Approval): Promise<void> {
  unwrap(
    await h.call('updateEndOfDaySettings', {
      patch: { currencies: ['USD', 'IQD'], sellingCurrency: 'IQD', ...cutOffBehind(h) },
      approval,
    }),
  );
}

/** Today's rate of the dinar: 1,310 to buy and 1,320 to sell a dollar. */
export async function setDinarRate(h: CoreHarness, approval: Approval): Promise<ExchangeRate> {
  return unwrap(
    await h.call<ExchangeRate>('setExchangeRate', {
      base: 'USD',
      quote: 'IQD',
      buy: '1310',
      sell: '1320',
      per: 1,
      approval,
    }),
  );
}

export async function sell(h: CoreHarness, pkg: CataloguePackage, tender?: TenderInput): Promise<Sale> {
  return unwrap(
    await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1, ...(tender ? { tender } : {}) }),
  );
}

/** Cash for a price, rounded up to the next whole ten: the customer hands over a note and gets change. */
export function noteFor(price: Money): number {
  const ten = price.currency === 'IQD' ? 10_000 : 1000;
  return Math.ceil((price.amount + 1) / ten) * ten;
}

export async function count(h: CoreHarness, counted: readonly Money[]): Promise<CountResult> {
  return unwrap(
    await h.call<CountResult>('countDrawer', {
      counts: counted.map((line) => ({ currency: line.currency, amount: line.amount })),
    }),
  );
}

export async function xReport(h: CoreHarness): Promise<ShiftReport> {
  return unwrap(await h.call<ShiftReport>('getXReport', {}));
}

/** The cash line of one currency of a report. */
export function cashOf(report: ShiftReport, currency: Currency): ShiftReport['cash'][number] {
  const line = report.cash.find((each) => each.currency === currency);
  if (!line) throw new Error(`the report has no ${currency} cash`);
  return line;
}

export function usd(amount: number): Money {
  return money(amount, 'USD');
}

export function iqd(amount: number): Money {
  return money(amount, 'IQD');
}

/**
 * End-of-day rules whose business day began six hours ago in UTC: a test never runs across the
 * cut-off, whatever the hour it runs at (a day's rate, its shifts and its Z belong to one day).
 */
export function cutOffBehind(h: CoreHarness): { readonly timeZone: 'UTC'; readonly dayCutOff: string } {
  return { timeZone: 'UTC', dayCutOff: new Date(h.clock.ms() - 6 * 60 * 60_000).toISOString().slice(11, 16) };
}

/** A business day that began six hours ago in UTC (cutOffBehind), set on the counter; returns the day. */
export async function dayAroundNow(h: CoreHarness, staff: Staff): Promise<string> {
  const rules = cutOffBehind(h);
  unwrap(await h.call('updateEndOfDaySettings', { patch: rules, approval: staff.approval }));
  return businessDayOf(h.clock.now(), rules.timeZone, rules.dayCutOff);
}

/** The shop's business day read in Baghdad (UTC+3 all year), ending at 04:00 there. */
export async function dayInBaghdad(h: CoreHarness, staff: Staff): Promise<void> {
  unwrap(
    await h.call('updateEndOfDaySettings', {
      patch: { timeZone: 'Asia/Baghdad', dayCutOff: '04:00' },
      approval: staff.approval,
    }),
  );
}

/** Signs the manager in: a manager's figures (cost, margin, the balance bridge) are read as one. */
export async function signInManager(h: CoreHarness, staff: Staff): Promise<void> {
  unwrap(await h.call('signIn', { cashierId: staff.manager.id, pin: MANAGER_PIN }));
}

/** A sale with its cost and margin as the manager reads them; Alice is signed in again after. */
export async function withManagersFigures<S extends Sale>(h: CoreHarness, staff: Staff, sale: S): Promise<S> {
  await signInManager(h, staff);
  const read = unwrap(await h.call<Sale>('getSale', { id: sale.id }));
  unwrap(await h.call('signIn', { cashierId: staff.alice.id, pin: ALICE_PIN }));
  return 'cost' in read
    ? { ...sale, cost: read.cost, ...('margin' in read ? { margin: read.margin } : {}) }
    : sale;
}
