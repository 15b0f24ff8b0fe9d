import { describe, expect, it } from 'vitest';
import { isoTimeOf } from '../../electron/core/api/provider-time';

describe('a provider time, read as ISO 8601 UTC', () => {
  it('takes ISO 8601 as the description gives it, and in its other spellings', () => {
    expect(isoTimeOf('2026-02-13T23:27:00Z')).toBe('2026-02-13T23:27:00.000Z');
    expect(isoTimeOf('2026-02-13T23:27:00.5+03:00')).toBe('2026-02-13T20:27:00.500Z');
    expect(isoTimeOf('2026-02-13 23:27:00+0300')).toBe('2026-02-13T20:27:00.000Z');
    expect(isoTimeOf('2026-02-13')).toBe('2026-02-13T00:00:00.000Z');
  });

  it('reads a time that names no zone as UTC, the description’s zone, not the counter’s', () => {
    expect(isoTimeOf('2026-02-13T23:27:00')).toBe('2026-02-13T23:27:00.000Z');
    expect(isoTimeOf('February 13, 2026')).toBe('2026-02-13T00:00:00.000Z');
  });

  it('reads times written for people', () => {
    expect(isoTimeOf('February 13, 2026 at 11:27 PM')).toBe('2026-02-13T23:27:00.000Z');
    expect(isoTimeOf('Feb. 1, 2026, 12:05 am')).toBe('2026-02-01T00:05:00.000Z');
    expect(isoTimeOf('sept 30 2026 12:00 PM UTC')).toBe('2026-09-30T12:00:00.000Z');
  });

  it('answers null for anything it would have to guess, never another date', () => {
    for (const text of [
      'seven days',
      '',
      '2026-02-30',
      'February 30, 2026',
      'Febru 13, 2026',
      'February 13, 2026 at 13:27 PM',
      '13/02/2026',
      '2026-02-13T24:00:00Z',
    ]) {
      expect(isoTimeOf(text), text).toBeNull();
    }
  });
});
