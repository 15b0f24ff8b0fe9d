import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * How this runtime runs the journal's work on threads of its own: which build of the SQLite addon a
 * thread loads, and where the thread programs are.
 */
export interface ThreadRuntime {
  /** better-sqlite3's addon built for the running runtime (Electron's), when not node_modules' own. */
  readonly nativeBinding?: string;
  /**
   * The directory of the built thread programs (electron.vite.config.ts gives each an entry of its
   * own, beside the app's main bundle). Without it the programs run from the source tree.
   */
  readonly programsDir?: string;
}

/** The thread programs: each a module beside this one that reads `workerData` and answers on `parentPort`. */
export const THREAD_PROGRAMS = [
  'backup-thread',
  'chain-check-thread',
  'checkpoint-thread',
  'integrity-thread',
  'journal-update-thread',
] as const;
export type ThreadProgram = (typeof THREAD_PROGRAMS)[number];

/**
 * Every program starts from here. It runs at the lowest priority, so the counter's sales go first
 * whenever both want the processor (and the disk, where its scheduler follows the processor's
 * priority); it is set before anything loads, and a process the thread starts inherits it. On Linux a
 * priority is a thread's own (0 names this thread alone); elsewhere it would name the whole process,
 * the counter with it, so there the thread keeps the counter's priority. Under tsx and Vitest the
 * program is TypeScript, and Node 20 gives a thread no loader of the process's: the thread registers
 * tsx's own before importing it.
 */
const START = `
const { workerData } = require('node:worker_threads');
const { constants, setPriority } = require('node:os');
if (process.platform === 'linux') setPriority(0, constants.priority.PRIORITY_LOW);
const loading = workerData.loader ? import(workerData.loader).then((tsx) => tsx.register()) : Promise.resolve();
loading.then(() => import(workerData.program));
`;

/** Starts `program` on a thread of its own; `data` reaches it as `workerData`, with the runtime's addon build. */
export function startProgramThread(
  program: ThreadProgram,
  data: Record<string, unknown>,
  runtime: ThreadRuntime = {},
): Worker {
  const workerData = { ...data, nativeBinding: runtime.nativeBinding };
  if (runtime.programsDir)
    return new Worker(START, {
      eval: true,
      workerData: { ...workerData, program: pathToFileURL(join(runtime.programsDir, `${program}.js`)).href },
    });
  const tsx = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return new Worker(START, {
    eval: true,
    workerData: {
      ...workerData,
      loader: pathToFileURL(join(tsx, 'dist', 'esm', 'api', 'index.mjs')).href,
      program: new URL(`./${program}.ts`, import.meta.url).href,
    },
  });
}
