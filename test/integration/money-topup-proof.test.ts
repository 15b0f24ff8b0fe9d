import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_END_OF_DAY } from '../../electron/core/shifts/end-of-day-settings';
import type { RunningSimulator } from '../../electron/simulator/index';
import { businessDayOf } from '../../shared/business-day';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { Sale } from '../../shared/domain/sale';
import type { TopUp, TopUpOption, TopUpOrderSeen } from '../../shared/domain/topup';
import { unwrap } from '../support/core-harness';
import { loggedRecords } from '../support/journal-records';
import { providerFacts } from '../support/provider-facts';
import { startClockedSimulator, TestClock } from '../support/test-clock';
import { hireStaff, type Staff, signInManager } from './end-of-day-support';
import {
  type Counter,
  charges,
  control,
  driveEsim,
  eventually,
  journalColumn,
  ledger,
  SEED,
  startCounter,
} from './money-support';

/**
 * Two live counters on one reseller account, each with its own core and journal, and a simulator
 * they all reach over HTTP. The API gives a top-up no idempotency key and its orders no field the
 * counter sent, so another writer's top-up of the same eSIM and package looks exactly like ours: a
 * lost top-up answer is never completed on such an order; a manager decides, with the orders found
 * and why each may or may not be the top-up's.
 */

const facts = providerFacts(SEED);
const open: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const each of open.reverse()) await each.close();
  open.length = 0;
});

interface Shop {
  readonly sim: RunningSimulator;
  readonly clock: TestClock;
  readonly one: Counter;
  readonly two: Counter;
  readonly iccid: string;
  readonly option: TopUpOption;
  /** Counter 1's manager. */
  readonly staff: Staff;
}

/**
 * A shop of two counters; counter 1 sold an eSIM of a rechargeable package, now active, and has staff.
 * Its provider states each order's package, time and status: a lean one's list and records do not, so
 * nothing rules its orders out and its reconciliation decides nothing (money-topups.test.ts holds the
 * lean case; docs/api-client.md, "Tested in every answer style").
 */
async function twoCounters(): Promise<Shop> {
  // One clock for the simulator and both counters, moved by the test: nothing waits for it.
  const clock = new TestClock();
  const sim = await startClockedSimulator(
    { port: 0, seed: SEED, balance: 500, faults: { answerStyle: 'tidy' } },
    clock,
  );
  open.push(sim);
  const one = await startCounter({}, { sim });
  open.push(one);
  const two = await startCounter({}, { sim });
  open.push(two);
  const staff = await hireStaff(one.h);
  // The manager is at the counter: what the provider charged for each order is theirs to compare.
  await signInManager(one.h, staff);
  const rechargeable = [...one.packages]
    .filter((p: CataloguePackage) => facts(p.code)?.rechargeable)
    .sort((a, b) => a.cost!.amount - b.cost!.amount);
  for (const pkg of rechargeable.slice(0, 10)) {
    const sale = unwrap(await one.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
    const iccid = sale.esims[0]?.iccid ?? '';
    await driveEsim(sim, 'activate', { iccid });
    const listed = await one.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid });
    const option = listed.ok
      ? [...listed.value.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0]
      : undefined;
    if (option) return { sim, clock, one, two, iccid, option, staff };
  }
  throw new Error('no rechargeable package with top-ups in the catalogue');
}

/**
 * Counter 1 tops the eSIM up and the provider holds the request, never processing it (the
 * simulator's `hangNext`). Settles once the request is held there; the top-up is still on the wire.
 */
async function hangingTopUp(
  { sim, one, iccid, option }: Shop,
  confirmRepeat = false,
): Promise<{ readonly first: Promise<TopUp> }> {
  sim.setFaults({ hangNext: 1, paths: ['POST /topup/order'] });
  const topUp = one.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat }).then(unwrap);
  await eventually("the provider to hold counter 1's top-up", async () => {
    const faults = await control<{ hangNext: number }>(sim, 'GET', '/faults');
    return faults.hangNext === 0 || null;
  });
  return { first: topUp };
}

/** A top-up of the eSIM placed on the provider's side only (the customer's app), dated `at`. */
async function placedElsewhere({ sim, iccid, option }: Shop, at: Date): Promise<string> {
  const placed = await control<{ orderReference: string }>(sim, 'POST', '/topups/place', {
    accessCode: sim.defaultAccount.accessCode,
    iccid,
    packageCode: option.code,
    at: at.toISOString(),
  });
  return placed.orderReference;
}

function inDoubt(topUp: TopUp): Extract<TopUp, { state: 'in_doubt' }> {
  if (topUp.state !== 'in_doubt') throw new Error(`the top-up is ${topUp.state}, not in doubt`);
  return topUp;
}

function seen(topUp: TopUp, orderReference: string): TopUpOrderSeen | undefined {
  return inDoubt(topUp).search?.orders.find((order) => order.orderReference === orderReference);
}

/** Milliseconds from `a` to `b`, both ISO 8601. */
function between(a: string | null | undefined, b: string | null | undefined): number {
  return Date.parse(b ?? '') - Date.parse(a ?? '');
}

/** Reconciles the counter's business day now, by the counters' own rule: the default cut-off, in this machine's zone. */
async function reconciled(c: Counter, clock: TestClock): Promise<Reconciliation> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const firstDay = businessDayOf(clock.now(), zone, DEFAULT_END_OF_DAY.dayCutOff);
  return unwrap(await c.h.call<Reconciliation>('reconcile', { firstDay }));
}

describe('a top-up whose answer was lost, on an account another counter tops up too', () => {
  it("is never completed on the other counter's order: it waits for a manager with the orders found and why", async () => {
    const shop = await twoCounters();
    const { sim, clock, one, two, iccid, option } = shop;
    const { first } = await hangingTopUp(shop);
    // Ten seconds later by the shared clock, counter 2 tops up the same eSIM with the same package.
    clock.advance(10_000);
    const theirs = unwrap(
      await two.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
    );
    if (theirs.state !== 'completed' || theirs.orderReference === null)
      throw new Error(`counter 2's top-up ended ${theirs.state}`);
    // Twenty seconds more: counter 1's 30-second deadline passes and it stops waiting.
    clock.advance(20_000);
    const lost = inDoubt(await first);
    expect(lost.lastError.code).toBe('TIMEOUT');
    // 30 ms after counter 1 stopped waiting, the customer's app tops the eSIM up too.
    clock.moveTo(Date.parse(lost.since) + 30);
    const afterwards = await placedElsewhere(shop, new Date(Date.parse(lost.since) + 30));

    const looked = unwrap(await one.h.call<TopUp>('getTopUp', { id: lost.id }));
    expect(looked.state).toBe('in_doubt');
    const search = inDoubt(looked).search;
    // Counter 2's order may be ours as far as the provider can say: placed 10 s after counter 1 sent
    // its top-up and 20 s before it stopped waiting, of the same package, at the price quoted.
    const candidate = seen(looked, theirs.orderReference);
    expect(candidate).toMatchObject({
      ruledOut: [],
      packageCode: option.code,
      iccid,
      claimedByReceipt: null,
    });
    expect(candidate?.amount).toEqual(option.cost);
    expect(between(search?.sentAt, candidate?.placedAt)).toBeGreaterThanOrEqual(10_000);
    expect(between(candidate?.placedAt, search?.stoppedAt)).toBeGreaterThanOrEqual(20_000);
    // The one placed 30 ms after counter 1 stopped waiting is never a candidate.
    expect(seen(looked, afterwards)).toMatchObject({ ruledOut: ['placed_after_wait'] });
    expect(between(search?.stoppedAt, seen(looked, afterwards)?.placedAt)).toBe(30);
    expect(search).toMatchObject({ otherCountersChecked: false, complete: true, quotedCost: option.cost });
    // The provider never processed counter 1's top-up: two charges, neither counter 1's.
    const paid = charges((await ledger(sim)).entries, 'topup').map((entry) => entry.orderReference);
    expect(paid.sort()).toEqual([theirs.orderReference, afterwards].sort());
    expect(journalColumn(one.dataDir, 'topups', lost.id, 'order_reference')).toBeNull();

    // Neither counter's reconciliation matches counter 1's top-up to another's order.
    const ones = await reconciled(one, clock);
    expect(ones.rows.filter((row) => row.record?.id === lost.id).map((row) => row.kind)).toEqual([
      'journal_open',
    ]);
    const rowOf = (report: Reconciliation, reference: string) =>
      report.rows.find((row) => row.orderReference === reference);
    expect(rowOf(ones, theirs.orderReference)).toMatchObject({
      kind: 'unrecorded',
      candidates: [{ kind: 'topup', id: lost.id }],
    });
    expect(rowOf(ones, afterwards)).toMatchObject({ kind: 'unrecorded', candidates: [] });
    const twos = await reconciled(two, clock);
    expect(rowOf(twos, theirs.orderReference)).toMatchObject({ kind: 'matched', record: { id: theirs.id } });
    expect(twos.rows.some((row) => row.record?.id === lost.id)).toBe(false);
  }, 90_000);

  it("a manager's decision settles it, with their PIN, in the journal and its chain: an order the provider may have placed for it, or none", async () => {
    const shop = await twoCounters();
    const { sim, clock, one, option, staff } = shop;
    const { first } = await hangingTopUp(shop);
    clock.advance(10_000);
    // While counter 1 waits, the customer's app tops the eSIM up with the same package.
    const whileWaiting = await placedElsewhere(shop, clock.now());
    clock.advance(20_000);
    const lost = inDoubt(await first);
    const found = await eventually('the order found', async () =>
      seen(unwrap(await one.h.call<TopUp>('getTopUp', { id: lost.id })), whileWaiting),
    );
    expect(found.ruledOut).toEqual([]);
    const decide = (choice: unknown, approval: unknown = staff.approval) =>
      one.h.call<TopUp>('decideTopUp', { id: lost.id, choice, approval });

    // Only a manager decides, and only on an order that may be the top-up's.
    const wrongPin = await decide({ kind: 'none' }, { ...staff.approval, pin: '0000' });
    expect(wrongPin.ok ? null : wrongPin.error.code).toBe('PIN_INVALID');
    const byCashier = await decide({ kind: 'none' }, { managerId: staff.alice.id, pin: '1111' });
    expect(byCashier.ok ? null : byCashier.error.code).toBe('PIN_INVALID');
    const notSeen = await decide({ kind: 'ours', orderReference: 'TOP-NOT-LISTED' });
    expect(notSeen.ok ? null : notSeen.error.code).toBe('INVALID_STATE');
    expect(unwrap(await one.h.call<TopUp>('getTopUp', { id: lost.id })).state).toBe('in_doubt');

    const ours = unwrap(await decide({ kind: 'ours', orderReference: whileWaiting }));
    expect(ours).toMatchObject({
      state: 'completed',
      orderReference: whileWaiting,
      cost: option.cost,
      inferred: true,
      decision: { by: staff.manager.id, byName: staff.manager.name, orderReference: whileWaiting },
    });
    expect(JSON.parse(String(journalColumn(one.dataDir, 'topups', lost.id, 'decision_json')))).toMatchObject({
      by: staff.manager.id,
      orderReference: whileWaiting,
    });
    // The decision is in the audit log and its chain, which still checks whole.
    const rows = auditRows(one, lost.id);
    expect(rows.at(-1)).toMatchObject({
      kind: 'topup.completed',
      detail: { orderReference: whileWaiting, inferred: true, decision: { by: staff.manager.id } },
    });
    const chain = unwrap(
      await one.h.call<{ firstBreak: unknown }>('checkJournalChain', { approval: staff.approval }),
    );
    expect(chain.firstBreak).toBeNull();
    // A decided top-up is decided: a second decision is refused.
    const again = await decide({ kind: 'none' });
    expect(again.ok ? null : again.error.code).toBe('INVALID_STATE');
    // Its reconciliation now matches the order the manager took.
    const report = await reconciled(one, clock);
    expect(report.rows.find((row) => row.record?.id === lost.id)).toMatchObject({
      kind: 'matched',
      orderReference: whileWaiting,
    });

    // A second lost top-up, and no order at all: the manager decides none is its own.
    // One top-up of an eSIM on the wire at a time: the last one went in doubt seconds ago.
    clock.advance(15_000);
    const { first: second } = await hangingTopUp(shop, true);
    clock.advance(30_000);
    const lostAgain = inDoubt(await second);
    const none = unwrap(
      await one.h.call<TopUp>('decideTopUp', {
        id: lostAgain.id,
        choice: { kind: 'none' },
        approval: staff.approval,
      }),
    );
    expect(none).toMatchObject({
      state: 'failed',
      error: { code: 'DECIDED_NOT_CHARGED' },
      decision: { by: staff.manager.id, orderReference: null },
    });
    expect(auditRows(one, lostAgain.id).at(-1)).toMatchObject({
      kind: 'topup.failed',
      detail: { decision: { by: staff.manager.id, orderReference: null } },
    });
    expect(charges((await ledger(sim)).entries, 'topup').map((entry) => entry.orderReference)).toEqual([
      whileWaiting,
    ]);
  }, 90_000);
});

/** The audit rows of one record, oldest first, their details parsed. */
function auditRows(c: Counter, subject: string): { kind: string; detail: unknown }[] {
  const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return loggedRecords(db, (row) => row.subject === subject).map((row) => ({
      kind: row.kind,
      detail: row.detail_json === null ? null : JSON.parse(row.detail_json),
    }));
  } finally {
    db.close();
  }
}
