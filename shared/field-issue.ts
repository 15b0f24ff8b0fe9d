import type { InputProblem } from './errors';
import type { Money } from './money';

/**
 * The details of an INVALID_INPUT about one field: its path, its problem, the most it may hold when
 * it holds more, and the English sentence for support. The core refuses with them, and a screen that
 * finds the problem first says it the same way. Free of zod, so the renderer's bundle stays without it.
 */
export function fieldIssue(
  field: string,
  problem: InputProblem,
  message: string,
  limit?: Money,
): { issues: [{ path: string; message: string; problem: InputProblem; limit?: Money }] } {
  return { issues: [{ path: field, message, problem, ...(limit ? { limit } : {}) }] };
}
