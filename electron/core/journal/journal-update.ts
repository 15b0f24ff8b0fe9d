import { statSync } from 'node:fs';
import type { StartProgress } from '../../../shared/domain/start-progress';
import { backupBeforeMigration } from './backup';
import { connect, type Db, migrate } from './database';
import { latestVersion, MIGRATIONS } from './migrations';
import { rowsOf } from './migrations/rows-gone';
import { startProgramThread, type ThreadRuntime } from './program-thread';

/**
 * A journal's update at the counter's start (its copy, then the migrations after its schema version)
 * on a thread of its own, telling the start how far it is. At a million sales it takes a minute; the
 * host answers meanwhile, showing the progress and refusing every sale until it is over.
 */

/** What the update's thread tells, in order. */
export type UpdateNews =
  /** The work ahead: the copy's file and the bytes it will hold, and each step's weight (the copy first). */
  | { readonly kind: 'plan'; readonly copyBytes: number; readonly weights: readonly number[] }
  | { readonly kind: 'copying'; readonly file: string }
  /** Step `index` of the weights began; `index` past the last is the commit. */
  | { readonly kind: 'step'; readonly index: number }
  | { readonly kind: 'rows'; readonly index: number; readonly done: number }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly message: string; readonly code: string | null };

/**
 * What a row rewritten by a migration costs, in rows copied: measured at 100,000 sales, the copy goes
 * through about 230,000 rows a second and a migration rebuilding the chain through about 45,000.
 */
const REWRITE_COST = 5;

/** The job the update's thread is started with. */
export interface UpdateJob {
  readonly file: string;
  readonly from: number;
  readonly at: Date;
  readonly nativeBinding?: string;
}

/** The update itself, as the thread runs it (journal-update-thread.ts). */
export function runUpdate(job: UpdateJob, tell: (news: UpdateNews) => void): void {
  const db = connect(
    job.nativeBinding ? { file: job.file, nativeBinding: job.nativeBinding } : { file: job.file },
  );
  try {
    const steps = MIGRATIONS.filter((m) => m.version > job.from);
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const usedPages =
      (db.pragma('page_count', { simple: true }) as number) -
      (db.pragma('freelist_count', { simple: true }) as number);
    tell({
      kind: 'plan',
      copyBytes: usedPages * pageSize,
      weights: [journalRows(db), ...steps.map((step) => REWRITE_COST * (step.rows?.(db) ?? 0))],
    });
    tell({ kind: 'step', index: 0 });
    backupBeforeMigration(db, job.file, job.from, latestVersion(), job.at, (file) =>
      tell({ kind: 'copying', file }),
    );
    migrate(db, {
      began: (migration) => tell({ kind: 'step', index: 1 + steps.indexOf(migration) }),
      rowsGone: (migration, done) => tell({ kind: 'rows', index: 1 + steps.indexOf(migration), done }),
      committing: () => tell({ kind: 'step', index: 1 + steps.length }),
    });
  } finally {
    db.close();
  }
}

/** Every row of the journal's tables, as the copy goes through them. */
function journalRows(db: Db): number {
  const tables = db
    .prepare(
      `SELECT name FROM sqlite_schema
       WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE '%WITHOUT ROWID%'`,
    )
    .all() as { name: string }[];
  return tables.reduce((sum, { name }) => sum + rowsOf(db, name), 0);
}

/** Where a start hears its journal's update. */
export type UpdateWatch = (progress: StartProgress) => void;

/** How often the copy's file is measured, and the progress told. */
const TELL_EVERY_MS = 250;

/** Runs the update on its own thread; resolves once it is committed, rejects with its failure (and SQLite code). */
export function updateOnThread(job: UpdateJob, runtime: ThreadRuntime, watch: UpdateWatch): Promise<void> {
  const pace = new UpdatePace(Date.now());
  const thread = startProgramThread(
    'journal-update-thread',
    { file: job.file, from: job.from, at: job.at.toISOString() },
    runtime,
  );
  const timer = setInterval(() => {
    const progress = pace.progress(Date.now());
    if (progress) watch(progress);
  }, TELL_EVERY_MS);
  return new Promise<void>((done, fail) => {
    thread.on('message', (news: UpdateNews) => {
      if (news.kind === 'done') done();
      else if (news.kind === 'failed') fail(Object.assign(new Error(news.message), { code: news.code }));
      else pace.hear(news);
    });
    thread.once('error', fail);
    thread.once('exit', (code) => fail(new Error(`the journal's update stopped (thread exit ${code})`)));
  }).finally(() => {
    clearInterval(timer);
    void thread.terminate();
  });
}

/**
 * The update's progress from its thread's news: the share of its weighted work done, and the time left
 * at the pace so far. The copy's share is measured by the size of its file.
 */
export class UpdatePace {
  private weights: readonly number[] = [];
  private copyBytes = 0;
  private copyFile: string | null = null;
  private step = -1;
  private rowsDone = 0;

  constructor(private readonly startedAt: number) {}

  hear(news: UpdateNews): void {
    if (news.kind === 'plan') {
      this.weights = news.weights;
      this.copyBytes = news.copyBytes;
    } else if (news.kind === 'copying') this.copyFile = news.file;
    else if (news.kind === 'step') {
      this.step = news.index;
      this.rowsDone = 0;
    } else if (news.kind === 'rows' && news.index === this.step) this.rowsDone = news.done;
  }

  progress(now: number): StartProgress | null {
    if (this.step < 0) return null;
    const total = this.weights.reduce((sum, weight) => sum + weight, 0);
    const before = this.weights.slice(0, this.step).reduce((sum, weight) => sum + weight, 0);
    const done = total === 0 ? 0 : Math.min(1, (before + this.stepDone()) / total);
    const elapsed = (now - this.startedAt) / 1000;
    const finishing = this.step >= this.weights.length;
    return {
      step: this.step === 0 ? 'copy' : finishing ? 'finish' : 'update',
      stepNumber: this.step + 1,
      steps: this.weights.length + 1,
      done,
      // A pace needs a second of work behind it; the commit's own time is not known beforehand.
      secondsLeft: finishing || elapsed < 1 || done < 0.01 ? null : Math.ceil((elapsed * (1 - done)) / done),
    };
  }

  /** The weight of the current step done so far. */
  private stepDone(): number {
    const weight = this.weights[this.step] ?? 0;
    if (this.step === 0) {
      if (this.copyFile === null || this.copyBytes === 0) return 0;
      return weight * Math.min(0.99, fileBytes(this.copyFile) / this.copyBytes);
    }
    return weight === 0 ? 0 : Math.min(weight, REWRITE_COST * this.rowsDone);
  }
}

function fileBytes(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    // Renamed into place once complete.
    return Number.POSITIVE_INFINITY;
  }
}
