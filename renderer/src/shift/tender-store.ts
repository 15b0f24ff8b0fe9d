import { create } from 'zustand';
import type { TenderInput, TenderMethod } from '../../../shared/domain/till';
import { priceAtRate } from '../../../shared/exchange-rate';
import { type Currency, type Money, parseTypedAmount } from '../../../shared/money';
import { roundingStepFor } from '../../../shared/rounding-steps';
import { useSettings } from '../stores/settings-store';
import { useTill } from './till-store';

/**
 * How the customer in front of the cashier pays: the method, the currency, and for cash what they
 * handed over (as typed). The method and cash are reset each time a confirm step opens; the currency
 * chosen is kept for the next sale, since a shop's customers mostly pay in one. Read once, when
 * the sale is confirmed.
 */
interface TenderState {
  readonly method: TenderMethod;
  /** The currency chosen last; null: the shop's selling currency, or the price's own (see paidIn). */
  readonly currency: Currency | null;
  readonly tendered: string;
  reset(): void;
  setMethod(method: TenderMethod): void;
  setCurrency(currency: Currency): void;
  setTendered(text: string): void;
}

export const useTender = create<TenderState>()((set) => ({
  method: 'cash',
  currency: null,
  tendered: '',
  reset() {
    set({ method: 'cash', tendered: '' });
  },
  setMethod(method) {
    set({ method });
  },
  setCurrency(currency) {
    set({ currency, tendered: '' });
  },
  setTendered(tendered) {
    set({ tendered });
  },
}));

export type TenderQuote =
  /** The amount due in the currency paid, what was handed over and the change. */
  | {
      readonly ok: true;
      readonly due: Money;
      readonly change: Money | null;
      readonly input: TenderInput;
    }
  /** No rate for today between the price's currency and the one chosen. */
  | { readonly ok: false; readonly reason: 'no_rate'; readonly base: Currency; readonly quote: Currency }
  /** Cash typed that is unreadable or less than the amount due. */
  | { readonly ok: false; readonly reason: 'too_little'; readonly due: Money };

/**
 * The currency the customer pays in: the one chosen last while the drawer still takes it, else the
 * shop's selling currency, else the price's own.
 */
export function paidIn(state: Pick<TenderState, 'currency'>, price: Money): Currency {
  const settings = useTill.getState().till?.settings;
  const kept =
    state.currency !== null && settings?.currencies.includes(state.currency) ? state.currency : null;
  return kept ?? settings?.sellingCurrency ?? price.currency;
}

/**
 * What the customer pays for `price` as things stand: the same conversion the core makes (today's
 * selling rate, the shop's rounding step), so the amount shown is the amount journalled.
 */
export function quoteTender(
  price: Money,
  state: Pick<TenderState, 'method' | 'currency' | 'tendered'>,
): TenderQuote {
  const till = useTill.getState().till;
  const currency = paidIn(state, price);
  let due = price;
  if (currency !== price.currency) {
    const rate = till?.rates.find((each) => each.base === price.currency && each.quote === currency);
    if (!rate) return { ok: false, reason: 'no_rate', base: price.currency, quote: currency };
    due = priceAtRate(
      price,
      currency,
      rate.sellPer100,
      roundingStepFor(useSettings.getState().pricing, currency),
    );
  }
  // The amount due shown is the amount due taken: a rate changed meanwhile is refused, never charged.
  const quotedDue = due.amount;
  if (state.method !== 'cash')
    return { ok: true, due, change: null, input: { method: state.method, currency, quotedDue } };
  const typed = state.tendered.trim();
  const tendered = typed === '' ? due.amount : parseTypedAmount(typed, currency);
  if (tendered === null || tendered < due.amount) return { ok: false, reason: 'too_little', due };
  return {
    ok: true,
    due,
    change: { amount: (tendered - due.amount) as Money['amount'], currency },
    input: { method: 'cash', currency, tendered, quotedDue },
  };
}

/** The tender to send with a sale or top-up of `price`, or null while the cashier must still fix it. */
export function tenderToSend(price: Money): TenderInput | null {
  const quote = quoteTender(price, useTender.getState());
  return quote.ok ? quote.input : null;
}
