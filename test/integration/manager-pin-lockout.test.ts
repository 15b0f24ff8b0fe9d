import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { PosFailure } from '../../electron/core/pos/failure';
import { ManagerPin } from '../../electron/core/security/manager-pin';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { loggedRecords } from '../support/journal-records';

const PIN = '2468';
const WRONG = '1357';

/** How a PIN check ended: accepted, refused as wrong, or refused unchecked while locked (and for how long). */
function attempt(pin: ManagerPin, given: string): 'right' | 'wrong' | { lockedFor: number } {
  try {
    return pin.verify(given) ? 'right' : 'wrong';
  } catch (error) {
    if (error instanceof PosFailure && typeof error.details?.retryAfterSeconds === 'number')
      return { lockedFor: error.details.retryAfterSeconds };
    throw error;
  }
}

describe('the manager PIN lock-out, kept in the journal', () => {
  let dir: string;
  let db: Db;
  let clock: number;

  const open = (): ManagerPin => {
    db = openJournal({ file: join(dir, 'journal.sqlite') });
    return new ManagerPin(new SettingsTable(db), () => new Date(clock));
  };
  const restart = (): ManagerPin => {
    db.close();
    return open();
  };
  const audit = (): { kind: string; detail: Record<string, unknown> }[] =>
    loggedRecords(db, (row) => row.kind.startsWith('pin.')).map((row) => ({
      kind: row.kind,
      detail: JSON.parse(row.detail_json ?? 'null'),
    }));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pin-'));
    clock = Date.parse('2026-03-01T10:00:00Z');
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('locks after five wrong PINs, and the lock survives a restart', () => {
    let pin = open();
    pin.set(PIN);
    for (let i = 0; i < 4; i++) expect(attempt(pin, WRONG)).toBe('wrong');
    expect(attempt(pin, WRONG)).toBe('wrong');
    expect(attempt(pin, PIN)).toEqual({ lockedFor: 30 });

    pin = restart();
    expect(attempt(pin, PIN)).toEqual({ lockedFor: 30 });
    clock += 10_000;
    pin = restart();
    expect(attempt(pin, PIN)).toEqual({ lockedFor: 20 });
  });

  it('doubles the wait with every further wrong PIN, up to 15 minutes', () => {
    let pin = open();
    pin.set(PIN);
    for (let i = 0; i < 5; i++) attempt(pin, WRONG);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const locked = attempt(pin, WRONG);
      if (typeof locked !== 'object') throw new Error('expected the PIN to be locked');
      waits.push(locked.lockedFor);
      clock += locked.lockedFor * 1000;
      // A restart in the middle changes nothing: the count is the journal's.
      if (i === 3) pin = restart();
      expect(attempt(pin, WRONG)).toBe('wrong');
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('takes the right PIN once the lock has expired, and forgets the failures', () => {
    const pin = open();
    pin.set(PIN);
    for (let i = 0; i < 7; i++) {
      const result = attempt(pin, WRONG);
      if (typeof result === 'object') clock += result.lockedFor * 1000;
    }
    const locked = attempt(pin, PIN);
    if (typeof locked !== 'object') throw new Error('expected the PIN to be locked');
    clock += locked.lockedFor * 1000;
    expect(attempt(pin, PIN)).toBe('right');
    // Back to five free tries.
    for (let i = 0; i < 5; i++) expect(attempt(pin, WRONG)).toBe('wrong');
    expect(attempt(pin, PIN)).toEqual({ lockedFor: 30 });
  });

  it('never locks the right PIN out for longer than 15 minutes, even when the clock is set back', () => {
    let pin = open();
    pin.set(PIN);
    for (let i = 0; i < 5; i++) attempt(pin, WRONG);
    clock -= 3 * 86_400_000;
    pin = restart();
    const locked = attempt(pin, PIN);
    expect(typeof locked === 'object' && locked.lockedFor <= 30).toBe(true);
    clock += 30_000;
    expect(attempt(pin, PIN)).toBe('right');
  });

  it('audits every wrong PIN and every lock-out, without the PIN', () => {
    const pin = open();
    pin.set(PIN);
    for (let i = 0; i < 5; i++) attempt(pin, WRONG);
    const rows = audit();
    expect(rows.map((row) => row.kind)).toEqual([
      'pin.failed',
      'pin.failed',
      'pin.failed',
      'pin.failed',
      'pin.failed',
      'pin.locked',
    ]);
    expect(rows.at(-1)?.detail).toMatchObject({ failures: 5, seconds: 30 });
    expect(JSON.stringify(rows)).not.toContain(WRONG);
  });
});

describe('the manager PIN lock-out through the counter', () => {
  let h: CoreHarness | null = null;
  afterEach(async () => {
    await h?.close();
  });

  it('is still in force after the counter restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pin-core-'));
    try {
      h = await startCoreHarness({}, { dataDir });
      unwrap(await h.call('setManagerPin', { pin: PIN }));
      for (let i = 0; i < 5; i++)
        expect(unwrap(await h.call<{ valid: boolean }>('verifyManagerPin', { pin: WRONG })).valid).toBe(
          false,
        );
      await h.close();
      h = await startCoreHarness({}, { dataDir });
      const refused = await h.call('verifyManagerPin', { pin: PIN });
      expect(refused.ok ? null : refused.error.code).toBe('PIN_INVALID');
      expect(refused.ok ? null : refused.error.details?.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await h?.close();
      h = null;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
