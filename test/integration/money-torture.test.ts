import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerStyleFromEnvironment } from '../../electron/simulator/index';

/**
 * `npm run torture` with a small N, as CI runs it: the web host killed with SIGKILL four times while
 * selling and topping up under 5xx, dropped answers and latency (in the tidy style once after a
 * downtime longer than a key is trusted for), a second counter on the same account topping the same
 * eSIMs up while the first is down; then the journal checked against the simulator's ledger, every
 * order on the wire against the cashier calls open when it was sent, and both counters' top-ups
 * against the answers each received. The run decides; this test reads its verdict. With `--ledger`
 * the counters are a shop of three on a real PostgreSQL, which is killed too, and every counter's
 * journal is checked against the ledger.
 */

const ROOT = resolve(import.meta.dirname, '../..');
/**
 * The run's answer style (ESIM_TEST_ANSWER_STYLE). A lean or untidy provider's order list cannot
 * prove a sale whose key is older than a day (docs/api-client.md, "Tested in every answer style"):
 * such a sale stays in doubt for the manager, so the styled runs leave the long downtime out and hold
 * every other invariant.
 */
const ANSWER_STYLE = answerStyleFromEnvironment() ?? 'tidy';
const LONG_DOWNTIMES = ANSWER_STYLE === 'tidy' ? 1 : 0;

function torture(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/torture.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run torture', () => {
  it('keeps every invariant through kills at random moments under faults', { timeout: 360_000 }, async () => {
    const run = await torture([
      '--sales',
      '40',
      '--kills',
      '4',
      '--seed',
      '11',
      '--long-downtimes',
      String(LONG_DOWNTIMES),
    ]);
    expect(run.stderr).toBe('');
    // On a breach the report says which invariant broke and for which sale: keep it in the failure.
    expect(run.code, run.stdout.slice(-4000)).toBe(0);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1)) as {
      kills: number;
      longDowntimes: number;
      openThroughLongDowntimes: number;
      ordersWithoutCashier: number;
      salesRequested: number;
      journalSales: number;
      journalByState: Record<string, number>;
      chargedOpen: { id: string; state: string; quantity: number }[];
      apiCharges: number;
      breaches: number;
      topUpsAsked: { first: number; second: number };
      phantomTopUps: number;
    };
    expect(report.kills).toBe(4);
    expect(report.longDowntimes).toBe(LONG_DOWNTIMES);
    if (LONG_DOWNTIMES > 0) expect(report.openThroughLongDowntimes).toBeGreaterThan(0);
    expect(report.ordersWithoutCashier).toBe(0);
    expect(run.stdout).toMatch(/^orders placed without a cashier: 0$/m);
    expect(report.salesRequested).toBe(40);
    expect(report.breaches).toBe(0);
    // Each kill cut off a top-up of the first counter; the second topped the same eSIM up meanwhile.
    expect(report.topUpsAsked).toEqual({ first: 4, second: 4 });
    expect(report.phantomTopUps).toBe(0);
    expect(run.stdout).toMatch(/^phantom top-ups: 0$/m);
    // Nothing left in doubt either: every sale of the short run is settled.
    expect(run.stdout).toMatch(/^left in doubt for the manager: 0 charged once, 0 not charged$/m);
    // Every charge is a completed sale, but for one case the answers cannot settle: a lean or untidy
    // list may give a later eSIM of a pending order of several without its install details
    // (docs/api-client.md, "Read every eSIM of a pending order of several"). Such a sale stays pending,
    // charged and journalled, and goes to support after the provider's window. A tidy provider leaves
    // none; a sale of one eSIM completes in every style.
    const open = report.chargedOpen;
    if (ANSWER_STYLE === 'tidy') expect(open).toEqual([]);
    for (const sale of open) expect(sale.quantity, JSON.stringify(sale)).toBeGreaterThan(1);
    const completed = report.journalByState.completed ?? 0;
    expect(report.apiCharges, JSON.stringify(report.journalByState)).toBe(completed + open.length);
    expect(report.journalSales).toBe(completed + (report.journalByState.failed ?? 0) + open.length);
    expect(run.stdout).toMatch(/^OK: \d+ charges, each with exactly one journal sale/m);
  });

  it('keeps every record in the shop ledger exactly once through kills of three counters and of PostgreSQL', {
    timeout: 420_000,
  }, async () => {
    const run = await torture([
      '--sales',
      '4',
      '--kills',
      '2',
      '--seed',
      '7',
      '--long-downtimes',
      '0',
      '--ledger',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout.slice(-4000)).toBe(0);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1)) as {
      kills: number;
      breaches: number;
      shopLedger: {
        thirdTopUps: number;
        postgresKills: number;
        links: Record<string, { journal: number; ledger: number }>;
        lost: number;
        double: number;
        phantom: number;
        problems: number;
      };
    };
    expect(report.kills).toBe(2);
    expect(report.breaches).toBe(0);
    // The first counter killed twice mid-sale, the third after each of its top-ups, PostgreSQL once.
    expect(report.shopLedger).toMatchObject({
      thirdTopUps: 2,
      postgresKills: 1,
      lost: 0,
      double: 0,
      phantom: 0,
      problems: 0,
    });
    // Each counter's whole chain is in the ledger, link for link.
    expect(Object.keys(report.shopLedger.links)).toEqual([
      'first counter',
      'second counter',
      'third counter',
    ]);
    for (const [name, links] of Object.entries(report.shopLedger.links)) {
      expect(links.journal, name).toBeGreaterThan(0);
      expect(links.ledger, name).toBe(links.journal);
    }
    expect(run.stdout).toMatch(/^shop ledger: 0 lost, 0 double, 0 phantom, 0 problems$/m);
  });

  it('refuses a run it cannot do, saying which argument is wrong', async () => {
    const run = await torture(['--sales', 'many']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--sales must be a whole number/);
  });
});
