import type { InputProblem } from './errors';

/**
 * The details of an INVALID_INPUT about one field: its path, its problem, and the English sentence for
 * support. The core refuses with them, and a screen that finds the problem first says it the same way.
 * Free of zod, so the renderer's bundle stays without it.
 */
export function fieldIssue(
  field: string,
  problem: InputProblem,
  message: string,
): { issues: [{ path: string; message: string; problem: InputProblem }] } {
  return { issues: [{ path: field, message, problem }] };
}
