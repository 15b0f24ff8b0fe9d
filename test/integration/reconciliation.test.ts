import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyTiming } from '../../electron/core/money-work';
import { startSimulator } from '../../electron/simulator/index';
import { type ApiTap, startApiTap } from '../../scripts/torture/api-tap';
import { businessDayOf } from '../../shared/business-day';
import type { Cancellation } from '../../shared/domain/cancellation';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { Sale } from '../../shared/domain/sale';
import type { Shift } from '../../shared/domain/shift';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import { minor } from '../../shared/money';
import { call } from '../simulator/support/signed-fetch';
import { unwrap } from '../support/core-harness';
import {
  count,
  dayAroundNow,
  hireStaff,
  noteFor,
  openShift,
  sell,
  signInManager,
  usd,
} from './end-of-day-support';
import {
  type Counter,
  completePending,
  control,
  driveEsim,
  eventually,
  forceRefundMethod,
  ledger,
  SEED,
  startCounter,
} from './money-support';

let counter: Counter | null = null;
let tap: ApiTap | null = null;

afterEach(async () => {
  await counter?.close();
  await tap?.close();
  await counter?.sim.close();
  counter = null;
  tap = null;
});

/**
 * Pending sales are polled rarely and an in-doubt top-up is watched briefly: the day's open records
 * are still open when the reconciliation reads them, as after a real close.
 */
const SLOW_POLLING: Partial<MoneyTiming> = {
  pending: { minIntervalMs: 600_000, maxIntervalMs: 600_000, giveUpAfterMs: 3_600_000, random: Math.random },
  topUpCheck: { checkEveryMs: 100, watchForMs: 600 },
};

/** The journal's balance snapshots of a day, read from the file as the counter wrote them. */
function snapshots(dataDir: string, day: string): { purpose: string; amount_minor: number }[] {
  const db = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT purpose, amount_minor FROM balance_snapshots WHERE business_day = ? ORDER BY taken_at')
      .all(day) as { purpose: string; amount_minor: number }[];
  } finally {
    db.close();
  }
}

/** A sold eSIM of a rechargeable package, active on a network, and its cheapest top-up. */
async function toppable(c: Counter): Promise<{ sale: Completed; option: TopUpOption }> {
  const rechargeable = [...c.packages]
    .filter((p: CataloguePackage) => p.isRechargeable)
    .sort((a, b) => a.cost!.amount - b.cost!.amount);
  for (const pkg of rechargeable.slice(0, 10)) {
    const sale = completed(await sell(c.h, pkg, { method: 'cash', tendered: minor(noteFor(pkg.retail)) }));
    const iccid = sale.esims[0]?.iccid ?? '';
    await driveEsim(c.sim, 'activate', { iccid });
    const listed = unwrap(await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid }));
    const option = [...listed.packages].sort((a, b) => a.retail.amount - b.retail.amount)[0];
    if (option) return { sale, option };
  }
  throw new Error('no rechargeable package with top-ups in the catalogue');
}

type Completed = Extract<Sale, { state: 'completed' }>;
type Pending = Extract<Sale, { state: 'pending' }>;

function completed(sale: Sale): Completed {
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  return sale;
}

function rowsOf(report: Reconciliation): [string, string, string | number | null][] {
  return report.rows.map((row) => [
    row.kind,
    row.severity,
    row.orderReference ?? row.record?.receiptNumber ?? null,
  ]);
}

describe('the reconciliation with the provider', () => {
  it('classifies a whole day exactly and closes the balance bridge to zero', async () => {
    const simulator = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    tap = await startApiTap(simulator.baseUrl);
    counter = await startCounter(
      {},
      { sim: simulator, timing: SLOW_POLLING, apiBaseUrl: tap.baseUrlFor('counter') },
    );
    const c = counter;
    const { h, sim } = c;
    const staff = await hireStaff(h);
    const day = await dayAroundNow(h, staff);
    await openShift(h, [usd(5000)]);
    await eventually('the opening balance', () => (snapshots(c.dataDir, day).length > 0 ? true : null));

    // Sales and top-ups: one sale for cash with change and one by card, a top-up of the first eSIM.
    const { sale: first, option } = await toppable(c);
    const iccid = first.esims[0]?.iccid ?? '';
    const cheapest = [...c.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0] as CataloguePackage;
    const byCard = await sell(h, cheapest, { method: 'card' });
    const topUp = unwrap(await h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect([byCard.state, topUp.state]).toEqual(['completed', 'completed']);

    // A sale still provisioning at the close, completed by the provider only after it.
    sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
    const sold = await sell(h, cheapest, { method: 'cash', tendered: minor(noteFor(cheapest.retail)) });
    sim.setFaults({ pendingRate: 0 });
    expect(sold.state).toBe('pending');
    const pending = sold as Pending;

    // A top-up whose answer is lost, while the eSIM's usage and the order list lag behind: the counter
    // watches for it in vain, and it stays in doubt.
    tap.freezeReads(['/esims/usage/query']);
    tap.hideOrdersAfter(new Date());
    sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /topup/order'] });
    const lost = unwrap(
      await h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
    );
    expect(lost.state).toBe('in_doubt');
    await eventually("a look at the provider's orders", async () => {
      const got = unwrap(await h.call<TopUp>('getTopUp', { id: lost.id }));
      return got.state === 'in_doubt' && got.search !== null ? got : null;
    });
    sim.setFaults({ dropAfterCommitRate: 0, paths: [] });

    // Orders placed through another channel (another counter on the same account): an eSIM, and the
    // same top-up of the same eSIM, placed after this counter stopped waiting for its own.
    const elsewhere = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
      body: { packageCode: cheapest.code, quantity: 1, idempotency_key: randomUUID() },
    });
    const toppedElsewhere = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/topup/order', {
      body: { iccid, packageCode: option.code },
    });
    expect([elsewhere.status, toppedElsewhere.status]).toEqual([200, 200]);
    const otherReference = elsewhere.body.orderReference as string;
    const otherTopUpReference = toppedElsewhere.body.orderReference as string;
    tap.hideOrdersAfter(null);

    // The shop pays 25.00 into the provider account, and the manager enters it.
    await control(sim, 'POST', '/accounts/deposit', {
      accessCode: sim.defaultAccount.accessCode,
      amount: 25,
    });
    unwrap(
      await h.call('addProviderDeposit', {
        businessDay: day,
        amount: usd(2500),
        note: 'bank transfer',
        approval: staff.approval,
      }),
    );

    // The close: counted exactly, the closing balance read, the day reconciled in the background.
    // Each cash customer handed over a note and took change: the drawer keeps the price.
    const cashIn = first.retailTotal.amount + pending.retailTotal.amount;
    const { countId } = await count(h, [usd(5000 + cashIn)]);
    const closed = unwrap(await h.call<{ shift: Shift }>('closeShift', { countId }));
    // The manager reads the day from here: the balance bridge is a manager's figure.
    await signInManager(h, staff);
    expect(closed.shift.businessDay).toBe(day);
    const atClose = await eventually('the reconciliation at the close', async () => {
      const got = unwrap(
        await h.call<{ reconciliation: Reconciliation | null }>('getReconciliation', { firstDay: day }),
      );
      return got.reconciliation;
    });
    expect(atClose.rows.find((row) => row.record?.id === pending.id)).toMatchObject({
      kind: 'journal_open',
      severity: 'info',
    });

    // After the cut-off the provider finishes the pending sale; the manager reconciles again.
    const pendingReference = pending.orderReference;
    await completePending(sim, pendingReference);
    const report = unwrap(await h.call<Reconciliation>('reconcile', { firstDay: day }));

    // The lost answer's order names the in-doubt top-up as its candidate; the other channel's top-up,
    // placed after the counter stopped waiting, never does.
    const [lostTopUpOrder, ...more] = report.rows.filter(
      (row) => row.kind === 'unrecorded' && row.candidates.some((candidate) => candidate.id === lost.id),
    );
    expect(more).toEqual([]);
    expect(report.rows.find((row) => row.orderReference === otherTopUpReference)?.candidates).toEqual([]);
    const reference = (id: string): string | null =>
      report.rows.find((row) => row.record?.id === id)?.orderReference ?? null;
    expect(rowsOf(report)).toEqual([
      ['matched', 'info', reference(first.id)],
      ['matched', 'info', reference(byCard.id)],
      ['matched', 'info', reference(topUp.id)],
      ['settled_now', 'info', pendingReference],
      ['journal_open', 'info', lost.receiptNumber],
      ['unrecorded', 'warning', lostTopUpOrder?.orderReference ?? ''],
      ['unrecorded', 'warning', otherReference],
      ['unrecorded', 'warning', otherTopUpReference],
    ]);
    expect(report.rows.find((row) => row.orderReference === otherReference)?.candidates).toEqual([]);
    expect(unwrap(await h.call<Sale>('getSale', { id: pending.id })).state).toBe('completed');

    // Leg B: opening − charges + deposits = closing, exactly, as the provider's own ledger says.
    const book = await ledger(sim);
    const charged = book.entries
      .filter((entry) => entry.kind === 'order' || entry.kind === 'topup')
      .reduce((sum, entry) => sum + entry.amountMinor, 0);
    const [opening] = snapshots(c.dataDir, day);
    expect(report.bridge).toMatchObject({
      opening: { balance: usd(opening?.amount_minor ?? -1) },
      charges: usd(charged),
      refunds: usd(0),
      deposits: usd(2500),
      remainder: usd(0),
      likelyCauses: [],
    });
    expect(report.bridge?.closing?.balance.amount).toBe(book.balanceMinor);

    // Leg C: the cash of completed records is what the drawer took; nothing is held any more.
    expect(report.cash).toEqual([
      {
        currency: 'USD',
        completed: usd(cashIn),
        drawerTakings: usd(cashIn),
        heldForOpen: usd(0),
        remainder: usd(0),
      },
    ]);
    expect(report).toMatchObject({ result: 'not_reconciled', openExceptions: 3, currencyNote: null });

    // A re-run is idempotent: the same rows, the exceptions keep their first sighting.
    const again = unwrap(await h.call<Reconciliation>('reconcile', { firstDay: day }));
    const settledBefore = rowsOf(report).map(([kind, severity, subject]) => [
      kind === 'settled_now' ? 'matched' : kind,
      severity,
      subject,
    ]);
    expect(rowsOf(again)).toEqual(settledBefore);
    expect(again.exceptions.map((e) => [e.key, e.firstSeenAt])).toEqual(
      report.exceptions.map((e) => [e.key, e.firstSeenAt]),
    );

    // The manager classifies them: the top-up's lost answer, and the other channel. Never merged.
    const byReference = (ref: string | null | undefined) =>
      again.exceptions.find((e) => e.orderReference === ref);
    const forTopUp = byReference(lostTopUpOrder?.orderReference);
    const forOther = byReference(otherReference);
    const forOtherTopUp = byReference(otherTopUpReference);
    const refused = await h.call('resolveReconciliationException', {
      firstDay: day,
      key: forOther?.key,
      classification: 'other_channel',
      reason: 'the second counter',
      approval: { ...staff.approval, pin: '1111' },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'PIN_INVALID' } });
    unwrap(
      await h.call('resolveReconciliationException', {
        firstDay: day,
        key: forTopUp?.key,
        classification: 'record_in_doubt',
        reason: 'the lost answer of the top-up',
        recordId: lost.id,
        approval: staff.approval,
      }),
    );
    for (const exception of [forOther, forOtherTopUp]) {
      unwrap(
        await h.call<Reconciliation>('resolveReconciliationException', {
          firstDay: day,
          key: exception?.key,
          classification: 'other_channel',
          reason: 'sold at the second counter',
          approval: staff.approval,
        }),
      );
    }
    const resolved = unwrap(
      await h.call<{ reconciliation: Reconciliation }>('getReconciliation', { firstDay: day }),
    ).reconciliation;
    expect(resolved).toMatchObject({ result: 'reconciled', openExceptions: 0 });
    expect(resolved.exceptions.map((e) => [e.orderReference, e.resolution?.classification])).toEqual([
      [lostTopUpOrder?.orderReference, 'record_in_doubt'],
      [otherReference, 'other_channel'],
      [otherTopUpReference, 'other_channel'],
    ]);
    // The in-doubt top-up itself is left as it was: the manager's classification merges nothing.
    expect(unwrap(await h.call<TopUp>('getTopUp', { id: lost.id })).state).toBe('in_doubt');

    // The day's Z prints the reconciliation as it stands now.
    const { html } = unwrap(
      await h.call<{ html: string }>('renderShiftReport', {
        kind: 'z',
        shiftId: closed.shift.id,
        paper: '80',
      }),
    );
    expect(html).toContain('Reconciliation with the provider');
    expect(html).toMatch(/>RECONCILED</);
    expect(html).toMatch(/Exceptions open.*>0</s);
  }, 120_000);

  it('names a cancellation refunded to the balance and one by refund request, and the bridge closes to zero', async () => {
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    counter = await startCounter({}, { sim });
    const c = counter;
    const { h } = c;
    const staff = await hireStaff(h);
    const day = await dayAroundNow(h, staff);
    await openShift(h, [usd(5000)]);
    await eventually('the opening balance', () => (snapshots(c.dataDir, day).length > 0 ? true : null));
    const cheapest = [...c.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0] as CataloguePackage;
    const cancelled: Record<string, string> = {};
    for (const method of ['balance', 'refund_request'] as const) {
      const sale = completed(await sell(h, cheapest, { method: 'cash', tendered: cheapest.retail.amount }));
      await forceRefundMethod(sim, method);
      const cancellation = unwrap(
        await h.call<Cancellation>('cancelSale', {
          saleId: sale.id,
          reason: 'the customer changed their mind',
          cashRefund: sale.retailTotal,
          approval: staff.approval,
        }),
      );
      expect(cancellation).toMatchObject({ state: 'cancelled', refundMethod: method });
      cancelled[method] = sale.orderReference;
    }
    // A top-up is never cancelled: the customer is given cash as goodwill, the shop's loss.
    const { option, sale: toppedSale } = await toppable(c);
    const topUp = unwrap(
      await h.call<TopUp>('topUp', { iccid: toppedSale.esims[0]?.iccid, packageCode: option.code }),
    );
    const goodwill = unwrap(
      await h.call<Cancellation>('goodwillRefund', {
        topUpId: topUp.id,
        amount: usd(100),
        reason: 'the data did not work abroad',
        approval: staff.approval,
      }),
    );
    expect(goodwill).toMatchObject({ kind: 'goodwill', recoverable: false });
    const { countId } = await count(h, [usd(5000)]);
    unwrap(await h.call('closeShift', { countId }));
    // The manager reads the day from here: the balance bridge is a manager's figure.
    await signInManager(h, staff);

    const report = unwrap(await h.call<Reconciliation>('reconcile', { firstDay: day }));
    // Leg C's refunds: the cash handed back for the cancellation refunded to the balance is recovered;
    // the one by refund request is refunded to the customer, not yet recovered; goodwill never is.
    const retail = cheapest.retail.amount;
    expect(report.cashRefunds).toEqual([
      {
        currency: 'USD',
        refunded: usd(2 * retail + 100),
        recovered: usd(retail),
        notYetRecovered: usd(retail),
        notRecoverable: usd(100),
      },
    ]);
    const kindOf = (reference: string | undefined): string | undefined =>
      report.rows.find((row) => row.orderReference === reference)?.kind;
    expect(kindOf(cancelled.balance)).toBe('refunded');
    expect(kindOf(cancelled.refund_request)).toBe('refund_in_transit');
    // The refund to the balance is in the bridge; the one in transit is named, not silently lost.
    expect(report.bridge?.remainder).toEqual(usd(0));
  }, 120_000);

  it('classifies exactly a pending sale the provider completes after a real cut-off, and the bridge closes to zero', async () => {
    counter = await startCounter({}, { timing: SLOW_POLLING });
    const c = counter;
    const { h, sim, clock } = c;
    const staff = await hireStaff(h);
    // The business day ends at the next whole minute at least two minutes away: the day is sold and
    // closed before it, and the provider finishes the pending sale after it, on the next business day.
    const cutOffAt = new Date(Math.ceil((clock.ms() + 120_000) / 60_000) * 60_000);
    const dayCutOff = cutOffAt.toISOString().slice(11, 16);
    unwrap(
      await h.call('updateEndOfDaySettings', {
        patch: { timeZone: 'UTC', dayCutOff },
        approval: staff.approval,
      }),
    );
    const day = businessDayOf(clock.now(), 'UTC', dayCutOff);
    await openShift(h, [usd(5000)]);
    await eventually('the opening balance', () => (snapshots(c.dataDir, day).length > 0 ? true : null));
    const cheapest = [...c.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0] as CataloguePackage;
    const byCard = completed(await sell(h, cheapest, { method: 'card' }));
    sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
    const sold = await sell(h, cheapest, { method: 'cash', tendered: cheapest.retail.amount });
    sim.setFaults({ pendingRate: 0 });
    expect(sold.state).toBe('pending');
    const pending = sold as Pending;
    const { countId } = await count(h, [usd(5000 + pending.retailTotal.amount)]);
    unwrap(await h.call<{ shift: Shift }>('closeShift', { countId }));
    // The manager reads the day from here: the balance bridge is a manager's figure.
    await signInManager(h, staff);
    const atClose = await eventually(
      'the reconciliation at the close',
      async () =>
        unwrap(
          await h.call<{ reconciliation: Reconciliation | null }>('getReconciliation', { firstDay: day }),
        ).reconciliation,
    );
    expect(rowsOf(atClose)).toEqual([
      ['matched', 'info', byCard.orderReference],
      ['journal_open', 'info', pending.orderReference],
    ]);
    expect(atClose.cash).toEqual([
      expect.objectContaining({ completed: usd(0), heldForOpen: pending.retailTotal, remainder: usd(0) }),
    ]);
    expect(clock.ms()).toBeLessThan(cutOffAt.getTime());

    // The cut-off passes on the counter's clock, and on the provider's: a new business day has begun.
    clock.moveTo(cutOffAt.getTime() + 1000);
    expect(businessDayOf(clock.now(), 'UTC', dayCutOff)).not.toBe(day);
    await completePending(sim, pending.orderReference);
    const report = unwrap(await h.call<Reconciliation>('reconcile', { firstDay: day }));

    // Settled now, read only, on the day it was sold; completed after that day ended.
    expect(rowsOf(report)).toEqual([
      ['matched', 'info', byCard.orderReference],
      ['settled_now', 'info', pending.orderReference],
    ]);
    const settled = unwrap(await h.call<Sale>('getSale', { id: pending.id }));
    expect(settled.state).toBe('completed');
    expect(Date.parse((settled as Completed).completedAt)).toBeGreaterThan(cutOffAt.getTime());
    // The provider charged it when it was ordered, inside the day: the bridge counts it and closes.
    const book = await ledger(sim);
    const charged = book.entries
      .filter((entry) => entry.kind === 'order')
      .reduce((sum, entry) => sum + entry.amountMinor, 0);
    expect(report.bridge).toMatchObject({ charges: usd(charged), remainder: usd(0), likelyCauses: [] });
    expect(report.cash).toEqual([
      {
        currency: 'USD',
        completed: pending.retailTotal,
        drawerTakings: pending.retailTotal,
        heldForOpen: usd(0),
        remainder: usd(0),
      },
    ]);
    expect(report).toMatchObject({ result: 'reconciled', openExceptions: 0 });
  }, 120_000);

  it('is UNCONFIRMED while the provider is unreachable at the close, then RECONCILED by itself', async () => {
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    counter = await startCounter({}, { sim, reconciliationRetryMs: 100 });
    const { h } = counter;
    const staff = await hireStaff(h);
    const day = await dayAroundNow(h, staff);
    await openShift(h, [usd(1000)]);
    const dataDir = counter.dataDir;
    await eventually('the opening balance', () => (snapshots(dataDir, day).length > 0 ? true : null));
    const cheapest = [...counter.packages].sort(
      (a, b) => a.cost!.amount - b.cost!.amount,
    )[0] as CataloguePackage;
    const sale = completed(await sell(h, cheapest, { method: 'cash', tendered: cheapest.retail.amount }));

    sim.setFaults({ dropAfterCommitRate: 1, paths: [] });
    const { countId } = await count(h, [usd(1000 + sale.retailTotal.amount)]);
    // The cash close is final whatever the provider says.
    const closed = unwrap(await h.call<{ shift: Shift }>('closeShift', { countId }));
    // The manager reads the day from here: the balance bridge is a manager's figure.
    await signInManager(h, staff);
    expect(closed.shift.state).toBe('closed');
    const unconfirmed = await eventually('the UNCONFIRMED run', async () => {
      const got = unwrap(
        await h.call<{ reconciliation: Reconciliation | null }>('getReconciliation', { firstDay: day }),
      );
      return got.reconciliation;
    });
    expect(unconfirmed).toMatchObject({ result: 'unconfirmed', confirmedAt: null, bridge: null });
    expect(unconfirmed.unconfirmedReason).toEqual(expect.any(String));

    sim.setFaults({ dropAfterCommitRate: 0 });
    const confirmed = await eventually('the run to confirm by itself', async () => {
      const got = unwrap(
        await h.call<{ reconciliation: Reconciliation | null }>('getReconciliation', { firstDay: day }),
      );
      return got.reconciliation?.result === 'unconfirmed' ? null : got.reconciliation;
    });
    expect(confirmed).toMatchObject({ result: 'reconciled', openExceptions: 0, unconfirmedReason: null });
    expect(confirmed.confirmedAt).toBe(confirmed.runAt);
    expect(confirmed.rows.map((row) => [row.kind, row.record?.id])).toEqual([['matched', sale.id]]);
    expect(confirmed.bridge?.remainder).toEqual(usd(0));
  }, 120_000);
});
