import { describe, expect, it } from 'vitest';
import { isNewerView } from '../../shared/domain/revision';

const read = (run: string, seq: number) => ({ revision: { run, seq } });

describe('the newer of two views (a status, a till)', () => {
  it('is the one the core read later in its run, whichever arrives first', () => {
    expect(isNewerView(read('a', 8), read('a', 7))).toBe(true);
    expect(isNewerView(read('a', 7), read('a', 8))).toBe(false);
    expect(isNewerView(read('a', 7), read('a', 7))).toBe(false);
  });

  it("is any view of the core's next run, though it counts from 1 again", () => {
    expect(isNewerView(read('b', 1), read('a', 500))).toBe(true);
  });

  it('is the first view a window hears', () => {
    expect(isNewerView(read('a', 1), null)).toBe(true);
  });
});
