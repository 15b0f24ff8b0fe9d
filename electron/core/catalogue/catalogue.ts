import type { Status } from '../../../shared/domain/status';
import { posError } from '../../../shared/errors';
import type { ResellerClient } from '../api';
import { syncCatalogue } from '../api/catalogue-sync';
import type { CoreEvent } from '../core-events';
import type { CatalogueTable } from '../journal/catalogue-table';
import type { Logger } from '../log';
import { failureSummary, PosFailure } from '../pos/failure';
import { CatalogueSyncState } from './catalogue-sync-state';
import { learnCountryCoverage } from './country-coverage';

/** Catalogue older than this is refreshed in the background; the counter keeps selling from the cache. */
export const CATALOGUE_MAX_AGE_MS = 6 * 60 * 60_000;
/** How often a running counter checks whether its catalogue has grown stale. */
export const CATALOGUE_CHECK_MS = 15 * 60_000;

export interface CatalogueSynced {
  readonly count: number;
  readonly syncedAt: string;
}

/** Calls `run` once after `ms`; returns what cancels it. */
export type Later = (run: () => void, ms: number) => () => void;

const realLater: Later = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export interface CatalogueDeps {
  readonly table: CatalogueTable;
  readonly client: () => ResellerClient;
  /** Aborted when the connection changes or the core closes: a sync under way stops between pages. */
  readonly signal: () => AbortSignal;
  readonly now: () => Date;
  readonly log: Logger;
  readonly emit: (event: CoreEvent) => void;
  /** Told whenever what the status shows of the catalogue changes. */
  readonly changed: () => void;
  /** The retry and the staleness check wait with this (tests call them back by hand). */
  readonly later?: Later;
}

/**
 * The provider's catalogue as the counter keeps it: one sync at a time (a second ask joins the one
 * under way), a failed sync of an empty catalogue retried by itself with a growing wait, a check
 * every 15 minutes that refreshes a catalogue older than 6 hours, and what the status bar shows of
 * it. The cache itself is the journal's catalogue table.
 */
export class Catalogue {
  private syncing: Promise<CatalogueSynced> | null = null;
  /** The cashier of a counter with no catalogue sees its sync's progress, or why it failed and when it retries. */
  private readonly state: CatalogueSyncState;
  private readonly later: Later;
  private cancelRetry: (() => void) | null = null;
  private cancelCheck: (() => void) | null = null;

  constructor(private readonly deps: CatalogueDeps) {
    this.state = new CatalogueSyncState(deps.now, deps.changed);
    this.later = deps.later ?? realLater;
  }

  /** Which cached packages cover a country, asked of the provider and kept (country-coverage.ts). */
  async learnCountry(country: string): Promise<string[]> {
    return learnCountryCoverage(this.deps.client(), this.deps.table, country);
  }

  /** Reads the whole catalogue from the provider into the cache, or joins the sync under way. */
  sync(): Promise<CatalogueSynced> {
    if (this.syncing) return this.syncing;
    this.cancelRetry?.();
    this.cancelRetry = null;
    const { table, now } = this.deps;
    const signal = this.deps.signal();
    this.state.started();
    const run = syncCatalogue(this.deps.client(), table, {
      now,
      signal,
      // A counter with nothing to sell waits for this sync; one with a catalogue refreshes it quietly.
      lane: table.count() === 0 ? 'interactive' : 'background',
      onPage: (packages, total) => this.state.page(packages, total),
    })
      .then((result) => {
        this.state.succeeded();
        this.deps.emit({ type: 'catalogue.synced', count: result.count, syncedAt: result.syncedAt });
        return result;
      })
      .catch((error: unknown) => {
        if (!signal.aborted) {
          const why =
            error instanceof PosFailure
              ? posError(error.code, error.message)
              : posError('INTERNAL', 'The catalogue could not be read.');
          const retryMs = this.state.failed(why, table.count() === 0);
          if (retryMs !== null) this.cancelRetry = this.later(() => this.refreshIfStale(true), retryMs);
        }
        throw error;
      })
      .finally(() => {
        this.syncing = null;
      });
    this.syncing = run;
    return run;
  }

  /** Syncs in the background when the catalogue is older than its age allows (or now, when forced). */
  refreshIfStale(force: boolean): void {
    const syncedAt = this.deps.table.syncedAt();
    if (force || !syncedAt || this.deps.now().getTime() - Date.parse(syncedAt) > CATALOGUE_MAX_AGE_MS) {
      this.sync().catch((error: unknown) =>
        this.deps.log.warn('catalogue sync failed', { error: failureSummary(error) }),
      );
    }
  }

  /** Checks for staleness every 15 minutes: a counter left open for days still sells from a fresh catalogue. */
  start(): void {
    this.cancelCheck = this.later(() => {
      this.refreshIfStale(false);
      this.start();
    }, CATALOGUE_CHECK_MS);
  }

  /** Waits for the sync under way to end (abort its signal first to end it between pages). */
  async idle(): Promise<void> {
    await this.syncing?.catch(() => undefined);
  }

  /** Empties the cache: the packages of an account the counter no longer uses are not offered. */
  forget(): void {
    this.deps.table.replaceAll([], this.deps.now().toISOString());
  }

  async stop(): Promise<void> {
    this.cancelCheck?.();
    this.cancelRetry?.();
    await this.idle();
  }

  view(): Status['catalogue'] {
    const { table } = this.deps;
    return {
      count: table.count(),
      syncedAt: table.syncedAt(),
      syncing: this.syncing !== null,
      skipped: table.skipped(),
      unreadable: table.unreadable(),
      ...this.state.view(),
    };
  }
}
