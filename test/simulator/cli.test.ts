import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../electron/simulator/cli-args';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator, tidyEnvironment } from './support/tidy-simulator';

const root = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

interface Started {
  readonly child: ChildProcess;
  readonly line: Json;
  readonly stdoutLines: string[];
  readonly stderr: () => string;
}

function startCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...tidyEnvironment(), ...env },
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stdoutLines: string[] = [];
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (text) => {
      stdoutLines.push(text);
      if (stdoutLines.length === 1) {
        resolvePromise({ child, line: JSON.parse(text), stdoutLines, stderr: () => stderr });
      }
    });
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}: ${stderr}`)));
  });
}

/** Runs the CLI to its end (for flags it refuses); resolves with its exit code and stderr. */
async function runToExit(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: unknown; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', ...args], {
    cwd: root,
    env: { ...tidyEnvironment(), ...env },
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const code = await new Promise((done) => child.on('exit', done));
  return { code, stderr };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done(child.exitCode);
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}

afterEach(async () => {
  await Promise.all(children.splice(0).map(stop));
});

describe('npm run simulator (cli.ts)', () => {
  it('prints one JSON line with the base URL, the default credentials and every account', async () => {
    const { line, child, stdoutLines, stderr } = await startCli([
      '--port',
      '0',
      '--seed',
      '5',
      '--currency',
      'IQD',
      '--balance',
      '250000',
    ]);
    expect(line.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/business$/);
    expect(line.accounts.map((a: { kind: string; currency: string }) => `${a.kind}:${a.currency}`)).toEqual([
      'business:USD',
      'business:IQD',
      'enterprise:EUR',
      'personal:USD',
    ]);
    const iqd = line.accounts[1];
    expect(line.accessCode).toBe(iqd.accessCode);
    expect(line.secretKey).toBe(iqd.secretKey);
    const balance = await call(line.baseUrl, line, 'GET', '/balance');
    expect(balance.body.data).toEqual({ balance: 250000, currency: 'IQD' });
    // The same seed gives the same credentials in-process as from the command line.
    const inProcess = await startSimulator({ seed: 5 });
    expect(inProcess.accounts).toEqual(line.accounts);
    await inProcess.close();
    expect(await stop(child)).toBe(0);
    expect(stdoutLines).toHaveLength(1);
    for (const account of line.accounts) expect(stderr()).not.toContain(account.secretKey);
  });

  it('keeps state in a --data file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
    try {
      const file = join(dir, 'training.sqlite');
      const first = await startCli(['--seed', '6', '--data', file, '--balance', '40']);
      const packages = await call(first.line.baseUrl, first.line, 'GET', '/esims/packages?limit=1');
      const [pkg] = packages.body.data.packages;
      const placed = await call(first.line.baseUrl, first.line, 'POST', '/esims/order', {
        body: { packageCode: pkg.package_code },
      });
      expect(placed.status).toBe(200);
      await stop(first.child);
      const second = await startCli(['--seed', '6', '--data', file, '--balance', '999']);
      const status = await call(
        second.line.baseUrl,
        second.line,
        'GET',
        `/esims/order?orderReference=${placed.body.orderReference}`,
      );
      expect(status.body.order.status).toBe('completed');
      const balance = await call(second.line.baseUrl, second.line, 'GET', '/balance');
      expect(balance.body.data.balance).toBe(placed.body.newBalance);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad flag with a message naming it, and exits with status 2', async () => {
    const { code, stderr } = await runToExit(['--currency', 'GBP']);
    expect(code).toBe(2);
    expect(stderr).toContain('--currency must be USD, IQD or EUR');
  });
});

describe('fault flags', () => {
  it('maps every fault flag onto the options', () => {
    const options = parseArgs([
      '--latency-ms',
      '250',
      '--jitter-ms=50',
      '--fail-rate',
      '0.1',
      '--drop-after-commit-rate',
      '0.2',
      '--hang-rate',
      '0.01',
      '--pending-rate',
      '0.3',
      '--pending-delay-ms',
      '-1',
      '--clock-offset-ms',
      '-90000',
      '--provider-error-rate',
      '0.5',
      '--rate-limit-storm-rate',
      '0.05',
      '--fault-paths',
      'POST /esims/order, /balance',
      '--time-scale',
      '60',
      '--rate-limit',
      '5/50/500',
    ]);
    expect(options.faults).toEqual({
      latencyMs: 250,
      jitterMs: 50,
      failRate: 0.1,
      dropAfterCommitRate: 0.2,
      hangRate: 0.01,
      pendingRate: 0.3,
      pendingDelayMs: -1,
      clockOffsetMs: -90000,
      providerErrorRate: 0.5,
      rateLimitStormRate: 0.05,
      paths: ['POST /esims/order', '/balance'],
    });
    expect(options.timeScale).toBe(60);
    expect(options.rateLimit).toEqual({ perMinute: 5, perHour: 50, perDay: 500 });
  });

  it('names the flag that is wrong', () => {
    expect(() => parseArgs(['--fail-rate', 'often'])).toThrow('--fail-rate needs a number');
    expect(() => parseArgs(['--port', '70000'])).toThrow('--port');
    expect(() => parseArgs(['--frobnicate'])).toThrow('unknown option --frobnicate');
    expect(() => parseArgs(['--rate-limit', '0'])).toThrow('--rate-limit');
  });

  it('starts with the faults the flags ask for', async () => {
    const { line } = await startCli([
      '--fail-rate',
      '1',
      '--fault-paths',
      'GET /balance',
      '--rate-limit',
      '7',
    ]);
    const balance = await call(line.baseUrl, line, 'GET', '/balance');
    expect(balance.status).toBe(500);
    expect(balance.headers.get('x-ratelimit-limit')).toBe('7');
    const faults = await control(line, 'GET', '/faults');
    expect(faults.body).toMatchObject({ failRate: 1, paths: ['GET /balance'] });
  });

  it('refuses a rate outside 0 to 1 at start', async () => {
    const { code, stderr } = await runToExit(['--fail-rate', '3']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('failRate must be a number from 0 to 1');
  });
});

describe('answer style', () => {
  const packageKeys = async (line: Json): Promise<string[]> => {
    const res = await call(line.baseUrl, line, 'GET', '/esims/packages?limit=1');
    return Object.keys(res.body.data.packages[0]).sort();
  };

  it('maps --answer-style onto the faults and refuses a style it does not know', () => {
    expect(parseArgs(['--answer-style', 'lean']).faults).toEqual({ answerStyle: 'lean' });
    expect(parseArgs(['--answer-style=untidy']).faults).toEqual({ answerStyle: 'untidy' });
    expect(() => parseArgs(['--answer-style', 'messy'])).toThrow('--answer-style must be tidy, lean, untidy');
  });

  it('answers in the style the flag names, and in ESIM_TEST_ANSWER_STYLE when no flag names one', async () => {
    const lean = await startCli(['--answer-style', 'lean']);
    expect(await packageKeys(lean.line)).toEqual(['cost', 'currency', 'package_code']);
    expect((await control(lean.line, 'GET', '/faults')).body.answerStyle).toBe('lean');
    const fromEnvironment = await startCli([], { ESIM_TEST_ANSWER_STYLE: 'lean' });
    expect(await packageKeys(fromEnvironment.line)).toEqual(['cost', 'currency', 'package_code']);
    const flagFirst = await startCli(['--answer-style', 'tidy'], { ESIM_TEST_ANSWER_STYLE: 'lean' });
    expect(await packageKeys(flagFirst.line)).toContain('name');
  });

  it('refuses an unknown ESIM_TEST_ANSWER_STYLE at start', async () => {
    const { code, stderr } = await runToExit([], { ESIM_TEST_ANSWER_STYLE: 'messy' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('ESIM_TEST_ANSWER_STYLE must be tidy, lean, untidy, not "messy"');
  });
});
