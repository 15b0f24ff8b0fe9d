import type { Status } from '../../../shared/domain/status';
import type { PosError } from '../../../shared/errors';

type SyncView = Pick<Status['catalogue'], 'progress' | 'failure'>;

/** The first retry of a failed sync of an empty catalogue, doubling with each failure up to the longest. */
export const FIRST_RETRY_MS = 15_000;
export const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * What the counter tells about its catalogue sync while a cashier waits for it: how far it is (and
 * how long it should still take, at the pace of the pages so far), and why the last one failed and
 * when it is tried again. A counter with no catalogue retries by itself, sooner than the staleness
 * check would.
 */
export class CatalogueSyncState {
  private progress: SyncView['progress'] = null;
  private startedAt = 0;
  private failure: SyncView['failure'] = null;
  private failures = 0;

  constructor(
    private readonly now: () => Date,
    private readonly changed: () => void,
  ) {}

  started(): void {
    this.startedAt = this.now().getTime();
    this.progress = { packages: 0, total: null, etaSeconds: null };
    this.changed();
  }

  page(packages: number, total: number | null): void {
    const elapsedMs = this.now().getTime() - this.startedAt;
    const left = total === null ? null : Math.max(0, total - packages);
    const etaSeconds =
      left === null || packages === 0 ? null : Math.ceil((elapsedMs * left) / packages / 1000);
    this.progress = { packages, total, etaSeconds };
    this.changed();
  }

  succeeded(): void {
    this.progress = null;
    this.failure = null;
    this.failures = 0;
    this.changed();
  }

  /** Records the failure; returns how long to wait before retrying, or null when no retry is due. */
  failed(error: PosError, catalogueEmpty: boolean): number | null {
    this.progress = null;
    this.failures += 1;
    const retryMs = catalogueEmpty
      ? Math.min(FIRST_RETRY_MS * 2 ** (this.failures - 1), LONGEST_RETRY_MS)
      : null;
    const retryAt = retryMs === null ? null : new Date(this.now().getTime() + retryMs).toISOString();
    this.failure = { error, retryAt };
    this.changed();
    return retryMs;
  }

  view(): SyncView {
    return { progress: this.progress, failure: this.failure };
  }
}
