import { randomUUID } from 'node:crypto';
import type { Revision } from '../../shared/domain/revision';

/**
 * The revisions of one kind of view (the status, the till) for this run of the core: each read takes
 * the next, so a window can tell the newer of two views whichever arrives first (isNewerView).
 */
export function viewRevisions(): () => Revision {
  const run = randomUUID();
  let seq = 0;
  return () => {
    seq += 1;
    return { run, seq };
  };
}
