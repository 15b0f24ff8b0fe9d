import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { THREAD_PROGRAMS } from '../../electron/core/journal/program-thread';

/**
 * What a test run builds once, as the app's build does: the journal's thread programs, and the web
 * host with them beside it. Run from the source tree, every thread and every host loads TypeScript
 * again: about a second of processor for each core a test starts, and more for each host. The build
 * lies inside the project, so its modules find the project's packages.
 */
const root = resolve(import.meta.dirname, '../..');

/** Builds into a directory of its own (two levels down, as the host expects its build) and returns it. */
export async function buildForTests(): Promise<string> {
  const outdir = join(root, 'test-results', `build-${process.pid}`);
  await build({
    entryPoints: [
      ...THREAD_PROGRAMS.map((program) => ({
        in: join(root, 'electron/core/journal', `${program}.ts`),
        out: program,
      })),
      { in: join(root, 'electron/host/cli.ts'), out: 'host' },
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir,
    logLevel: 'error',
  });
  return outdir;
}

/** This run's build (ESIM_TEST_BUILD_DIR, from the test runner's global setup), if it made one. */
function buildDir(): string | undefined {
  return process.env.ESIM_TEST_BUILD_DIR || undefined;
}

/** The thread programs a test's core runs: this run's build, else the source tree. */
export function testThreadPrograms(): { programsDir?: string } {
  const dir = buildDir();
  return dir ? { programsDir: dir } : {};
}

/**
 * Node's arguments that start the web host: this run's build, else (or when `fromSource`) the source
 * under tsx, as `npm run web` does. `imports` are modules Node loads first (TypeScript, so tsx comes
 * with them).
 */
export function hostArguments(imports: readonly string[] = [], fromSource = false): string[] {
  const dir = fromSource ? undefined : buildDir();
  const loaders = [...(dir && imports.length === 0 ? [] : ['tsx']), ...imports];
  return [
    ...loaders.flatMap((module) => ['--import', module]),
    dir ? join(dir, 'host.js') : join(root, 'electron/host/cli.ts'),
  ];
}
