import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountRefOf } from '../../electron/core/journal/account-scope';
import { openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { type ApiTap, startApiTap } from '../../scripts/torture/api-tap';
import { type HostProcess, signedIn, startHost } from '../../scripts/torture/host-process';
import { checkLedger } from '../../scripts/torture/ledger-check';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import { toSaleSummary } from '../../shared/domain/sale-summary';
import type { TopUp } from '../../shared/domain/topup';
import { money } from '../../shared/money';
import { copySyncedJournal } from '../support/catalogue-template';
import { providerFacts } from '../support/provider-facts';
import { charges, driveEsim, eventually, ledger, SEED } from './money-support';

// These tests start and kill whole counters (child processes, each building its catalogue): on a
// loaded two-core machine one can take longer than the default 30 s without anything being wrong.
const CHILD_PROCESS_TIMEOUT = { timeout: 120_000 };

/**
 * Crashes between every pair of steps of a sale. The counter is the web host in a child process of
 * its own, killed with SIGKILL (no shutdown code runs) at a moment the simulator's faults hold open,
 * then started again on the same journal. A sale's intent and its "sent" mark are one transaction,
 * and the request leaves in the same tick, so no crash can leave a sale in `intent` today; a journal
 * written before they were one transaction can, and that journal is written here as such a crash
 * left it.
 */

const facts = providerFacts(SEED);
let sim: RunningSimulator;
let dataDir: string;
let journalFile: string;
let host: HostProcess | null = null;
let tap: ApiTap;
let starts = 0;

beforeEach(async () => {
  sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  tap = await startApiTap(sim.baseUrl);
  starts = 0;
  dataDir = mkdtempSync(join(tmpdir(), 'money-crash-'));
  journalFile = join(dataDir, 'journal.sqlite');
  await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
});

afterEach(async () => {
  await host?.kill();
  host = null;
  await tap.close();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts the counter, its manager signed in (a live counter sells only with someone signed in); its
 * requests pass through the tap, labelled by which start this is (h1, h2…).
 */
async function startCounter(): Promise<HostProcess> {
  starts += 1;
  host = await startHost({
    dataDir,
    apiBaseUrl: tap.baseUrlFor(`h${starts}`),
    accessCode: sim.defaultAccount.accessCode,
    secretKey: sim.defaultAccount.secretKey,
  });
  return signedIn(host);
}

async function killCounter(): Promise<void> {
  await host?.kill();
  host = null;
}

async function cheapestPackage(counter: HostProcess): Promise<CataloguePackage> {
  const listed = await counter.call<{ packages: CataloguePackage[] }>('listPackages');
  const pkg = [...(listed.value?.packages ?? [])].sort((a, b) => a.cost!.amount - b.cost!.amount)[0];
  if (!pkg) throw new Error('no catalogue');
  return pkg;
}

/** The journal as the test reads it from outside the counter (the file is the truth after a crash). */
function journalSales(): { id: string; state: string; idempotency_key: string; attempts: number }[] {
  const db = new Database(journalFile, { readonly: true });
  try {
    return db.prepare('SELECT id, state, idempotency_key, attempts FROM sales').all() as {
      id: string;
      state: string;
      idempotency_key: string;
      attempts: number;
    }[];
  } finally {
    db.close();
  }
}

/** Waits for the sale to leave the states a crash leaves it in (recovery runs in the background). */
async function recoveredSale(counter: HostProcess, id: string): Promise<SaleSummary> {
  return eventually(`sale ${id} to be recovered`, async () => {
    const got = await counter.call<SaleSummary>('getSale', { id });
    const sale = got.value;
    return sale && !['intent', 'sent'].includes(sale.state) ? sale : null;
  });
}

/** The orders the counter's start number `start` sent. */
function ordersSentBy(start: number): (string | null)[] {
  return tap.orderPosts.filter((p) => p.label === `h${start}`).map((p) => p.idempotencyKey);
}

const control = (): Parameters<typeof checkLedger>[0] => ({
  controlUrl: sim.controlUrl,
  controlToken: sim.controlToken,
  accessCode: sim.defaultAccount.accessCode,
});

/** Stops the counter and checks its journal against the provider's ledger, as the torture does. */
async function expectLedgerMatches(opening: number): Promise<void> {
  await host?.stop();
  host = null;
  expect((await checkLedger(control(), journalFile, opening)).breaches).toEqual([]);
}

describe('a crash at any step of a sale loses nothing and charges once', CHILD_PROCESS_TIMEOUT, () => {
  it('after the intent, before sending: never sent, failed, nothing charged', async () => {
    const counter = await startCounter();
    const pkg = await cheapestPackage(counter);
    await counter.stop();
    host = null;
    const opening = (await ledger(sim)).balanceMinor;
    const db = openJournal({ file: journalFile });
    const intent = new SalesJournal(db).createIntent(
      {
        id: 'crashed-after-intent',
        counterId: 'C1',
        cashierId: null,
        shiftId: null,
        training: false,
        accountRef: accountRefOf(sim.defaultAccount.accessCode),
        packageCode: pkg.code,
        packageName: pkg.name,
        quantity: 2,
        idempotencyKey: 'C1-crashed-after-intent',
        retailUnit: pkg.retail,
        retailTotal: money(pkg.retail.amount * 2, pkg.retail.currency),
      },
      new Date().toISOString(),
    );
    db.close();
    expect(charges((await ledger(sim)).entries)).toHaveLength(0);

    const restarted = await startCounter();
    const sale = await recoveredSale(restarted, intent.id);
    expect(sale.state).toBe('failed');
    if (sale.state === 'failed') expect(sale.error.message).toMatch(/never sent, nothing charged/);
    expect(tap.orderPosts).toEqual([]);
    expect(charges((await ledger(sim)).entries)).toEqual([]);
    await expectLedgerMatches(opening);
  });

  it('after sending, before the provider did anything: recovery finds no order and sends nothing; the cashier sends it again', async () => {
    const counter = await startCounter();
    const pkg = await cheapestPackage(counter);
    const opening = (await ledger(sim)).balanceMinor;
    sim.setFaults({ hangRate: 1, paths: ['POST /esims/order'] });
    void counter.call('sell', { packageCode: pkg.code, quantity: 1 }).catch(() => undefined);
    const sent = await eventually('the sale on the wire', () =>
      journalSales().find((s) => s.state === 'sent'),
    );
    await killCounter();
    expect(charges((await ledger(sim)).entries)).toHaveLength(0);
    sim.setFaults({ hangRate: 0 });

    const restarted = await startCounter();
    const sale = await recoveredSale(restarted, sent.id);
    expect(sale.state).toBe('in_doubt');
    expect(ordersSentBy(2)).toEqual([]);
    const resent = await restarted.call<Sale>('resendSale', { id: sent.id, confirmed: true });
    expect(resent.value).toMatchObject({ state: 'completed', attempts: 2 });
    expect(ordersSentBy(2)).toEqual([sent.idempotency_key]);
    expect(charges((await ledger(sim)).entries).map((c) => c.idempotencyKey)).toEqual([sent.idempotency_key]);
    await expectLedgerMatches(opening);
  });

  it("after the provider charged, before its answer arrived: recovery completes it from the provider's records, sending nothing", async () => {
    // Settled by reads alone, which needs a provider whose order list describes its orders (package,
    // amount, time); a lean or untidy one's may not (docs/api-client.md, "Tested in every answer style").
    sim.setFaults({ answerStyle: 'tidy' });
    const counter = await startCounter();
    const pkg = await cheapestPackage(counter);
    const opening = (await ledger(sim)).balanceMinor;
    sim.setFaults({ hangAfterCommitRate: 1, paths: ['POST /esims/order'] });
    void counter.call('sell', { packageCode: pkg.code, quantity: 3 }).catch(() => undefined);
    const charge = await eventually('the charge', async () => charges((await ledger(sim)).entries)[0]);
    expect(journalSales().map((s) => s.state)).toEqual(['sent']);
    await killCounter();
    sim.setFaults({ hangAfterCommitRate: 0 });

    const restarted = await startCounter();
    const [crashed] = journalSales();
    const sale = await recoveredSale(restarted, crashed!.id);
    expect(sale.state).toBe('completed');
    if (sale.state !== 'completed') return;
    expect(sale.orderReference).toBe(charge.orderReference);
    expect(sale.cost!.amount).toBe(charge.amountMinor);
    expect(sale.esims).toHaveLength(3);
    expect(ordersSentBy(2)).toEqual([]);
    expect(charges((await ledger(sim)).entries)).toHaveLength(1);
    await expectLedgerMatches(opening);
  });

  it("after the answer was lost and the sale journalled in doubt: recovery settles it from the provider's records", async () => {
    // Settled by reads alone, which needs a provider whose order list describes its orders (package,
    // amount, time); a lean or untidy one's may not (docs/api-client.md, "Tested in every answer style").
    sim.setFaults({ answerStyle: 'tidy' });
    const counter = await startCounter();
    const pkg = await cheapestPackage(counter);
    const opening = (await ledger(sim)).balanceMinor;
    // The order list lags: the look right after the lost answer does not show the order yet.
    tap.hideOrdersAfter(new Date());
    sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order'] });
    const answered = await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    expect(answered.value?.state).toBe('in_doubt');
    await killCounter();
    sim.setFaults({ dropAfterCommitRate: 0 });
    tap.hideOrdersAfter(null);

    const restarted = await startCounter();
    const sale = await eventually('the sale completed by recovery', async () => {
      const got = (await restarted.call<Sale>('getSale', { id: answered.value!.id })).value;
      return got?.state === 'completed' ? got : null;
    });
    expect(sale.state).toBe('completed');
    expect(ordersSentBy(2)).toEqual([]);
    expect(charges((await ledger(sim)).entries)).toHaveLength(1);
    await expectLedgerMatches(opening);
  });

  it('after the journal recorded the outcome: nothing is sent again', async () => {
    const counter = await startCounter();
    const pkg = await cheapestPackage(counter);
    const opening = (await ledger(sim)).balanceMinor;
    const answered = await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    expect(answered.value?.state).toBe('completed');
    await killCounter();

    const restarted = await startCounter();
    const sale = await recoveredSale(restarted, answered.value!.id);
    expect(sale).toEqual(toSaleSummary(answered.value!));
    expect(journalSales().map((s) => s.attempts)).toEqual([1]);
    expect(charges((await ledger(sim)).entries)).toHaveLength(1);
    await expectLedgerMatches(opening);
  });

  it('the ledger check itself catches a journal that lost a sale or claims a charge never made', async () => {
    const counter = await startCounter();
    const pkg = await cheapestPackage(counter);
    const opening = (await ledger(sim)).balanceMinor;
    const first = await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    await counter.stop();
    host = null;
    expect((await checkLedger(control(), journalFile, opening)).breaches).toEqual([]);
    const db = new Database(journalFile);
    // A completed sale is never edited by the app; this tamper goes around the journal's guard.
    db.exec('DROP TRIGGER sales_settled_are_final');
    db.prepare(`UPDATE sales SET idempotency_key = 'never-sent' WHERE id = ?`).run(first.value!.id);
    db.close();
    const verdict = await checkLedger(control(), journalFile, opening);
    expect(verdict.breaches).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/has 0 journal sales with its order; sales with its key: none/),
        expect.stringMatching(/made no charge for its key/),
      ]),
    );
  });
});

describe('a crash while a top-up is on the wire', CHILD_PROCESS_TIMEOUT, () => {
  it('is in doubt after the restart, its order found as one a manager may take for it, never sent again', async () => {
    // An order the list describes in full (package, amount, time); a lean or untidy one's may not
    // (docs/api-client.md, "Tested in every answer style").
    sim.setFaults({ answerStyle: 'tidy' });
    const counter = await startCounter();
    const rechargeable = [
      ...((await counter.call<{ packages: CataloguePackage[] }>('listPackages')).value?.packages ?? []),
    ]
      .filter((p) => facts(p.code)?.rechargeable)
      .sort((a, b) => a.cost!.amount - b.cost!.amount);
    let target: { iccid: string; code: string } | null = null;
    for (const pkg of rechargeable.slice(0, 10)) {
      const sold = await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
      if (sold.value?.state !== 'completed') throw new Error('the sale did not complete');
      const iccid = sold.value.esims[0]!.iccid;
      await driveEsim(sim, 'activate', { iccid });
      const options = await counter.call<{ packages: { code: string }[] }>('listTopUpPackages', { iccid });
      const code = options.value?.packages[0]?.code;
      if (code) {
        target = { iccid, code };
        break;
      }
    }
    if (!target) throw new Error('no rechargeable package with top-ups');
    sim.setFaults({ hangAfterCommitRate: 1, paths: ['POST /topup/order'] });
    void counter.call('topUp', { iccid: target.iccid, packageCode: target.code }).catch(() => undefined);
    const charge = await eventually(
      'the top-up charge',
      async () => charges((await ledger(sim)).entries, 'topup')[0],
    );
    await killCounter();
    sim.setFaults({ hangAfterCommitRate: 0 });
    const db = new Database(journalFile, { readonly: true });
    const [crashed] = db.prepare('SELECT id, state FROM topups').all() as { id: string; state: string }[];
    db.close();
    expect(crashed?.state).toBe('sent');

    const restarted = await startCounter();
    // The provider's order may be this top-up's, as far as its list can say: nothing rules it out.
    // Whose it is, a manager decides; the counter never completes it by itself.
    const looked = await eventually("the provider's order found", async () => {
      const got = (await restarted.call<TopUp>('getTopUp', { id: crashed!.id })).value;
      return got?.state === 'in_doubt' &&
        got.search?.orders.some((o) => o.orderReference === charge.orderReference)
        ? got
        : null;
    });
    expect(looked.search?.orders.find((o) => o.orderReference === charge.orderReference)).toMatchObject({
      ruledOut: [],
      amount: { amount: charge.amountMinor },
    });
    await restarted.stop();
    host = null;
    expect(charges((await ledger(sim)).entries, 'topup')).toHaveLength(1);
    // The request the crash cut off was never answered, and no other was made.
    expect(readFileSync(join(dataDir, 'counter.log'), 'utf8')).not.toMatch(/"path":"\/topup\/order"/);
  });
});

describe('recovery acts only on sales of the connected account', CHILD_PROCESS_TIMEOUT, () => {
  it('never reads for, nor sends, a training sale to the live API', async () => {
    const counter = await startCounter();
    const pkg = await cheapestPackage(counter);
    await counter.stop();
    host = null;
    const db = openJournal({ file: journalFile });
    const store = new SalesJournal(db);
    const onTheWire = (id: string, training: boolean, accountRef: string): void => {
      store.createIntent(
        {
          id,
          counterId: 'C1',
          cashierId: null,
          shiftId: null,
          training,
          accountRef,
          packageCode: pkg.code,
          packageName: pkg.name,
          quantity: 1,
          idempotencyKey: `key-${id}`,
          retailUnit: pkg.retail,
          retailTotal: pkg.retail,
          quotedCost: pkg.cost,
        },
        new Date().toISOString(),
      );
      store.markSent(id, new Date().toISOString());
    };
    onTheWire('training-sale', true, accountRefOf('RT-training-account'));
    onTheWire('other-account-sale', false, accountRefOf('RT-another-live-account'));
    onTheWire('this-account-sale', false, accountRefOf(sim.defaultAccount.accessCode));
    db.close();

    const restarted = await startCounter();
    expect((await recoveredSale(restarted, 'this-account-sale')).state).toBe('in_doubt');
    for (const id of ['training-sale', 'other-account-sale']) {
      expect((await restarted.call<Sale>('getSale', { id })).value?.state).toBe('sent');
      const refused = await restarted.call('resolveSale', { id });
      expect(refused.error?.code).toBe('INVALID_STATE');
      const notSent = await restarted.call('resendSale', { id, confirmed: true });
      expect(notSent.error?.code).toBe('INVALID_STATE');
    }
    expect(tap.orderPosts).toEqual([]);
    expect(charges((await ledger(sim)).entries)).toEqual([]);
  });
});
