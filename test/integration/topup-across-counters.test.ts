import { describe, expect, it, onTestFinished } from 'vitest';
import { takeTopUpLease } from '../../electron/core/shop/topup-leases';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import type { PosError } from '../../shared/errors';
import { unwrap } from '../support/core-harness';
import { startGatedProxy } from '../support/gated-proxy';
import { joinedCounter, newLedger, postgresPerFile, type TestLedger } from '../support/shop-ledger';
import { startTcpGate } from '../support/tcp-gate';
import { hireStaff } from './end-of-day-support';
import {
  type Counter,
  charges,
  eventually,
  ledger as providerLedger,
  rechargeableEsim,
} from './money-support';
import { joinedShopCounter, joinInput, shopCounter, status, untilPublished } from './shop-ledger-support';

// No eSIM topped up twice across a shop's counters: two live counters on one simulator account and
// one real PostgreSQL ledger. Each counter takes the eSIM's lease in the ledger before it sends a
// top-up, and the repeat question reads the whole shop's top-ups.

const server = postgresPerFile();

/** How long the provider takes to answer a top-up here: the top-up is on its way meanwhile. */
const SLOW_TOPUP_MS = 1_500;

interface Shop {
  readonly ledger: TestLedger;
  readonly first: Counter;
  readonly second: Counter;
  readonly iccid: string;
  readonly option: TopUpOption;
}

/** Two counters of one shop on one account, and an active eSIM the first sold, with its cheapest top-up. */
async function shopOfTwo(): Promise<Shop> {
  const ledger = await newLedger(server());
  const first = await joinedShopCounter(ledger, '1');
  const second = await joinedShopCounter(ledger, '2', { sim: first.sim });
  const { iccid, option } = await rechargeableEsim(first);
  return { ledger, first, second, iccid, option };
}

type Answer = { ok: true; value: TopUp } | { ok: false; error: PosError };

function topUp(c: Counter, shop: Shop, confirmRepeat = false): Promise<Answer> {
  return c.h.call<TopUp>('topUp', { iccid: shop.iccid, packageCode: shop.option.code, confirmRepeat });
}

async function topUpCharges(shop: Shop): Promise<number> {
  return charges((await providerLedger(shop.first.sim)).entries, 'topup').length;
}

function refusal(answer: Answer): PosError {
  if (answer.ok) throw new Error(`the top-up went through (${answer.value.state})`);
  return answer.error;
}

async function leaseRow(ledger: TestLedger) {
  const rows = await ledger.query<{ counter_id: string; outcome: string | null; released: boolean }>(
    'SELECT counter_id, outcome, released_at IS NOT NULL AS released FROM ledger.topup_leases',
  );
  return rows.rows[0] ?? null;
}

/** The eSIM's lease once its counter has given it back, with its top-up's outcome. */
function releasedLease(ledger: TestLedger, timeoutMs?: number) {
  return eventually(
    'the lease to be released',
    async () => {
      // A ledger being started again refuses connections for a moment.
      const row = await leaseRow(ledger).catch(() => null);
      return row?.released ? row : null;
    },
    timeoutMs,
  );
}

describe('one top-up of an eSIM at a time across the counters of a shop', () => {
  it("charges once for an eSIM topped up at one counter while the other's top-up is on its way; a repeat there is asked", async () => {
    const ledger = await newLedger(server());
    const first = await joinedShopCounter(ledger, '1');
    // The second counter reaches the provider through a proxy that holds its top-up on the wire
    // until the first counter's cashier has had an answer: the order of events is the test's.
    const wire = await startGatedProxy(first.sim.baseUrl, '/topup/order');
    onTestFinished(() => wire.close());
    const second = await joinedShopCounter(ledger, '2', { sim: first.sim, apiBaseUrl: wire.baseUrl });
    const { iccid, option } = await rechargeableEsim(first);
    const shop = { ledger, first, second, iccid, option };

    // The second counter's top-up took the eSIM's lease and is on its way; the first counter's cashier
    // tops the same eSIM up: told which counter is topping it up, and nothing is sent.
    const atSecond = topUp(second, shop);
    await wire.arrived();
    const held = refusal(await topUp(first, shop));
    expect(held.code).toBe('TOPUP_LEASE_HELD');
    expect(held.details).toMatchObject({ counterCode: '2', counterName: 'Counter 2' });
    expect(Date.parse(String((held.details as { since: string }).since))).not.toBeNaN();
    wire.release();
    const done = unwrap(await atSecond);
    expect(done.state).toBe('completed');
    expect(await topUpCharges(shop)).toBe(1);
    // The second counter gives its lease back with the outcome once the answer is journalled, beside
    // the cashier's answer rather than before it: until then the first counter is told it is held.
    expect(await releasedLease(ledger)).toMatchObject({
      counter_id: (await status(second)).counterId,
      outcome: 'completed',
    });

    // Seconds later at the first counter: the repeat question, naming that top-up and its counter.
    const repeat = refusal(await topUp(first, shop));
    expect(repeat.code).toBe('CONFIRMATION_REQUIRED');
    expect(repeat.details).toMatchObject({ recent: [{ id: done.id, counterCode: '2' }] });
    expect(await topUpCharges(shop)).toBe(1);
    // Once published, the ledger's records say the same.
    await untilPublished(second, ledger);
    expect(refusal(await topUp(first, shop)).details).toMatchObject({
      recent: [{ id: done.id, state: 'completed', counterCode: '2' }],
    });
    // The cashier confirms: a second top-up, sent once.
    const again = unwrap(await topUp(first, shop, true));
    expect(again.state).toBe('completed');
    expect(await topUpCharges(shop)).toBe(2);
    // Its lease is released with the outcome once it is journalled (soon after, beside the answer).
    expect(await releasedLease(ledger)).toMatchObject({
      counter_id: (await status(first)).counterId,
      outcome: 'completed',
    });
  }, 120_000);

  it('asks every top-up, saying why, while the ledger is stopped during the step; consistent once it is back', async () => {
    const shop = await shopOfTwo();
    const { first, second, ledger } = shop;
    const firstId = (await status(first)).counterId;

    // The ledger stops while the first counter's top-up is on its way, its lease taken.
    first.sim.setFaults({ latencyMs: SLOW_TOPUP_MS, paths: ['POST /topup/order'] });
    const pending = topUp(first, shop);
    await eventually('the lease to be taken', async () => (await leaseRow(ledger)) ?? null);
    await ledger.server.stop();
    const done = await pending;
    first.sim.setFaults({ latencyMs: 0 });
    expect(done.ok && done.value.state).toBe('completed');

    // The other counter's top-up is asked, with the reason; nothing is sent without the answer.
    const unchecked = refusal(await topUp(second, shop));
    expect(unchecked.code).toBe('CONFIRMATION_REQUIRED');
    expect(unchecked.details).toMatchObject({ recent: [], otherCountersUnchecked: true });
    expect(await topUpCharges(shop)).toBe(1);

    // Back: the first counter's lease is released with its outcome, its top-up published, and the
    // other counter's question names it.
    await ledger.server.start();
    expect(await releasedLease(ledger, 30_000)).toMatchObject({ counter_id: firstId, outcome: 'completed' });
    await untilPublished(first, ledger);
    const asked = refusal(await topUp(second, shop));
    expect(asked.code).toBe('CONFIRMATION_REQUIRED');
    expect(asked.details).toMatchObject({
      recent: [{ id: done.ok ? done.value.id : '', state: 'completed', counterCode: '1' }],
    });
    expect((asked.details as { otherCountersUnchecked?: boolean }).otherCountersUnchecked).toBeUndefined();
    expect(await topUpCharges(shop)).toBe(1);
  }, 120_000);

  it('waits for a ledger that hangs a few seconds at most: the question with the reason, then the lease once it answers', async () => {
    const ledger = await newLedger(server());
    const gate = await startTcpGate(ledger.server.port);
    onTestFinished(() => gate.close());
    const first = await shopCounter();
    await hireStaff(first.h);
    const address = `postgres://127.0.0.1:${gate.port}/${ledger.database}`;
    unwrap(await first.h.call('joinShopLedger', { ...joinInput(ledger, '1'), address }));
    const { iccid, option } = await rechargeableEsim(first);
    const shop = { ledger, first, second: first, iccid, option };

    // The network to the ledger hangs: the top-up is asked, with the reason, and nothing is sent.
    gate.hang();
    const asked = refusal(await topUp(first, shop));
    expect(asked.code).toBe('CONFIRMATION_REQUIRED');
    expect(asked.details).toMatchObject({ recent: [], otherCountersUnchecked: true });
    expect(await topUpCharges(shop)).toBe(0);

    // It answers again: no other counter topped the eSIM up, so no question; the lease is taken and
    // given back with the outcome.
    gate.flow();
    expect(unwrap(await topUp(first, shop)).state).toBe('completed');
    expect(await releasedLease(ledger)).toMatchObject({
      counter_id: (await status(first)).counterId,
      outcome: 'completed',
    });
    expect(await topUpCharges(shop)).toBe(1);
  }, 120_000);

  it("waits out another counter's lease until it expires, then asks the repeat question", async () => {
    const shop = await shopOfTwo();
    const { first, ledger } = shop;
    // A third counter of the shop took the lease and was killed before its top-up's outcome.
    const killed = await joinedCounter(ledger, {
      shop: 'Main street',
      counterId: 'C-KILLED',
      code: '3',
      name: 'Kiosk',
    });
    await takeTopUpLease(killed.client, { iccid: shop.iccid, topUpId: 'T-KILLED', repeatConfirmed: false });

    for (const confirmRepeat of [false, true]) {
      const held = refusal(await topUp(first, shop, confirmRepeat));
      expect(held.code).toBe('TOPUP_LEASE_HELD');
      expect(held.details).toMatchObject({ counterCode: '3', counterName: 'Kiosk' });
    }
    expect(await topUpCharges(shop)).toBe(0);

    // Two minutes on by the ledger's clock, the lease has expired: its top-up's outcome is unknown,
    // so the cashier is asked, and the confirmed top-up takes the lease.
    await ledger.query(
      "UPDATE ledger.topup_leases SET taken_at = taken_at - interval '2 minutes', expires_at = expires_at - interval '2 minutes'",
    );
    const asked = refusal(await topUp(first, shop));
    expect(asked.code).toBe('CONFIRMATION_REQUIRED');
    expect(asked.details).toMatchObject({ recent: [{ id: 'T-KILLED', state: 'sent', counterCode: '3' }] });
    expect(unwrap(await topUp(first, shop, true)).state).toBe('completed');
    expect(await topUpCharges(shop)).toBe(1);
  }, 120_000);
});
