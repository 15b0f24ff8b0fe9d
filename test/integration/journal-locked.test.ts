import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { Status } from '../../shared/domain/status';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import type { Result } from '../../shared/errors';
import { copySyncedJournal } from '../support/catalogue-template';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { type GatedProxy, startGatedProxy } from '../support/gated-proxy';
import { holdJournalLock, type LockHolder } from '../support/journal-lock-holder';
import { loggedRecords } from '../support/journal-records';
import { charges, cheapest, driveEsim, eventually, ledger, SEED } from './money-support';

/**
 * The provider answers while another process holds the journal's write lock beyond the wait. The
 * answer must not be lost and the cashier must not be told "nothing was lost, try again": the sale
 * (or top-up) is in doubt, named by its id, and its answer is written as soon as the lock is gone.
 * The counter is a real core on a real journal file; the lock is held by a child process; a proxy in
 * front of the simulator holds the order on the wire while the lock is taken.
 */

const UNSAVED = 'journal-unsaved-answers.jsonl';

let sim: RunningSimulator;
let dataDir: string;
let proxy: GatedProxy | null = null;
let h: CoreHarness | null = null;
let lock: LockHolder | null = null;

afterEach(async () => {
  await lock?.release();
  lock = null;
  await h?.close();
  h = null;
  await proxy?.close();
  proxy = null;
  await sim?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function counterBehind(heldPath: string, timing = { unsavedRetryMs: 100 }): Promise<CoreHarness> {
  sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  dataDir = mkdtempSync(join(tmpdir(), 'journal-locked-'));
  await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
  proxy = await startGatedProxy(sim.baseUrl, heldPath);
  h = await startCoreHarness({}, { dataDir, simulator: sim, apiBaseUrl: proxy.baseUrl, moneyTiming: timing });
  return h;
}

function auditKinds(subject: string): string[] {
  const db = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return loggedRecords(db, (row) => row.subject === subject).map((row) => row.kind);
  } finally {
    db.close();
  }
}

async function packages(counter: CoreHarness): Promise<CataloguePackage[]> {
  return unwrap(await counter.call<{ packages: CataloguePackage[] }>('listPackages')).packages;
}

/**
 * Starts `call` (a sale or a top-up), and once its request is held on the wire, takes the journal's
 * lock in another process and lets the provider answer. Resolves with what the cashier is told.
 */
async function answeredWhileLocked<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
  const calling = call();
  await proxy!.arrived();
  lock = await holdJournalLock(join(dataDir, 'journal.sqlite'));
  proxy!.release();
  return calling;
}

describe('an order answered while another process holds the journal lock', () => {
  it('tells the cashier the sale is in doubt by its id, keeps the answer, and records it once the lock is gone', async () => {
    const counter = await counterBehind('/esims/order');
    const pkg = cheapest(await packages(counter));
    const answer = await answeredWhileLocked(() =>
      counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }),
    );
    expect(answer.ok).toBe(true);
    const sale = unwrap(answer);
    expect(sale.state).toBe('in_doubt');
    if (sale.state !== 'in_doubt') return;
    expect(sale.lastError).toMatchObject({
      code: 'JOURNAL_UNAVAILABLE',
      details: { reason: 'busy', saleId: sale.id },
    });
    expect(sale.lastError.message).not.toMatch(/nothing was lost/i);
    // The answer is kept on disk beside the journal, and the status says why.
    expect(readFileSync(join(dataDir, UNSAVED), 'utf8')).toContain(sale.id);
    expect(unwrap(await counter.call<Status>('getStatus')).storage).toMatchObject({
      state: 'trouble',
      reason: 'busy',
      unsaved: 1,
    });

    await lock?.release();
    lock = null;
    const done = await eventually('the kept answer to be written', () =>
      counter.events.find(
        (e): e is Extract<typeof e, { type: 'sale.updated' }> =>
          e.type === 'sale.updated' && e.sale.id === sale.id && e.sale.state === 'completed',
      ),
    );
    expect(done.sale.state).toBe('completed');
    expect(unwrap(await counter.call<Sale>('getSale', { id: sale.id })).state).toBe('completed');
    expect(auditKinds(sale.id)).toEqual(['sale.sent', 'sale.completed']);
    expect(unwrap(await counter.call<Status>('getStatus')).storage).toEqual({ state: 'ok' });
    // The screen was told as the trouble came and went.
    const shown = counter.events.flatMap((e) => (e.type === 'status.changed' ? [e.status.storage] : []));
    expect(shown).toContainEqual(expect.objectContaining({ state: 'trouble', reason: 'busy', unsaved: 1 }));
    expect(shown.at(-1)).toEqual({ state: 'ok' });
    expect(existsSync(join(dataDir, UNSAVED))).toBe(false);
    const orders = charges((await ledger(sim)).entries);
    expect(orders.filter((o) => o.idempotencyKey === sale.idempotencyKey)).toHaveLength(1);
  });

  it('a counter closed while the answer is kept writes it at its next start, and never sends the sale again', async () => {
    const counter = await counterBehind('/esims/order');
    const pkg = cheapest(await packages(counter));
    const sale = unwrap(
      await answeredWhileLocked(() => counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 })),
    );
    expect(sale.state).toBe('in_doubt');

    await counter.close();
    h = null;
    await lock?.release();
    lock = null;
    h = await startCoreHarness({}, { dataDir, simulator: sim, apiBaseUrl: proxy!.baseUrl });
    const after = unwrap(await h.call<Sale>('getSale', { id: sale.id }));
    expect(after.state).toBe('completed');
    expect(existsSync(join(dataDir, UNSAVED))).toBe(false);
    const orders = charges((await ledger(sim)).entries);
    expect(orders.filter((o) => o.idempotencyKey === sale.idempotencyKey)).toHaveLength(1);
    expect(auditKinds(sale.id)).toEqual(['sale.sent', 'sale.completed']);
  });
});

describe('a top-up answered while another process holds the journal lock', () => {
  it('is in doubt by its id until the lock is gone, then completed from the kept answer', async () => {
    const counter = await counterBehind('/topup/order');
    const rechargeable = (await packages(counter)).filter((p) => p.isRechargeable);
    let iccid: string | null = null;
    let option: TopUpOption | null = null;
    for (const pkg of rechargeable.sort((a, b) => a.cost!.amount - b.cost!.amount).slice(0, 10)) {
      const sold = unwrap(await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
      if (sold.state !== 'completed') throw new Error(`the sale ended ${sold.state}`);
      const candidate = sold.esims[0]!.iccid;
      await driveEsim(sim, 'activate', { iccid: candidate });
      const listed = await counter.call<{ packages: TopUpOption[] }>('listTopUpPackages', {
        iccid: candidate,
      });
      option = listed.ok
        ? ([...listed.value.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0] ?? null)
        : null;
      if (option) {
        iccid = candidate;
        break;
      }
    }
    if (!iccid || !option) throw new Error('no rechargeable package with top-ups in the catalogue');

    const topUp = unwrap(
      await answeredWhileLocked(() =>
        counter.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: false }),
      ),
    );
    expect(topUp.state).toBe('in_doubt');
    if (topUp.state !== 'in_doubt') return;
    expect(topUp.lastError).toMatchObject({
      code: 'JOURNAL_UNAVAILABLE',
      details: { reason: 'busy', topUpId: topUp.id },
    });

    await lock?.release();
    lock = null;
    const done = await eventually('the kept top-up answer to be written', async () => {
      const got = unwrap(await counter.call<TopUp>('getTopUp', { id: topUp.id }));
      return got.state === 'completed' ? got : null;
    });
    expect(done).toMatchObject({ inferred: false, cost: option.cost });
    expect(auditKinds(topUp.id)).toEqual(['topup.sent', 'topup.completed']);
    expect(charges((await ledger(sim)).entries, 'topup')).toHaveLength(1);
  });
});
