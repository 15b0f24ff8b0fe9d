/**
 * What every record's state machine is made of: its states (a `z.enum` its discriminated union is
 * keyed by) and one table of the moves each state allows, each state with a line naming what moves a
 * record out of it. The journal guards every change with the table (`transitionRow`), the SQL CHECK
 * constraints are tested against the enum, and every other list of states is derived from the table
 * here: the states are written once.
 */

/** For each state, the states a record in it may move to (itself, where the same state is entered again). */
export type Transitions<S extends string> = { readonly [From in S]: readonly S[] };

/** The states a record may be in to move to `to`: the guard of that transition. */
export function statesLeadingTo<S extends string>(transitions: Transitions<S>, to: S): S[] {
  return (Object.keys(transitions) as S[]).filter((from) => transitions[from].includes(to));
}

/** `from` and every state a record in it can reach: where a record may be once it has been in `from`. */
export function statesFrom<S extends string>(transitions: Transitions<S>, from: S): S[] {
  const reached = new Set<S>([from]);
  for (const state of reached) for (const next of transitions[state]) reached.add(next);
  return (Object.keys(transitions) as S[]).filter((state) => reached.has(state));
}

/** States with a way out: records in them are not settled yet. */
export function openStates<S extends string>(transitions: Transitions<S>): S[] {
  return (Object.keys(transitions) as S[]).filter((from) => transitions[from].length > 0);
}

/**
 * True only when A and B are the same union of state names: the union's keys and the enum's values
 * cannot drift apart without a compile error where this is used.
 */
export type SameStates<A extends string, B extends string> = [A] extends [B]
  ? [B] extends [A]
    ? true
    : never
  : never;
