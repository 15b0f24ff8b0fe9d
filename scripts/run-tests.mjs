#!/usr/bin/env node
// `npm test`: unit and integration tests (vitest), then the end-to-end tests (Playwright in Chromium)
// and the benchmark's quick smoke run (`npm run bench -- --quick`),
// inside a private D-Bus session with an unlocked Secret Service so the keychain tests use the real
// OS keychain. Each of the two runs the money tests again with the simulator answering in the lean and
// the untidy style (docs/simulator.md, "Answer styles"), as projects of the same run. Ends with the time
// each phase took and one line summing every run:
// "N passed, N failed in M min S s".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const results = resolve(root, 'test-results');

if (process.platform === 'linux' && !process.env.ESIM_TEST_SESSION) {
  // Re-run inside our own D-Bus session: CI has no desktop session, and a developer's own keyring
  // must not fill up with test entries.
  const child = spawnSync('dbus-run-session', ['--', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ESIM_TEST_SESSION: '1' },
  });
  if (child.error) {
    console.error(`dbus-run-session could not start (${child.error.message}); install the dbus package.`);
    process.exit(1);
  }
  process.exit(child.status ?? 1);
}

if (process.platform === 'linux') unlockKeyring();

mkdirSync(results, { recursive: true });
const extraArgs = process.argv.slice(2);
const vitestJson = resolve(results, 'vitest.json');
const playwrightJson = resolve(results, 'playwright.json');

/** Each phase's name and how long it took, printed at the end. */
const phases = [];
const startedAt = Date.now();

const build = await run('build', 'npx', ['electron-vite', 'build']);
if (build !== 0) {
  console.error('The build failed; the end-to-end tests need it.');
}
// One vitest run holds every file in the tidy style and the money files again lean and untidy
// (vitest.config.ts, its three projects), in one pool of workers.
const vitestExit = await run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
  ...extraArgs,
]);
// One Playwright run holds every spec in the tidy style and the money specs again lean and untidy
// (playwright.config.ts, its three projects), on the same two workers.
const playwrightExit =
  build === 0
    ? await run('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      })
    : 1;

// The benchmark at its small sizes, as a smoke test: it must run to its goal lines; a time never fails it.
const benchExit = await run('bench --quick', 'npx', ['tsx', 'bench/run.ts', '--quick']);

const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
addVitest(counts, vitestJson);
addPlaywright(counts, playwrightJson);
if (build !== 0) counts.failed += 1;
if (benchExit === 0) counts.passed += 1;
else {
  counts.failed += 1;
  counts.failures.push('bench --quick');
}
// Named again here, next to the last line, so a log read from its tail says what failed.
for (const failure of counts.failures) console.log(`failed: ${failure}`);
const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
for (const phase of phases) console.log(`${phase.name.padEnd(40)} ${duration(phase.ms)}`);
console.log(
  `${counts.passed} passed, ${counts.failed} failed${skipped} in ${duration(Date.now() - startedAt)}`,
);
const allPassed = vitestExit === 0 && playwrightExit === 0 && build === 0 && benchExit === 0;
process.exit(allPassed && counts.failed === 0 ? 0 : 1);

/** Runs one phase of the suite, and keeps how long it took. */
function run(name, command, args, env = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const finish = (exit) => {
      phases.push({ name, ms: Date.now() - started });
      done(exit);
    };
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => finish(signal ? 1 : (code ?? 1)));
    child.on('error', () => finish(1));
  });
}

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function unlockKeyring() {
  // gnome-keyring-daemon creates and unlocks a login keyring with the password on stdin, then prints
  // the variables that libsecret needs to find it. The keyring lives in a directory of its own, so the
  // tests never see (or need the password of) a keyring already on the machine.
  const keyringHome = mkdtempSync(join(tmpdir(), 'esim-counter-keyring-'));
  process.on('exit', () => rmSync(keyringHome, { recursive: true, force: true }));
  const daemon = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'esim-counter-tests',
    encoding: 'utf8',
    env: { ...process.env, XDG_DATA_HOME: keyringHome },
  });
  if (daemon.error) {
    console.error('gnome-keyring-daemon is not installed: keychain tests will report KEYCHAIN_UNAVAILABLE.');
    return;
  }
  for (const line of daemon.stdout.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) process.env[line.slice(0, eq)] = line.slice(eq + 1);
  }
}

function addVitest(counts, file) {
  if (!existsSync(file)) {
    counts.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that fails to load has no failed test but a failed suite: count it, so it cannot pass silently.
  for (const suite of report.testResults ?? []) {
    const file = relative(root, suite.name ?? '');
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
      counts.failed += 1;
      counts.failures.push(`${file} (did not load)`);
    }
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'failed')
        counts.failures.push(
          `${file} › ${test.fullName ?? test.title}${why(test.failureMessages?.[0], file)}`,
        );
    }
  }
}

function addPlaywright(counts, file) {
  if (!existsSync(file)) {
    counts.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed += stats.unexpected ?? 0;
  counts.skipped += stats.skipped ?? 0;
  for (const failure of unexpectedTests(report.suites ?? [])) counts.failures.push(failure);
  for (const error of report.errors ?? []) {
    console.error(`Playwright error outside a test: ${error.message ?? error}`);
    counts.failed += 1;
  }
}

/** The Playwright tests whose outcome was "unexpected" (failed on every try), as "file › title [project]". */
function unexpectedTests(suites, titles = []) {
  const found = [];
  for (const suite of suites) {
    const path = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error;
          found.push(
            `${[...path, spec.title].join(' › ')} [${test.projectName}]${why(error?.stack ?? error?.message, path[0])}`,
          );
        }
      }
    }
    found.push(...unexpectedTests(suite.suites ?? [], path));
  }
  return found;
}

/**
 * What a failure said, for the last lines: its message's first line and the line of `file` it
 * failed at, so a log read from its tail says why as well as what.
 */
function why(failure, file) {
  if (typeof failure !== 'string' || failure === '') return '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours a reporter leaves in a message
  const lines = failure.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const message = lines[0].trim().slice(0, 300);
  const name = file ? file.split('/').at(-1) : null;
  const at = name ? lines.find((line) => line.includes(`${name}:`))?.trim() : undefined;
  return `\n    ${message}${at ? `\n    ${at}` : ''}`;
}
