import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator';
import { call, type Json } from './support/signed-fetch';

const root = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

interface Started {
  readonly child: ChildProcess;
  readonly line: Json;
  readonly stdoutLines: string[];
  readonly stderr: () => string;
}

function startCli(args: readonly string[]): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
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
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/simulator/cli.ts', '--currency', 'GBP'],
      {
        cwd: root,
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise((done) => child.on('exit', done));
    expect(code).toBe(2);
    expect(stderr).toContain('--currency must be USD, IQD or EUR');
  });
});
