import { describe, expect, it } from 'vitest';
import {
  basisPointsFromPercent,
  draftOf,
  percentFromBasisPoints,
  roundingStepOf,
  ruleOf,
} from '../../renderer/src/settings/markup-text';
import { money } from '../../shared/money';

describe('markup rules as the manager types them', () => {
  it('reads percentages into basis points exactly, and back', () => {
    expect(basisPointsFromPercent('25')).toBe(2500);
    expect(basisPointsFromPercent('12.5')).toBe(1250);
    expect(basisPointsFromPercent('0.01')).toBe(1);
    expect(basisPointsFromPercent('7,25')).toBe(725);
    // The sign is how people write a markup, in either script; digits as typed in Arabic too.
    expect(basisPointsFromPercent('20%')).toBe(2000);
    expect(basisPointsFromPercent(' 12.5 % ')).toBe(1250);
    expect(basisPointsFromPercent('٢٠٪')).toBe(2000);
    for (const bad of ['', '-5', '1.234', 'ten', '1e2', '12345'])
      expect(basisPointsFromPercent(bad), bad).toBeNull();
    for (const bp of [0, 1, 10, 1250, 2500, 999_999]) {
      expect(basisPointsFromPercent(percentFromBasisPoints(bp))).toBe(bp);
    }
  });

  it('turns a draft into a rule, naming the field that is wrong', () => {
    expect(ruleOf({ scope: 'type', target: 'global', markup: 'percent', value: '30' }, 'USD')).toEqual({
      scope: { kind: 'type', type: 'global' },
      markup: { kind: 'percent', basisPoints: 3000 },
    });
    expect(ruleOf({ scope: 'region', target: ' Europe ', markup: 'fixed', value: '1.5' }, 'USD')).toEqual({
      scope: { kind: 'region', region: 'Europe' },
      markup: { kind: 'fixed', amount: money(150, 'USD') },
    });
    // Amounts are read as every other amount the counter takes: thousands grouped, Arabic digits.
    expect(ruleOf({ scope: 'all', target: '', markup: 'fixed', value: '1,500' }, 'IQD')).toEqual({
      scope: { kind: 'all' },
      markup: { kind: 'fixed', amount: money(1500, 'IQD') },
    });
    expect(ruleOf({ scope: 'all', target: '', markup: 'fixed', value: '500' }, 'IQD')).toEqual({
      scope: { kind: 'all' },
      markup: { kind: 'fixed', amount: money(500, 'IQD') },
    });
    expect(ruleOf({ scope: 'type', target: 'cheap', markup: 'percent', value: '5' }, 'USD')).toBe('target');
    expect(ruleOf({ scope: 'package', target: '', markup: 'percent', value: '5' }, 'USD')).toBe('target');
    expect(ruleOf({ scope: 'all', target: '', markup: 'fixed', value: '-1' }, 'USD')).toBe('value');
    expect(ruleOf({ scope: 'all', target: '', markup: 'percent', value: 'lots' }, 'USD')).toBe('value');
  });

  it('shows a saved rule as the draft it came from', () => {
    const rule = {
      scope: { kind: 'package' as const, packageCode: 'pk-1' },
      markup: { kind: 'fixed' as const, amount: money(2050, 'EUR') },
    };
    expect(draftOf(rule)).toEqual({ scope: 'package', target: 'pk-1', markup: 'fixed', value: '20.50' });
    expect(ruleOf(draftOf(rule), 'EUR')).toEqual(rule);
  });

  it('reads rounding steps in the currency, empty meaning none', () => {
    expect(roundingStepOf('250', 'IQD')).toBe(250);
    expect(roundingStepOf('0.50', 'USD')).toBe(50);
    expect(roundingStepOf('  ', 'USD')).toBeUndefined();
    expect(roundingStepOf('abc', 'USD')).toBe('invalid');
  });
});
