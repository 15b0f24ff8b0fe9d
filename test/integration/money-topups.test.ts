import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { accountRefOf } from '../../electron/core/journal/account-scope';
import { openJournal } from '../../electron/core/journal/database';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { CLOCK_MARGIN_MS } from '../../electron/core/money/send-window';
import { IN_DOUBT_SEPARATION_MS } from '../../electron/core/topups/topup';
import type { SimulatorOptions } from '../../electron/simulator/index';
import { type ApiTap, startApiTap } from '../../scripts/torture/api-tap';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { TopUp, TopUpOption, TopUpOrderSeen } from '../../shared/domain/topup';
import { unwrap } from '../support/core-harness';
import { loggedRecords } from '../support/journal-records';
import { providerFacts } from '../support/provider-facts';
import { startClockedSimulator } from '../support/test-clock';
import {
  announcedBalance,
  type Counter,
  charges,
  driveEsim,
  eventually,
  FAST_TIMING,
  journalColumn,
  keptAnswers,
  type LedgerEntry,
  ledger,
  SEED,
  setBalance,
  startCounter,
} from './money-support';

const facts = providerFacts(SEED);
let counter: Counter | null = null;
let other: Counter | null = null;
let tap: ApiTap | null = null;

afterEach(async () => {
  await other?.close();
  await counter?.close();
  await tap?.close();
  await counter?.sim.close();
  counter = null;
  other = null;
  tap = null;
});

interface Toppable {
  readonly c: Counter;
  readonly iccid: string;
  readonly option: TopUpOption;
  /** Every request of the counter passes through it. */
  readonly tap: ApiTap;
}

/** A counter that has sold an eSIM of a rechargeable package, now active on a network, and its cheapest top-up. */
async function soldAndActive(simOptions: SimulatorOptions = {}): Promise<Toppable> {
  const sim = await startClockedSimulator({ port: 0, seed: SEED, balance: 500, ...simOptions });
  tap = await startApiTap(sim.baseUrl);
  const c = await startCounter({}, { sim, apiBaseUrl: tap.baseUrlFor('counter') });
  counter = c;
  const rechargeable = [...c.packages]
    .filter((p: CataloguePackage) => facts(p.code)?.rechargeable)
    .sort((a, b) => a.cost!.amount - b.cost!.amount);
  for (const pkg of rechargeable.slice(0, 10)) {
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
    const iccid = sale.esims[0]!.iccid;
    await driveEsim(c.sim, 'activate', { iccid });
    const listed = await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid });
    const option = listed.ok
      ? [...listed.value.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0]
      : null;
    if (option) return { c, iccid, option, tap };
  }
  throw new Error('no rechargeable package with top-ups in the catalogue');
}

/** How many orders the counter read on their own (GET /esims/order). */
function recordReads(c: Counter): number {
  return c.h.logLines.filter((l) => l.includes('"method":"GET"') && l.includes('"path":"/esims/order"'))
    .length;
}

function topUpPosts(c: Counter): number {
  return c.h.logLines.filter((l) => l.includes('"path":"/topup/order"') && l.includes('"attempt"')).length;
}

/**
 * A top-up the provider performs whose answer is lost on the way back (the provider charged it);
 * returns it as the counter recorded it, and the provider's charges for top-ups.
 */
async function lostAnswer({ c, iccid, option }: Toppable): Promise<{ topUp: TopUp; paid: LedgerEntry[] }> {
  c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /topup/order'] });
  const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
  c.sim.setFaults({ dropAfterCommitRate: 0 });
  return { topUp, paid: charges((await ledger(c.sim)).entries, 'topup') };
}

/**
 * A second counter of the shop, on the same account, tops the same eSIM up with the same package,
 * after the first counter stopped waiting for its own top-up, and completes it.
 */
async function anotherCounterTopsUp({
  c,
  iccid,
  option,
}: Pick<Toppable, 'c' | 'iccid' | 'option'>): Promise<void> {
  other = await startCounter({}, { sim: c.sim });
  c.clock.advance(CLOCK_MARGIN_MS + 1_000);
  const theirs = unwrap(await other.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
  expect(theirs.state).toBe('completed');
}

/**
 * The orders the counter's look at the provider's list found for an in-doubt top-up, once `until`
 * holds of them. Each order says what rules it out (nothing: it may be the top-up's own).
 */
function ordersFound(
  c: Counter,
  id: string,
  what: string,
  until: (orders: readonly TopUpOrderSeen[]) => boolean,
): Promise<readonly TopUpOrderSeen[]> {
  return eventually(what, async () => {
    const got = unwrap(await c.h.call<TopUp>('getTopUp', { id }));
    if (got.state !== 'in_doubt') throw new Error(`the top-up is ${got.state}: only a manager settles it`);
    return got.search && until(got.search.orders) ? got.search.orders : null;
  });
}

/** The top-up orders found, by reference, with what rules each out. */
function topUpOrders(orders: readonly TopUpOrderSeen[]): Record<string, readonly string[]> {
  return Object.fromEntries(
    orders.filter((o) => o.orderReference.startsWith('TOP-')).map((o) => [o.orderReference, o.ruledOut]),
  );
}

describe('top-ups', () => {
  it('records the eSIM first, sends once, and keeps what the provider charged and answered', async () => {
    const { c, iccid, option } = await soldAndActive();
    const before = (await ledger(c.sim)).balanceMinor;
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('completed');
    if (topUp.state !== 'completed') return;
    expect(topUp).toMatchObject({ iccid, packageCode: option.code, inferred: false, retail: option.retail });
    expect(topUp.cost).toEqual(option.cost);
    expect(topUp.margin?.amount).toBe(option.retail.amount - option.cost!.amount);
    // The eSIM's volume before and after is information, given when the provider states it.
    if (topUp.before.totalMb !== null && topUp.newTotalGb !== null) {
      expect(topUp.newTotalGb * 1024).toBeGreaterThan(topUp.before.totalMb);
    }
    const after = await ledger(c.sim);
    expect(charges(after.entries, 'topup')).toEqual([
      expect.objectContaining({ orderReference: topUp.orderReference, amountMinor: option.cost!.amount }),
    ]);
    expect(after.balanceMinor).toBe(before - option.cost!.amount);
    expect(announcedBalance(c.h)?.balance.amount).toBe(after.balanceMinor);
    if (topUp.newBalance) expect(topUp.newBalance.amount).toBe(after.balanceMinor);
    expect(unwrap(await c.h.call<TopUp>('getTopUp', { id: topUp.id }))).toEqual(topUp);
    // The reading the snapshot came from and the provider's answer are kept verbatim.
    const beforeRaw = JSON.parse(String(journalColumn(c.dataDir, 'topups', topUp.id, 'before_raw')));
    expect(beforeRaw.data.esim.iccid).toBe(iccid);
    const kept = keptAnswers(c.dataDir, 'topup', topUp.id);
    expect(kept).toEqual([expect.objectContaining({ request: 'POST /topup/order', send: 1, status: 200 })]);
    const answer = JSON.parse(kept[0]?.body ?? '');
    expect(answer).toMatchObject({ orderReference: topUp.orderReference, iccid });
    expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', { iccid })).topUps).toEqual([topUp]);
    const states = c.h.events.flatMap((e) =>
      e.type === 'topup.updated' && e.topUp.id === topUp.id ? [e.topUp.state] : [],
    );
    expect(states).toEqual(['intent', 'sent', 'completed']);
    expect(topUpPosts(c)).toBe(1);
  });

  it('needs confirmRepeat for a second top-up of one eSIM within ten minutes, and sends nothing without it', async () => {
    const { c, iccid, option } = await soldAndActive();
    unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    const refused = await c.h.call('topUp', { iccid, packageCode: option.code });
    expect(refused.ok ? null : refused.error.code).toBe('CONFIRMATION_REQUIRED');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(1);
    expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', { iccid })).topUps).toHaveLength(1);
    const second = unwrap(
      await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
    );
    expect(second.state).toBe('completed');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(2);
  });

  it('refuses a top-up quoted at a price that has changed, before anything is recorded or sent', async () => {
    const { c, iccid, option } = await soldAndActive();
    unwrap(await c.h.call('setManagerPin', { pin: '2468' }));
    unwrap(
      await c.h.call('setPricing', {
        pin: '2468',
        pricing: {
          rules: [{ scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: 5000 } }],
          roundingSteps: {},
        },
      }),
    );
    const relisted = unwrap(await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid }));
    const now = relisted.packages.find((o) => o.code === option.code)?.retail;
    expect(now?.amount).toBeGreaterThan(option.retail.amount);

    const refused = await c.h.call('topUp', { iccid, packageCode: option.code, quotedTotal: option.retail });
    expect(refused.ok ? null : refused.error.code).toBe('PRICE_CHANGED');
    if (refused.ok) return;
    expect(refused.error.details).toEqual({ quoted: option.retail, current: now, packageCode: option.code });
    expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', { iccid })).topUps).toEqual([]);
    expect(topUpPosts(c)).toBe(0);
    expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);

    // Quoted again at the new price, it goes through at that price.
    const topUp = unwrap(
      await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, quotedTotal: now }),
    );
    expect(topUp).toMatchObject({ state: 'completed', retail: now });
  });

  it('writes the intent and its "sent" mark as one: a mark the journal refuses leaves nothing and sends nothing', async () => {
    const { c, iccid, option } = await soldAndActive();
    // Another connection to the journal makes it refuse the mark, as a fault after the intent would.
    const db = new Database(join(c.dataDir, 'journal.sqlite'));
    const from = c.h.events.length;
    const topUpStates = (): string[] =>
      c.h.events.slice(from).flatMap((e) => (e.type === 'topup.updated' ? [e.topUp.state] : []));
    try {
      db.exec(`CREATE TRIGGER refuse_sent BEFORE UPDATE OF state ON topups WHEN NEW.state = 'sent'
               BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
      const refused = await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code });
      expect(refused.ok ? null : refused.error.code).toBe('INTERNAL');
      expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', {})).topUps).toEqual([]);
      expect(loggedRecords(db, (record) => record.kind.startsWith('topup.'))).toEqual([]);
      expect(topUpPosts(c)).toBe(0);
      expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);
      expect(topUpStates()).toEqual([]);
      db.exec('DROP TRIGGER refuse_sent');
    } finally {
      db.close();
    }
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('completed');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(1);
    expect(topUpStates()).toEqual(['intent', 'sent', 'completed']);
  });

  it('refuses a package the eSIM is not offered, recording nothing', async () => {
    const { c, iccid } = await soldAndActive();
    const refused = await c.h.call('topUp', { iccid, packageCode: 'NOT-A-TOPUP' });
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_TOPUP_PACKAGE');
    expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', {})).topUps).toEqual([]);
  });

  it('fails a top-up the provider refuses, with nothing charged', async () => {
    const { c, iccid, option } = await soldAndActive();
    await setBalance(c.sim, 0);
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('failed');
    if (topUp.state === 'failed') expect(topUp.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);
    // A failed top-up charged nothing: trying again needs no confirmation.
    await setBalance(c.sim, 100);
    expect(unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code })).state).toBe(
      'completed',
    );
  });

  it('an answer lost after the provider applied it, with stale usage and a lagging order list: in doubt, its order a candidate once listed, never settled by itself, never re-sent', async () => {
    const { c, iccid, option, tap } = await soldAndActive({ faults: { answerStyle: 'tidy' } });
    // The eSIM's usage keeps answering as it was before the top-up, and the order list lags behind.
    tap.freezeReads(['/esims/usage/query']);
    tap.hideOrdersAfter(c.clock.now());
    c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /topup/order'] });
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('in_doubt');
    c.sim.setFaults({ dropAfterCommitRate: 0 });
    // An unchanged eSIM and an empty list prove nothing: it stays in doubt.
    await ordersFound(c, topUp.id, 'a look at the lagging list', (orders) =>
      orders.every((o) => !o.orderReference.startsWith('TOP-')),
    );
    const paid = charges((await ledger(c.sim)).entries, 'topup');
    expect(paid.map((p) => p.amountMinor)).toEqual([option.cost!.amount]);
    // The list catches up: its order is one the provider may have placed for this top-up, no more:
    // another writer's top-up of this eSIM and package would look the same. A manager decides.
    tap.hideOrdersAfter(null);
    const found = await ordersFound(
      c,
      topUp.id,
      'the order listed',
      (orders) => topUpOrders(orders)[paid[0]?.orderReference ?? ''] !== undefined,
    );
    expect(topUpOrders(found)).toEqual({ [paid[0]?.orderReference ?? '']: [] });
    expect(found.find((o) => o.orderReference === paid[0]?.orderReference)).toMatchObject({
      packageCode: option.code,
      iccid,
      amount: option.cost,
    });
    expect(unwrap(await c.h.call<TopUp>('getTopUp', { id: topUp.id })).state).toBe('in_doubt');
    expect(topUpPosts(c)).toBe(1);
    const states = c.h.events.flatMap((e) =>
      e.type === 'topup.updated' && e.topUp.id === topUp.id ? [e.topUp.state] : [],
    );
    expect(new Set(states)).toEqual(new Set(['intent', 'sent', 'in_doubt']));
  });

  it("a lost answer and an order list that gives orders by reference alone: the order's record names its package, eSIM and time, and it is a candidate", async () => {
    // A provider whose list is as lean as can be, and whose order record names the package, the eSIM
    // and the date (a fully lean provider's record names neither package nor date: see below).
    const toppable = await soldAndActive({ faults: { answerStyle: 'tidy' } });
    const { c, iccid, option, tap } = toppable;
    tap.terseOrders(true);
    const { topUp, paid } = await lostAnswer(toppable);
    expect(paid.map((p) => p.amountMinor)).toEqual([option.cost!.amount]);
    const reference = paid[0]?.orderReference ?? '';
    const found = await ordersFound(c, topUp.id, 'the order read on its own', (orders) =>
      orders.some((o) => o.orderReference === reference && o.packageCode !== null),
    );
    expect(found.find((o) => o.orderReference === reference)).toMatchObject({
      packageCode: option.code,
      iccid,
      placedWithinMs: 0,
      ruledOut: [],
    });
    expect(recordReads(c)).toBeGreaterThan(0);
    expect(topUpPosts(c)).toBe(1);
  });

  it("a lost answer and an order list that dates its orders to the minute: judged on the order record's exact time", async () => {
    // A top-up's window is seconds long, so the minute "9:52 PM" always reaches outside it; the record's
    // time says whether the order was placed while the top-up was on the wire.
    const toppable = await soldAndActive({ faults: { answerStyle: 'tidy' } });
    const { c, tap } = toppable;
    tap.ordersToTheMinute(true);
    const { topUp, paid } = await lostAnswer(toppable);
    const reference = paid[0]?.orderReference ?? '';
    const found = await ordersFound(c, topUp.id, 'the order read on its own', (orders) =>
      orders.some((o) => o.orderReference === reference && o.placedWithinMs === 0),
    );
    expect(found.find((o) => o.orderReference === reference)?.ruledOut).toEqual([]);
    expect(topUpPosts(c)).toBe(1);
  });

  it('with an order list that gives orders by reference alone, an order another record claims and one placed after the counter stopped waiting are never candidates', async () => {
    const { c, iccid, option, tap } = await soldAndActive({ faults: { answerStyle: 'tidy' } });
    // The list names no order's eSIM, package or date, and is filtered by whole days: every top-up
    // of the day is in it, and only the orders' records can tell them apart.
    tap.terseOrders(true);
    tap.ordersByDay(true);
    const first = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    if (first.state !== 'completed') throw new Error(`the first top-up ended ${first.state}`);
    // The second is refused before the provider performs it: its send window holds the first's order.
    c.sim.setFaults({ failRate: 1, paths: ['POST /topup/order'] });
    const lost = unwrap(
      await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
    );
    expect(lost.state).toBe('in_doubt');
    c.sim.setFaults({ failRate: 0 });
    await anotherCounterTopsUp({ c, iccid, option });
    const theirs = charges((await ledger(c.sim)).entries, 'topup')
      .map((p) => p.orderReference ?? '')
      .find((reference) => reference !== first.orderReference);
    // Each order read on its own: the first is claimed by the first top-up; the other counter's was
    // placed after this counter stopped waiting.
    const found = await ordersFound(
      c,
      lost.id,
      'both orders judged on their records',
      (orders) =>
        orders.filter((o) => o.ruledOut.length > 0 && o.orderReference.startsWith('TOP-')).length === 2,
    );
    expect(topUpOrders(found)).toEqual({
      [first.orderReference ?? '']: ['claimed_here'],
      [theirs ?? '']: ['placed_after_wait'],
    });
    expect(found.find((o) => o.orderReference === first.orderReference)?.claimedByReceipt).toBe(
      first.receiptNumber,
    );
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(2);
    expect(topUpPosts(c)).toBe(2);
  }, 60_000);

  it('a provider lean in every answer: its order record names neither package nor date, so the order stays a candidate, nothing ruling it out', async () => {
    const toppable = await soldAndActive({ faults: { answerStyle: 'lean' } });
    const { c } = toppable;
    const { topUp, paid } = await lostAnswer(toppable);
    const found = await ordersFound(c, topUp.id, 'the order found', (orders) =>
      orders.some((o) => o.orderReference === paid[0]?.orderReference),
    );
    expect(found.find((o) => o.orderReference === paid[0]?.orderReference)).toMatchObject({
      placedAt: null,
      packageCode: null,
      ruledOut: [],
    });
    expect(topUpPosts(c)).toBe(1);
  }, 60_000);

  it('a lost answer and no order in the list: in doubt for the manager, never failed, never re-sent', async () => {
    const { c, iccid, option } = await soldAndActive();
    c.sim.setFaults({ failRate: 1, paths: ['POST /topup/order'] });
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('in_doubt');
    c.sim.setFaults({ failRate: 0 });
    // Right after, another top-up of this eSIM is refused, even confirmed: one in flight at a time.
    const again = await c.h.call('topUp', { iccid, packageCode: option.code, confirmRepeat: true });
    expect(again.ok ? null : again.error.code).toBe('INVALID_STATE');
    // The watch over, it waits for the manager: the clock is moved past it instead of waiting.
    if (topUp.state !== 'in_doubt') throw new Error(`the top-up is ${topUp.state}`);
    c.clock.moveTo(Date.parse(topUp.since) + FAST_TIMING.topUpCheck!.watchForMs + 1);
    const forManager = unwrap(await c.h.call<TopUp>('getTopUp', { id: topUp.id }));
    if (forManager.state !== 'in_doubt') throw new Error('not in doubt');
    expect(forManager.search?.orders.filter((o) => o.ruledOut.length === 0)).toEqual([]);
    expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);
    expect(topUpPosts(c)).toBe(1);
    // Once its send window is well closed, a second top-up needs the cashier's confirmation: the
    // first may have charged.
    c.clock.moveTo(Date.parse(forManager.since) + IN_DOUBT_SEPARATION_MS + 100);
    const unconfirmed = await c.h.call('topUp', { iccid, packageCode: option.code });
    expect(unconfirmed.ok ? null : unconfirmed.error.code).toBe('CONFIRMATION_REQUIRED');
  }, 60_000);

  it("two counters top up one eSIM: one counter's in-doubt top-up is not settled by the other's", async () => {
    const { c, iccid, option } = await soldAndActive();
    c.sim.setFaults({ failRate: 1, paths: ['POST /topup/order'] });
    const lost = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(lost.state).toBe('in_doubt');
    c.sim.setFaults({ failRate: 0 });
    await anotherCounterTopsUp({ c, iccid, option });
    const ours = unwrap(await c.h.call<TopUp>('getTopUp', { id: lost.id }));
    expect(ours.state).toBe('in_doubt');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(1);
  }, 60_000);

  it('one top-up of an eSIM on the wire at a time, even with the repeat confirmation', async () => {
    const { c, iccid, option } = await soldAndActive();
    c.sim.setFaults({ latencyMs: 400, paths: ['POST /topup/order'] });
    const first = c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true });
    await eventually('the first top-up on the wire', async () => {
      const listed = unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', { iccid })).topUps;
      return listed.find((t) => t.state === 'sent');
    });
    const second = await c.h.call('topUp', { iccid, packageCode: option.code, confirmRepeat: true });
    expect(second.ok ? null : second.error.code).toBe('INVALID_STATE');
    expect(unwrap(await first).state).toBe('completed');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(1);
  });

  it('a completed top-up has a receipt', async () => {
    const { c, iccid, option } = await soldAndActive();
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    const receipt = unwrap(
      await c.h.call<{ html: string }>('renderReceipt', { kind: 'topup', id: topUp.id }),
    );
    expect(receipt.html).toContain(iccid);
    expect(receipt.html).toContain(option.name);
  });

  it('after a restart, a top-up left on the wire is looked for, never re-sent; one never sent is failed', async () => {
    const { c, iccid, option } = await soldAndActive();
    c.sim.setFaults({ failRate: 1, paths: ['POST /topup/order'] });
    const lost = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(lost.state).toBe('in_doubt');
    c.sim.setFaults({ failRate: 0 });
    // The restart happens before the watcher decided; the journal carries the watch over. While the
    // counter is down, the journal gets a top-up exactly as a crash right after its intent leaves it.
    const h = await c.restart(() => {
      const db = openJournal({ file: join(c.dataDir, 'journal.sqlite') });
      new TopUpsJournal(db).createIntent(
        {
          id: 'crashed-before-sending',
          counterId: 'C1',
          cashierId: null,
          shiftId: null,
          training: true,
          accountRef: accountRefOf(c.sim.defaultAccount.accessCode),
          iccid,
          packageCode: option.code,
          packageName: option.name,
          retail: option.retail,
          quotedCost: option.cost!,
          before: lost.before,
          beforeRaw: '{}',
        },
        c.clock.now().toISOString(),
        c.clock.now().toISOString(),
        () => {},
      );
      db.close();
    });
    const neverSent = unwrap(await h.call<TopUp>('getTopUp', { id: 'crashed-before-sending' }));
    expect(neverSent.state).toBe('failed');
    if (neverSent.state === 'failed') expect(neverSent.error.message).toMatch(/before this top-up was sent/);
    const waited = await eventually("a look at the provider's orders after the restart", async () => {
      const got = unwrap(await h.call<TopUp>('getTopUp', { id: lost.id }));
      return got.state === 'in_doubt' && got.search !== null ? got : null;
    });
    expect(waited.state).toBe('in_doubt');
    expect(h.logLines.filter((l) => l.includes('"path":"/topup/order"'))).toEqual([]);
    expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);
  });

  it('announces the balance after each top-up, and what is left after one refused for lack of balance', async () => {
    const { c, iccid, option } = await soldAndActive();
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('completed');
    expect(announcedBalance(c.h)?.balance.amount).toBe((await ledger(c.sim)).balanceMinor);
    // When the answer says the balance after the top-up, that is what was announced.
    if (topUp.state === 'completed' && topUp.newBalance) {
      expect(topUp.newBalance).toEqual(announcedBalance(c.h)?.balance);
    }
    await setBalance(c.sim, 0.01);
    const refused = unwrap(
      await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
    );
    expect(refused.state === 'failed' && refused.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(announcedBalance(c.h)?.balance).toEqual({ amount: 1, currency: option.cost!.currency });
  });
});
