import type { PackageType } from '../../../shared/api';
import type { MarkupRule, Pricing } from '../../../shared/domain/pricing';
import { type Money, minor, roundUpToStep } from '../../../shared/money';
import { roundingStepFor } from '../../../shared/rounding-steps';

/** What a price depends on. Top-up packages have no type or region: only package and catch-all rules reach them. */
export interface PricedPackage {
  readonly code: string;
  readonly type?: PackageType | null;
  readonly region?: string;
}

export const DEFAULT_PRICING: Pricing = { rules: [], roundingSteps: {} };

const SCOPE_RANK = { package: 3, region: 2, type: 1, all: 0 } as const;

function matches(rule: MarkupRule, pkg: PricedPackage): boolean {
  switch (rule.scope.kind) {
    case 'all':
      return true;
    case 'type':
      return rule.scope.type === pkg.type;
    case 'region':
      return pkg.region !== undefined && rule.scope.region.toLowerCase() === pkg.region.toLowerCase();
    case 'package':
      return rule.scope.packageCode === pkg.code;
  }
}

/**
 * The shop's selling price: cost plus the most specific markup rule (package, then region, then type,
 * then all), rounded up to the currency's step. Integer arithmetic only; a fixed markup in another
 * currency than the cost cannot apply and is skipped. Retail never falls below cost.
 */
export function retailPrice(cost: Money, pkg: PricedPackage, pricing: Pricing): Money {
  const rule = pricing.rules
    .filter((r) => matches(r, pkg))
    .filter((r) => r.markup.kind !== 'fixed' || r.markup.amount.currency === cost.currency)
    .sort((a, b) => SCOPE_RANK[b.scope.kind] - SCOPE_RANK[a.scope.kind])[0];
  let amount: number = cost.amount;
  if (rule?.markup.kind === 'percent') amount += Math.ceil((cost.amount * rule.markup.basisPoints) / 10_000);
  // The contract refuses a negative fixed markup; one stored before it did still never lowers the price.
  if (rule?.markup.kind === 'fixed') amount += Math.max(0, rule.markup.amount.amount);
  return {
    amount: roundUpToStep(minor(amount), roundingStepFor(pricing, cost.currency)),
    currency: cost.currency,
  };
}
