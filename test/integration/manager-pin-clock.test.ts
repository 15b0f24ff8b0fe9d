import { expect, it } from 'vitest';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { ManagerPin } from '../../electron/core/security/manager-pin';
import { tempJournalPerTest } from '../support/temp-journal';

// The manager PIN's lock-out runs on the clock the core injects, like every other part of the core.

const journal = tempJournalPerTest('manager-pin');

it('locks out after five wrong PINs for a minute of the clock it is given', () => {
  let clock = new Date('2026-11-22T10:00:00.000Z');
  const pin = new ManagerPin(new SettingsTable(journal.open()), () => clock);
  pin.set('2468');
  for (let i = 0; i < 5; i += 1) expect(pin.verify('1111')).toBe(false);
  expect(() => pin.verify('2468')).toThrow(/Try again in 60 seconds/);
  clock = new Date('2026-11-22T10:00:45.000Z');
  expect(() => pin.verify('2468')).toThrow(/Try again in 15 seconds/);
  clock = new Date('2026-11-22T10:01:00.000Z');
  expect(pin.verify('2468')).toBe(true);
});
