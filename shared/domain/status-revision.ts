/**
 * A status's revision: the core's run (a new one each time it starts) and how many statuses that run
 * had read, this one included. Kept apart from the status's schema, which the renderer's stores load
 * late (the error schemas and the status name each other).
 */
export interface StatusRevision {
  readonly run: string;
  readonly seq: number;
}

/**
 * Whether `next` was read after `shown`. A window hears the status from two places, an action's
 * answer and the core's events, and the two can arrive in either order: an answer read while the shop
 * ledger was still connecting may come in after the event that says it is up to date, and must not
 * undo it. A status of another run is newer (the core started again since).
 */
export function isNewerStatus(
  next: { readonly revision: StatusRevision },
  shown: { readonly revision: StatusRevision } | null,
): boolean {
  return shown === null || next.revision.run !== shown.revision.run || next.revision.seq > shown.revision.seq;
}
