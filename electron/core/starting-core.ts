import type { PosEvent } from '../../shared/domain/events';
import type { StartProgress } from '../../shared/domain/start-progress';
import { err, type Result } from '../../shared/errors';
import type { Core } from './core';
import type { Logger } from './log';

/** What a host uses of the core: the calls, the events, the log. */
export type CounterService = Pick<Core, 'log' | 'call' | 'onEvent'>;

/**
 * The core as the hosts see it from the first moment of a start, before it is ready: every call is
 * answered COUNTER_STARTING with how far the start is (so nothing is sold, read or changed until it is
 * over), and listeners are handed to the core once it is up. A host serves its page at once, and the
 * page shows the start's progress instead of a blank window.
 */
export class StartingCore implements CounterService {
  private core: Core | null = null;
  private ready: Promise<Core> = new Promise(() => {});
  private latest: StartProgress | null = null;
  private readonly listeners = new Set<(progress: StartProgress) => void>();

  constructor(readonly log: Logger) {}

  /** Serves `ready` once it is up; answers it, for the host to await (a refused start is the host's to say). */
  follow(ready: Promise<Core>): Promise<Core> {
    this.ready = ready;
    ready.then(
      (core) => {
        this.core = core;
      },
      () => {},
    );
    return ready;
  }

  /** Where the start tells how far it is (CoreOptions.starting). */
  readonly starting = (progress: StartProgress): void => {
    this.latest = progress;
    for (const listener of this.listeners) listener(progress);
  };

  /** Hears the start's progress as it is told. */
  onProgress(listener: (progress: StartProgress) => void): void {
    this.listeners.add(listener);
  }

  call(method: string, input: unknown): Promise<Result<unknown>> {
    if (this.core) return this.core.call(method, input);
    return Promise.resolve(
      err('COUNTER_STARTING', `The counter is starting: ${method} waits until it is ready`, {
        progress: this.latest,
      }),
    );
  }

  onEvent(listener: (event: PosEvent) => void): () => void {
    if (this.core) return this.core.onEvent(listener);
    let stop: (() => void) | null = null;
    let stopped = false;
    this.ready.then(
      (core) => {
        if (!stopped) stop = core.onEvent(listener);
      },
      () => {},
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }
}
