// A type-only import: the schema is erased from the bundle, so the renderer loads neither zod nor the
// status's schema, which names the error schemas that name it.
import type { Status } from './status';

/**
 * A status's revision: the core's run (a new one each time it starts) and how many statuses that run
 * had read, this one included. Its shape is the status schema's; this module holds only the rule.
 */
export type StatusRevision = Status['revision'];

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
