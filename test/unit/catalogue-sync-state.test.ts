import { describe, expect, it } from 'vitest';
import {
  CatalogueSyncState,
  FIRST_RETRY_MS,
  LONGEST_RETRY_MS,
} from '../../electron/core/catalogue/catalogue-sync-state';

function state(): { sync: CatalogueSyncState; tick(ms: number): void; changes: () => number } {
  let now = Date.parse('2026-11-23T10:00:00Z');
  let changes = 0;
  const sync = new CatalogueSyncState(
    () => new Date(now),
    () => {
      changes += 1;
    },
  );
  return { sync, tick: (ms) => (now += ms), changes: () => changes };
}

describe('the catalogue sync as the counter tells it', () => {
  it('counts the packages so far and estimates the time left from the pace of the pages so far', () => {
    const { sync, tick, changes } = state();
    sync.started();
    expect(sync.view().progress).toEqual({ packages: 0, total: null, etaSeconds: null });
    tick(1_000);
    sync.page(100, 2_000);
    // 100 packages a second: 1,900 left take 19 s.
    expect(sync.view().progress).toEqual({ packages: 100, total: 2_000, etaSeconds: 19 });
    tick(500);
    sync.page(200, null);
    expect(sync.view().progress).toEqual({ packages: 200, total: null, etaSeconds: null });
    sync.succeeded();
    expect(sync.view()).toEqual({ progress: null, failure: null });
    expect(changes()).toBe(4);
  });

  it('retries an empty catalogue by itself, backing off to the longest wait; a filled one waits for its next check', () => {
    const { sync } = state();
    const error = { code: 'API_ERROR', message: 'The provider reported an error.' } as const;
    const waits = [1, 2, 3, 4, 5, 6, 7].map(() => sync.failed(error, true));
    expect(waits).toEqual([
      FIRST_RETRY_MS,
      FIRST_RETRY_MS * 2,
      FIRST_RETRY_MS * 4,
      FIRST_RETRY_MS * 8,
      FIRST_RETRY_MS * 16,
      LONGEST_RETRY_MS,
      LONGEST_RETRY_MS,
    ]);
    expect(sync.view().failure).toEqual({ error, retryAt: '2026-11-23T10:05:00.000Z' });
    expect(sync.failed(error, false)).toBeNull();
    expect(sync.view().failure).toEqual({ error, retryAt: null });
    sync.succeeded();
    expect(sync.failed(error, true)).toBe(FIRST_RETRY_MS);
  });
});
