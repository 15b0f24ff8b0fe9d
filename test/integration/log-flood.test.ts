import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, Redactor, rotatingFile } from '../../electron/core/log';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { type HostProcess, startHost } from '../../scripts/torture/host-process';
import { copySyncedJournal } from '../support/catalogue-template';
import { SEED } from './money-support';

/**
 * The counter's log cannot fill the disk: a flood of bad requests to the web host (malformed
 * addresses, wrong tokens) leaves a few lines, not one per request, and the log files are rotated at
 * a size cap with a few kept. The web host runs in a child process writing its real log file.
 */

let dir: string;
let sim: RunningSimulator | null = null;
let host: HostProcess | null = null;

afterEach(async () => {
  await host?.kill();
  host = null;
  await sim?.close();
  sim = null;
  rmSync(dir, { recursive: true, force: true });
});

function logBytes(dataDir: string): number {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('counter.log'))
    .reduce((sum, name) => sum + statSync(join(dataDir, name)).size, 0);
}

/** A request as an attacker on the machine would send it: raw path bytes, no browser in the way. */
function raw(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const { port } = new URL(origin);
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('a flood of bad requests to the web host', () => {
  it('writes a few lines, not one per request, and the counter still answers', async () => {
    dir = mkdtempSync(join(tmpdir(), 'log-flood-'));
    sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    await copySyncedJournal(dir, { seed: SEED, currency: 'USD' });
    host = await startHost({
      dataDir: dir,
      apiBaseUrl: sim.baseUrl,
      accessCode: sim.defaultAccount.accessCode,
      secretKey: sim.defaultAccount.secretKey,
    });
    const before = logBytes(dir);
    const kinds = [
      () => raw(host!.origin, 'GET', '/%E0%A4%A'),
      () => raw(host!.origin, 'POST', '/api/%E0%A4%A', { authorization: 'Bearer wrong' }),
      () => raw(host!.origin, 'POST', '/api/getStatus', { authorization: 'Bearer wrong' }),
    ];
    const statuses = new Set<number>();
    for (let round = 0; round < 600; round += 1) {
      const answered = await Promise.all(kinds.map((send) => send()));
      for (const status of answered) statuses.add(status);
    }
    // Every one was answered as a refusal; none took the host down.
    expect([...statuses].every((status) => status >= 400 && status < 500)).toBe(true);
    expect((await host.call('getStatus')).ok).toBe(true);
    await host.stop();
    host = null;
    // 1,800 refusals: a handful of lines each kind, the rest counted, well under a line per request.
    const grown = logBytes(dir) - before;
    expect(grown).toBeLessThan(16 * 1024);
    const log = readFileSync(join(dir, 'counter.log'), 'utf8');
    expect(log).toMatch(/web host refused a request/);
  }, 120_000);
});

describe('the log file', () => {
  it('is rotated at its size cap, keeps a few files, and the newest lines are in counter.log', () => {
    dir = mkdtempSync(join(tmpdir(), 'log-rotate-'));
    const file = join(dir, 'counter.log');
    const sink = rotatingFile(file, { maxBytes: 10_000, keep: 3 });
    const log = createLogger(sink.write, new Redactor());
    for (let i = 0; i < 5_000; i += 1) log.info(`line ${i}`, { i, padding: 'x'.repeat(40) });
    sink.close();
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['counter.log', 'counter.log.1', 'counter.log.2', 'counter.log.3']);
    for (const name of files) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(10_000);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('"i":4999');
  });

  it('writes the first few of a line repeated identically, then one count of those it left out', () => {
    dir = mkdtempSync(join(tmpdir(), 'log-repeat-'));
    const lines: string[] = [];
    let now = new Date('2026-11-22T10:00:00.000Z');
    const log = createLogger(
      (line) => lines.push(line),
      new Redactor(),
      () => now,
    );
    for (let i = 0; i < 1_000; i += 1) log.warn('web host refused a request', { status: 401 });
    // Lines that differ are all written.
    for (let i = 0; i < 20; i += 1) log.info('api request', { path: '/esims/order', attempt: i });
    expect(lines).toHaveLength(25);
    now = new Date('2026-11-22T10:01:00.000Z');
    log.warn('web host refused a request', { status: 401 });
    expect(lines.slice(25).map((line) => JSON.parse(line))).toMatchObject([
      {
        level: 'warn',
        message: 'repeated log lines left out',
        repeated: 'web host refused a request',
        count: 995,
      },
      { level: 'warn', message: 'web host refused a request', status: 401, at: '2026-11-22T10:01:00.000Z' },
    ]);
  });
});
