import type { Pricing } from './domain/pricing';
import { type Currency, type MinorUnits, minor } from './money';

/**
 * The step a currency is asked in when the manager has set none: dinars change hands in notes of
 * 250 and up, so an amount in dinars is rounded up to a payable 250. A step of 0 is the manager's
 * "no rounding".
 */
const DEFAULT_ROUNDING_STEPS: Partial<Record<Currency, MinorUnits>> = { IQD: minor(250) };

/** The shop's rounding step for a currency: the manager's, else the default (0: none). */
export function roundingStepFor(pricing: Pricing | null | undefined, currency: Currency): MinorUnits {
  return pricing?.roundingSteps[currency] ?? DEFAULT_ROUNDING_STEPS[currency] ?? minor(0);
}
