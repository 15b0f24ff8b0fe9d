import type { MarkupRule, Pricing } from '../../../shared/domain/pricing';
import {
  type Currency,
  type MinorUnits,
  parseTypedAmount,
  plainDecimalText,
  toDecimalText,
} from '../../../shared/money';
import { roundingStepFor } from '../../../shared/rounding-steps';

/**
 * The markup rules as a manager edits them (text fields) and back. Percentages are kept in basis
 * points and amounts in minor units, so no float ever touches a price.
 */

export interface RuleDraft {
  readonly scope: MarkupRule['scope']['kind'];
  /** The package type, region or package code the rule applies to; empty for all. */
  readonly target: string;
  readonly markup: MarkupRule['markup']['kind'];
  /** "25" or "12.5" (percent) or "1.50" (an amount in the account currency). */
  readonly value: string;
}

/**
 * "12.5", "20%", "٢٠٪" → basis points; null for anything that is not a percentage with at most two
 * decimals. The sign is how people write a markup, so it is accepted, not asked for.
 */
export function basisPointsFromPercent(text: string): number | null {
  const bare = text.trim().replace(/\s*[%\u066a]$/, '');
  // A markup is never in thousands: a comma before one or two digits is a decimal comma.
  const plain = plainDecimalText(bare.replace(/^(\d{1,4}),(\d{1,2})$/, '$1.$2'));
  const match = plain === null ? null : /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function percentFromBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = basisPoints % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

export function draftOf(rule: MarkupRule): RuleDraft {
  const target =
    rule.scope.kind === 'type'
      ? rule.scope.type
      : rule.scope.kind === 'region'
        ? rule.scope.region
        : rule.scope.kind === 'package'
          ? rule.scope.packageCode
          : '';
  const value =
    rule.markup.kind === 'percent'
      ? percentFromBasisPoints(rule.markup.basisPoints)
      : toDecimalText(rule.markup.amount.amount, rule.markup.amount.currency);
  return { scope: rule.scope.kind, target, markup: rule.markup.kind, value };
}

export type RuleProblem = 'target' | 'value';

/** A draft as a rule, or which of its fields is wrong (by index, so the form can point at it). */
export function ruleOf(draft: RuleDraft, currency: Currency): MarkupRule | RuleProblem {
  const target = draft.target.trim();
  let scope: MarkupRule['scope'];
  switch (draft.scope) {
    case 'all':
      scope = { kind: 'all' };
      break;
    case 'type':
      if (!['local', 'regional', 'global', 'enterprise'].includes(target)) return 'target';
      scope = { kind: 'type', type: target as 'local' | 'regional' | 'global' | 'enterprise' };
      break;
    case 'region':
      if (!target) return 'target';
      scope = { kind: 'region', region: target };
      break;
    case 'package':
      if (!target) return 'target';
      scope = { kind: 'package', packageCode: target };
      break;
  }
  if (draft.markup === 'percent') {
    const basisPoints = basisPointsFromPercent(draft.value);
    if (basisPoints === null) return 'value';
    return { scope, markup: { kind: 'percent', basisPoints } };
  }
  const amount = parseTypedAmount(draft.value, currency);
  if (amount === null || amount < 0) return 'value';
  return { scope, markup: { kind: 'fixed', amount: { amount, currency } } };
}

/** The step in force for a currency (the default one, e.g. 250 dinars, until the manager sets another); empty for none set. */
export function roundingText(pricing: Pricing, currency: Currency): string {
  const step = roundingStepFor(pricing, currency);
  return step === 0 && pricing.roundingSteps[currency] === undefined ? '' : toDecimalText(step, currency);
}

export function roundingStepOf(text: string, currency: Currency): MinorUnits | undefined | 'invalid' {
  if (!text.trim()) return undefined;
  const step = parseTypedAmount(text, currency);
  return step === null || step < 0 ? 'invalid' : step;
}
