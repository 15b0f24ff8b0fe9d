/**
 * The goals `npm run bench` reports on, one line each after the tables. A benchmark module appends
 * what it measured with `recordGoal`; the runner prints them all at the end, so a reader sees at once
 * which hold. A goal is a ratio measured side by side in one run against its target ratio, or a time
 * over a floor measured beside it (`unit: 'ms'`); a module
 * that could not measure one records nothing for it, and the missing line says so by its absence.
 */
export interface GoalResult {
  /** Short and stable, e.g. `sale-own-work`: readers grep for it. */
  readonly name: string;
  readonly measured: number;
  /** Met when `measured <= target`. */
  readonly target: number;
  /** A ratio (`x`, the default) or milliseconds over a floor measured beside it. */
  readonly unit?: 'x' | 'ms';
  /** What was compared with what, printed after the verdict. */
  readonly basis: string;
}

const recorded: GoalResult[] = [];

export function recordGoal(goal: GoalResult): void {
  recorded.push(goal);
}

export function recordedGoals(): readonly GoalResult[] {
  return recorded;
}

/** `goal <name>: <measured>x (target <= <target>x) MET|MISSED — <basis>` (or ` ms` for a time) */
export function goalLine(goal: GoalResult): string {
  const verdict = goal.measured <= goal.target ? 'MET' : 'MISSED';
  const unit = goal.unit === 'ms' ? ' ms' : 'x';
  return `goal ${goal.name}: ${goal.measured.toFixed(2)}${unit} (target <= ${goal.target}${unit}) ${verdict} — ${goal.basis}`;
}
