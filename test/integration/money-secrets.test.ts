import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from '@github/keytar';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnswerEncoding, answerBodyText } from '../../electron/core/journal/answers';
import { unpackRecord } from '../../electron/core/journal/chain-record';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { type HostProcess, signedIn, startHost } from '../../scripts/torture/host-process';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { TillView } from '../../shared/domain/shift';
import { copySyncedJournal } from '../support/catalogue-template';
import { startCoreHarness, unwrap } from '../support/core-harness';
import { eventually, SEED } from './money-support';

// These tests start and kill whole counters (child processes, each building its catalogue): on a
// loaded two-core machine one can take longer than the default 30 s without anything being wrong.
const CHILD_PROCESS_TIMEOUT = { timeout: 120_000 };

/**
 * The secret key never reaches the journal, its backups, the log or any PosApi answer, whatever the
 * money paths went through: sales completed, failed and in doubt, a crash and its recovery, wrong
 * credentials tested, credentials stored and cleared.
 */

const cleanup: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Every file under `dir`, recursively, as bytes. */
function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, bytes: readFileSync(path) }];
  });
}

/** What the journal in `dir` stores compressed (the answers kept, the chain's records), as text. */
function journalTexts(dir: string): string[] {
  const db = new Database(join(dir, 'journal.sqlite'), { readonly: true });
  try {
    const answers = db
      .prepare('SELECT body, encoding FROM answers JOIN answer_bodies ON answer_id = id')
      .all() as {
      body: Buffer;
      encoding: AnswerEncoding;
    }[];
    const links = db.prepare('SELECT record, record_encoding FROM chain').all() as {
      record: Buffer;
      record_encoding: string;
    }[];
    expect(answers.length).toBeGreaterThan(0);
    return [
      ...answers.map((answer) => answerBodyText(answer.body, answer.encoding)),
      ...links.map((link) => unpackRecord(link.record, link.record_encoding)),
    ];
  } finally {
    db.close();
  }
}

function expectNowhere(secret: string, places: { path: string; bytes: Buffer }[], texts: string[]): void {
  expect(secret.length).toBeGreaterThanOrEqual(16);
  const lower = secret.toLowerCase();
  for (const { path, bytes } of places) {
    expect(bytes.includes(secret), path).toBe(false);
    expect(bytes.toString('latin1').toLowerCase().includes(lower), path).toBe(false);
  }
  for (const text of texts) expect(text.toLowerCase().includes(lower)).toBe(false);
}

async function cheapest(host: HostProcess): Promise<CataloguePackage> {
  const listed = await host.call<{ packages: CataloguePackage[] }>('listPackages');
  const pkg = [...(listed.value?.packages ?? [])].sort((a, b) => a.cost!.amount - b.cost!.amount)[0];
  if (!pkg) throw new Error('no catalogue');
  return pkg;
}

describe('the secret key stays in memory', CHILD_PROCESS_TIMEOUT, () => {
  // Two starts of the web host and a recovery: longer than the default per-test limit on a busy machine.
  it('is in no journal file, log line or answer of the web host, through faults and a crash', {
    timeout: 60_000,
  }, async () => {
    // The crash's sale is settled by reads, from an order list that describes its orders (docs/api-client.md).
    const sim: RunningSimulator = await startSimulator({
      port: 0,
      seed: SEED,
      balance: 500,
      faults: { answerStyle: 'tidy' },
    });
    cleanup.push(() => sim.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'money-secrets-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
    const { accessCode, secretKey } = sim.defaultAccount;
    const options = { dataDir, apiBaseUrl: sim.baseUrl, accessCode, secretKey };
    const answers: string[] = [];
    let host = await signedIn(await startHost(options));
    cleanup.push(() => host.kill());

    const pkg = await cheapest(host);
    await host.call('getStatus');
    await host.call('getBalance');
    const done = await host.call<Sale>('sell', { packageCode: pkg.code, quantity: 2 });
    expect(done.value?.state).toBe('completed');
    await host.call('getSale', { id: done.value!.id });
    sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order'] });
    // Its answer is lost after the charge; the counter settles it from the provider's records.
    const lost = await host.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    expect(lost.value?.state).toBe('completed');
    sim.setFaults({ dropAfterCommitRate: 0, hangAfterCommitRate: 1 });
    void host.call('sell', { packageCode: pkg.code, quantity: 1 }).catch(() => undefined);
    await eventually('a charge left unanswered', async () => {
      const listed = await host.call<{ sales: Sale[] }>('listSales', { states: ['sent'] });
      return listed.value?.sales.length ? true : null;
    });
    answers.push(...host.answers);
    await host.kill();
    sim.setFaults({ hangAfterCommitRate: 0 });

    host = await signedIn(await startHost(options));
    await eventually('recovery', async () => {
      const listed = await host.call<{ sales: Sale[] }>('listSales', {
        states: ['intent', 'sent', 'in_doubt'],
      });
      return listed.value?.sales.length === 0 ? true : null;
    });
    await host.call('listSales', {});
    await host.call('sell', { packageCode: 'NO-SUCH-PACKAGE', quantity: 1 });
    await host.call('resolveSale', { id: 'no-such-sale' });
    // Wrong credentials tested from the settings screen: the refusal must not echo what was typed.
    await host.call('testConnection', { accessCode, secretKey: `${secretKey}0`, apiBaseUrl: sim.baseUrl });
    await host.call('testConnection', {});
    await host.call('topUp', { iccid: '8988000000000000001', packageCode: 'X', confirmRepeat: false });
    await host.call('listTopUps', {});
    answers.push(...host.answers);
    await host.stop();

    expectNowhere(secretKey, filesUnder(dataDir), [...answers, ...journalTexts(dataDir)]);
    // The log did record the work: the check above looked at a log with content.
    expect(readFileSync(join(dataDir, 'counter.log'), 'utf8')).toMatch(/recovered sales/);
  });

  it('is in no journal file, log line, event or answer when the manager stores live credentials', async () => {
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    cleanup.push(() => sim.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'money-secrets-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const service = `esim-counter-test-${process.pid}-${Date.now()}`;
    cleanup.push(async () => void (await keytar.deletePassword(service, 'reseller-api').catch(() => false)));
    await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
    const h = await startCoreHarness({}, { simulator: sim, dataDir, keychainService: service });
    cleanup.push(() => h.close());
    const live = sim.accounts.find((a) => a.kind === 'business' && a.currency === 'USD')!;
    const answers: string[] = [];
    const call = async <T>(method: string, input: unknown = {}) => {
      const result = await h.call<T>(method, input);
      answers.push(JSON.stringify(result));
      return result;
    };

    unwrap(await call('setManagerPin', { pin: '2468' }));
    await call('testConnection', {
      accessCode: live.accessCode,
      secretKey: live.secretKey,
      apiBaseUrl: sim.baseUrl,
    });
    unwrap(
      await call('setCredentials', {
        pin: '2468',
        accessCode: live.accessCode,
        secretKey: live.secretKey,
        apiBaseUrl: sim.baseUrl,
      }),
    );
    // A new connection syncs its own catalogue (at the API's bulk pace).
    const packages = await eventually(
      'the live catalogue',
      async () => {
        const listed = unwrap(await call<{ packages: CataloguePackage[] }>('listPackages'));
        return listed.packages.length > 0 ? listed.packages : null;
      },
      60_000,
    );
    const pkg = packages[0]!;
    // A live counter sells only with someone signed in: the manager the PIN made.
    const till = unwrap(await call<TillView>('getTill'));
    const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
    unwrap(await call('signIn', { cashierId: manager?.id, pin: '2468' }));
    const sale = unwrap(await call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.training).toBe(false);
    await call('getStatus');
    await call('clearCredentials', { pin: '2468' });
    await h.close();
    cleanup.pop();

    expectNowhere(live.secretKey, filesUnder(dataDir), [
      ...answers,
      ...journalTexts(dataDir),
      ...h.logLines,
      ...h.events.map((e) => JSON.stringify(e)),
    ]);
  });
});
