import { z } from 'zod';

/**
 * A status's revision: the core's run (a new one each time it starts) and how many statuses that run
 * had read, this one included. In a module of its own so the renderer's stores can call
 * isNewerStatus without loading the status's schema, which names the error schemas that name it.
 */
export const StatusRevisionSchema = z.object({
  /** The core's run: a new one each time it starts. */
  run: z.string(),
  /** The statuses this run has read before this one, and this one. */
  seq: z.number().int().positive(),
});
export type StatusRevision = z.infer<typeof StatusRevisionSchema>;

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
