import { createHmac } from 'node:crypto';

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same sequence everywhere. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('cannot pick from an empty list');
      return item;
    },
    chance: (probability) => probability > 0 && next() < probability,
  };
}

/**
 * Derives stable bytes from the seed and a label (credentials, references, ICCIDs): the same seed
 * and label always give the same value, and one value says nothing about another.
 */
export function derive(seed: number, label: string): Buffer {
  return createHmac('sha256', `esim-simulator-seed:${seed}`).update(label).digest();
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `length` characters from an unambiguous upper-case alphabet, derived from seed and label. */
export function deriveCode(seed: number, label: string, length: number): string {
  const bytes = derive(seed, label);
  let text = '';
  for (let i = 0; i < length; i++) text += BASE32[(bytes[i % bytes.length] ?? 0) % BASE32.length];
  return text;
}

/** `length` decimal digits derived from seed and label. */
export function deriveDigits(seed: number, label: string, length: number): string {
  const bytes = derive(seed, label);
  let text = '';
  for (let i = 0; i < length; i++) text += String((bytes[i % bytes.length] ?? 0) % 10);
  return text;
}
