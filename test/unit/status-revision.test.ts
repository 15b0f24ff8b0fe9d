import { describe, expect, it } from 'vitest';
import { isNewerStatus } from '../../shared/domain/status-revision';

const read = (run: string, seq: number) => ({ revision: { run, seq } });

describe('the newer of two statuses', () => {
  it('is the one the core read later in its run, whichever arrives first', () => {
    expect(isNewerStatus(read('a', 8), read('a', 7))).toBe(true);
    expect(isNewerStatus(read('a', 7), read('a', 8))).toBe(false);
    expect(isNewerStatus(read('a', 7), read('a', 7))).toBe(false);
  });

  it("is any status of the core's next run, though it counts from 1 again", () => {
    expect(isNewerStatus(read('b', 1), read('a', 500))).toBe(true);
  });

  it('is the first status a window hears', () => {
    expect(isNewerStatus(read('a', 1), null)).toBe(true);
  });
});
