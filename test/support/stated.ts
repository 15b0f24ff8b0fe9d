import { expect } from 'vitest';
import { answerStyleFromEnvironment } from '../../electron/simulator/options';

/**
 * The simulator's answer style (docs/simulator.md, "Answer styles"). A tidy provider states every
 * field; a lean or untidy one may leave out (or send a word nobody listed for) what only informs, so
 * there tests hold the money to account and an informational value only where it was stated.
 */
export const TIDY = (answerStyleFromEnvironment() ?? 'tidy') === 'tidy';

/** The value a tidy answer states; elsewhere that value or what the counter keeps for "not stated". */
export function stated<T>(value: T, unstated: T | null = null): unknown {
  return TIDY ? value : expect.toBeOneOf([value, unstated]);
}
