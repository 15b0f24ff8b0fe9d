import type { EndOfDaySettings } from '../../../shared/domain/shift';
import type { ExchangeRate, Tender, TenderInput } from '../../../shared/domain/till';
import { priceAtRate } from '../../../shared/exchange-rate';
import { type Currency, type MinorUnits, type Money, minor, subtractMinor } from '../../../shared/money';
import { invalidField, PosFailure } from '../pos/failure';

export interface TenderRules {
  readonly settings: EndOfDaySettings;
  /** Today's rate from the price's currency to another, or null when none was set today. */
  readonly rate: (base: Currency, quote: Currency) => ExchangeRate | null;
  /** The shop's rounding step for prices in a currency (Pricing.roundingSteps), if any. */
  readonly roundingStep: (currency: Currency) => number | undefined;
}

/**
 * What the customer pays and gets back. In the price's own currency the amount due is the price;
 * in another it is the price at today's selling rate, rounded up to the shop's step for that currency.
 * Cash needs at least the amount due and gives the difference back; card and transfer take the
 * amount due exactly. Refused before anything is journalled, so a wrong tender never becomes a sale.
 */
export function tenderFor(input: TenderInput, price: Money, rules: TenderRules): Tender {
  const currency = input.currency ?? rules.settings.sellingCurrency ?? price.currency;
  let dueMoney = price;
  let ratePer100: MinorUnits | null = null;
  if (currency !== price.currency) {
    const rate = rules.rate(price.currency, currency);
    if (!rate) {
      throw new PosFailure(
        'INVALID_STATE',
        `There is no ${price.currency} to ${currency} rate for today. Ask the manager to set today's rate.`,
        { base: price.currency, quote: currency },
      );
    }
    ratePer100 = rate.sellPer100;
    dueMoney = priceAtRate(price, currency, rate.sellPer100, rules.roundingStep(currency));
  }
  const due = dueMoney.amount;
  if (input.quotedDue !== undefined && input.quotedDue !== due) {
    throw new PosFailure(
      'PRICE_CHANGED',
      `The amount due in ${currency} changed since it was quoted (today's rate changed): quote again.`,
      { quoted: { amount: input.quotedDue, currency }, current: dueMoney },
    );
  }
  if (input.method !== 'cash') {
    if (input.tendered !== undefined && input.tendered !== due) {
      throw invalidField(
        'tendered',
        'exact_amount_only',
        'A card or transfer payment is for the amount due exactly.',
      );
    }
    return {
      method: input.method,
      due: dueMoney,
      tendered: dueMoney,
      change: { amount: minor(0), currency },
      ratePer100,
    };
  }
  if (input.tendered === undefined || input.tendered < due) {
    throw invalidField('tendered', 'less_than_due', 'The cash handed over is less than the amount due.', {
      due: dueMoney,
    });
  }
  return {
    method: 'cash',
    due: dueMoney,
    tendered: { amount: input.tendered, currency },
    change: { amount: subtractMinor(input.tendered, due), currency },
    ratePer100,
  };
}
