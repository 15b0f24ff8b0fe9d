// A type-only import: the schema is erased from the bundle, so the renderer's stores load no zod.
import type { z } from 'zod';
import type { RevisionSchema } from './common';

/** When the core read a view: its run and the views of that kind the run had read (common.ts). */
export type Revision = z.infer<typeof RevisionSchema>;

/**
 * Whether `next` was read after `shown`. A window hears a view from two places, an action's answer
 * and the core's events, and the two can arrive in either order: a status read while the shop ledger
 * was still connecting may come in after the event that says it is up to date, and must not undo it.
 * A view of another run is newer (the core started again since).
 */
export function isNewerView(
  next: { readonly revision: Revision },
  shown: { readonly revision: Revision } | null,
): boolean {
  return shown === null || next.revision.run !== shown.revision.run || next.revision.seq > shown.revision.seq;
}
