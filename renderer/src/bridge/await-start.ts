import type { StartProgress } from '../../../shared/domain/start-progress';
import { pos } from './pos';

/** How often a counter that is starting is asked how far it is. */
const ASK_EVERY_MS = 500;

/**
 * Resolves once the core answers as started; until then `show` hears how far its start is (null while
 * it has nothing to show yet). Any answer but COUNTER_STARTING means started: an error then is the
 * screens' to show, as on any other call.
 */
export async function awaitStart(show: (progress: StartProgress | null) => void): Promise<void> {
  for (;;) {
    const result = await pos().getStatus({});
    if (result.ok || result.error.code !== 'COUNTER_STARTING') return;
    show(result.error.details?.progress ?? null);
    await new Promise((done) => setTimeout(done, ASK_EVERY_MS));
  }
}
