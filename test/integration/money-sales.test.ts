import { afterEach, describe, expect, it } from 'vitest';
import type { BalanceView } from '../../shared/domain/balance';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import { toSaleSummary } from '../../shared/domain/sale-summary';
import type { Status } from '../../shared/domain/status';
import { unwrap } from '../support/core-harness';
import {
  announcedBalance,
  type Counter,
  charges,
  cheapest,
  completePending,
  eventually,
  failPending,
  keptAnswers,
  ledger,
  setBalance,
  startCounter,
} from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

async function open(...args: Parameters<typeof startCounter>): Promise<Counter> {
  counter = await startCounter(...args);
  return counter;
}

function statesOf(c: Counter, id: string): string[] {
  return c.h.events.flatMap((e) => (e.type === 'sale.updated' && e.sale.id === id ? [e.sale.state] : []));
}

describe('selling under faults: one journal sale per charge', () => {
  it('sells ten eSIMs of one package as one sale, charged once, with the retail price fixed', async () => {
    const c = await open();
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 10 }));
    expect(sale.state).toBe('completed');
    if (sale.state !== 'completed') return;
    expect(sale.esims).toHaveLength(10);
    expect(new Set(sale.esims.map((e) => e.iccid)).size).toBe(10);
    expect(sale.cost).toEqual({ amount: pkg.cost!.amount * 10, currency: pkg.cost!.currency });
    expect(sale.retailTotal.amount).toBe(pkg.retail.amount * 10);
    expect(sale.margin!.amount).toBe(sale.retailTotal.amount - sale.cost!.amount);
    const { entries, balanceMinor } = await ledger(c.sim);
    expect(charges(entries)).toEqual([
      expect.objectContaining({ idempotencyKey: sale.idempotencyKey, amountMinor: sale.cost!.amount }),
    ]);
    // The balance after the sale is announced, whether the answer said it or it was read after.
    expect(announcedBalance(c.h)?.balance.amount).toBe(balanceMinor);
    if (sale.newBalance) expect(sale.newBalance.amount).toBe(balanceMinor);
    // The provider's answer is kept verbatim beside the parsed columns.
    const [answer] = keptAnswers(c.dataDir, 'sale', sale.id);
    expect(answer).toMatchObject({
      request: 'POST /esims/order',
      send: 1,
      attempt: 1,
      status: 200,
      whole: 1,
    });
    const raw = JSON.parse(answer?.body ?? '');
    expect(raw).toMatchObject({ orderReference: sale.orderReference });
    expect(raw.esims).toHaveLength(10);
  });

  it('under 5xx and answers dropped after the charge, every charge has exactly one completed sale', async () => {
    const c = await open({
      faults: { failRate: 0.3, dropAfterCommitRate: 0.3, paths: ['POST /esims/order'] },
    });
    const pkg = cheapest(c.packages);
    const sold: Sale[] = [];
    for (let i = 0; i < 12; i++) {
      sold.push(unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 })));
    }
    // The client's one retry with the same key cures most faults, and an answer lost after the charge
    // is found in the provider's records at once; what neither settles is in doubt. A sale is failed
    // only when both sends were refused (the provider's ORDER_PROCESSING_ERROR charges nothing).
    expect(sold.every((s) => ['completed', 'in_doubt', 'failed'].includes(s.state))).toBe(true);
    expect(sold.some((s) => s.state === 'completed')).toBe(true);
    c.sim.setFaults({ failRate: 0, dropAfterCommitRate: 0 });
    const settled: Sale[] = [];
    for (const s of sold) {
      const checked = unwrap(await c.h.call<Sale>('resolveSale', { id: s.id }));
      settled.push(
        checked.state === 'in_doubt'
          ? unwrap(await c.h.call<Sale>('resendSale', { id: s.id, confirmed: true }))
          : checked,
      );
    }
    expect(settled.every((s) => s.state === 'completed' || s.state === 'failed')).toBe(true);
    const paid = charges((await ledger(c.sim)).entries);
    const completed = settled.filter((s) => s.state === 'completed');
    expect(paid.map((p) => p.idempotencyKey).sort()).toEqual(completed.map((s) => s.idempotencyKey).sort());
    for (const s of completed) {
      const charge = paid.find((p) => p.idempotencyKey === s.idempotencyKey);
      expect(charge?.orderReference).toBe(s.orderReference);
      expect(s.cost!.amount).toBe(charge?.amountMinor);
    }
  });

  it("a sale whose answer was lost after the charge is completed from the provider's records, never sent again", async () => {
    // Settled by comparing the provider's order list with the sale: a list that describes its orders.
    // A lean list names them only (the next test).
    const c = await open({ faults: { answerStyle: 'tidy' } });
    const pkg = cheapest(c.packages);
    c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order'] });
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('completed');
    if (sale.state !== 'completed') return;
    const paid = charges((await ledger(c.sim)).entries);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      idempotencyKey: sale.idempotencyKey,
      orderReference: sale.orderReference,
    });
    expect(sale.cost!.amount).toBe(paid[0]?.amountMinor);
    expect(sale.attempts).toBe(1);
    expect(statesOf(c, sale.id)).toEqual(['intent', 'sent', 'in_doubt', 'completed']);
    expect(unwrap(await c.h.call<Status>('getStatus')).openSales.inDoubt).toBe(0);
  });

  it('a lost answer, and an order list that only names its orders: in doubt, then the cashier’s re-send hands it over, charged once', async () => {
    const c = await open({ faults: { answerStyle: 'lean' } });
    const pkg = cheapest(c.packages);
    c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order'] });
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    // The list proves nothing: the order is never claimed from it, and the sale never failed.
    expect(sale.state).toBe('in_doubt');
    const paid = charges((await ledger(c.sim)).entries);
    expect(paid).toHaveLength(1);
    c.sim.setFaults({ dropAfterCommitRate: 0 });
    const resent = unwrap(await c.h.call<Sale>('resendSale', { id: sale.id, confirmed: true }));
    expect(resent.state).toBe('completed');
    if (resent.state !== 'completed') return;
    // The provider replayed the first order under the same key: one charge, handed over.
    expect(charges((await ledger(c.sim)).entries)).toEqual(paid);
    expect(resent.orderReference).toBe(paid[0]?.orderReference);
    expect(resent.cost!.amount).toBe(paid[0]?.amountMinor);
    expect(resent.esims).toHaveLength(1);
  });

  it('a re-send held back by the rate limiter after a lost answer leaves the sale in doubt, never failed', async () => {
    // An API key allowing 20 requests a minute: the counter's limiter follows the budget the answers report.
    const c = await open({ rateLimit: { perMinute: 20, perHour: 1_000, perDay: 10_000 } });
    const pkg = cheapest(c.packages);
    // Reads stop while one request is left in the minute; that one is kept for a sale.
    for (let i = 0; i < 30; i++) {
      const read = await c.h.call('getBalance');
      if (!read.ok && read.error.code === 'RATE_LIMIT_EXCEEDED') break;
    }
    c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order'] });
    // The order is charged and its answer lost; the client's re-send is held back by the limiter.
    const lost = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    const sends = c.h.logLines.filter((l) => l.includes('"path":"/esims/order"') && l.includes('"POST"'));
    expect(sends).toHaveLength(1);
    expect(lost.state).toBe('in_doubt');
    // A sale held back before anything was sent is refused for certain.
    const refused = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(refused.state).toBe('failed');
    expect(charges((await ledger(c.sim)).entries).map((e) => e.idempotencyKey)).toEqual([
      lost.idempotencyKey,
    ]);
  });

  it('refuses to resolve an unknown sale and leaves settled ones alone', async () => {
    const c = await open();
    const missing = await c.h.call('resolveSale', { id: 'no-such-sale' });
    expect(missing.ok ? null : missing.error.code).toBe('NOT_FOUND');
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    const again = unwrap(await c.h.call<SaleSummary>('resolveSale', { id: sale.id }));
    expect(again).toEqual(toSaleSummary(sale));
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
  });
});

describe('pending orders', () => {
  it('polls a pending order until it is provisioned, then pushes the completed sale with every eSIM, by reads alone', async () => {
    // Every eSIM of an order of several, read back by reads alone, needs a provider whose eSIM list and
    // usage name each eSIM's package and order; a lean or untidy one's may not (docs/api-client.md).
    const c = await open({ faults: { pendingRate: 1, pendingDelayMs: 800, answerStyle: 'tidy' } });
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 3 }));
    expect(sale.state).toBe('pending');
    const done = await eventually('the completed event', () =>
      c.h.events.find(
        (e) => e.type === 'sale.updated' && e.sale.id === sale.id && e.sale.state === 'completed',
      ),
    );
    if (done.type !== 'sale.updated' || done.sale.state !== 'completed') throw new Error('not completed');
    expect(done.sale.esims).toHaveLength(3);
    // Settled from the provider's records: the order's eSIMs are read, the order is never sent again.
    const posts = c.h.logLines.filter((l) => l.includes('"path":"/esims/order"') && l.includes('"POST"'));
    expect(posts).toHaveLength(1);
    const paid = charges((await ledger(c.sim)).entries);
    expect(paid).toHaveLength(1);
    expect(done.sale.cost!.amount).toBe(paid[0]?.amountMinor);
    expect(unwrap(await c.h.call<Sale>('getSale', { id: sale.id }))).toEqual(done.sale);
  });

  it('hands a pending order to support after the polling window, and never re-orders it', async () => {
    const c = await open(
      { faults: { pendingRate: 1, pendingDelayMs: -1 } },
      {
        timing: {
          pending: { minIntervalMs: 100, maxIntervalMs: 200, giveUpAfterMs: 1_200, random: Math.random },
        },
      },
    );
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('pending');
    await eventually('support', () =>
      c.h.events.find(
        (e) => e.type === 'sale.updated' && e.sale.id === sale.id && e.sale.state === 'support',
      ),
    );
    const support = unwrap(await c.h.call<Sale>('getSale', { id: sale.id }));
    expect(support.state).toBe('support');
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
    expect(unwrap(await c.h.call<Status>('getStatus')).openSales.support).toBe(1);
  });

  it('moves a pending order the provider failed to support, with the reason', async () => {
    const c = await open({ faults: { pendingRate: 1, pendingDelayMs: -1 } });
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'pending') throw new Error(`expected pending, got ${sale.state}`);
    await failPending(c.sim, sale.orderReference);
    const after = await eventually('support', async () => {
      const s = unwrap(await c.h.call<Sale>('getSale', { id: sale.id }));
      return s.state === 'support' ? s : null;
    });
    expect(after.state).toBe('support');
    const entries = (await ledger(c.sim)).entries;
    expect(charges(entries)).toHaveLength(1);
    expect(charges(entries, 'refund')).toHaveLength(1);
  });

  it('resumes polling after a restart from the schedule in the journal', async () => {
    // Every eSIM of an order of several, read back by reads alone, needs a provider whose eSIM list and
    // usage name each eSIM's package and order; a lean or untidy one's may not (docs/api-client.md).
    const c = await open({ faults: { pendingRate: 1, pendingDelayMs: -1, answerStyle: 'tidy' } });
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 2 }));
    if (sale.state !== 'pending') throw new Error(`expected pending, got ${sale.state}`);
    await c.h.close();
    // Provisioned while the counter was off.
    await completePending(c.sim, sale.orderReference);
    const h = await c.restart();
    const done = await eventually('the completed event after the restart', () =>
      h.events.find(
        (e) => e.type === 'sale.updated' && e.sale.id === sale.id && e.sale.state === 'completed',
      ),
    );
    if (done.type !== 'sale.updated' || done.sale.state !== 'completed') throw new Error('not completed');
    expect(done.sale.esims).toHaveLength(2);
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
  });

  it('checks a pending order at once when the esim.provisioned webhook arrives', async () => {
    const c = await open(
      { faults: { pendingRate: 1, pendingDelayMs: -1 } },
      // Polls far apart: only the webhook can explain a prompt completion.
      {
        timing: {
          pending: {
            minIntervalMs: 600_000,
            maxIntervalMs: 600_001,
            giveUpAfterMs: 3_600_000,
            random: Math.random,
          },
        },
      },
    );
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'pending') throw new Error(`expected pending, got ${sale.state}`);
    // An event for an order the provider has not finished changes nothing.
    expect((await c.h.core.esimProvisioned(sale.orderReference))?.state).toBe('pending');
    await completePending(c.sim, sale.orderReference);
    const done = await c.h.core.esimProvisioned(sale.orderReference);
    expect(done?.state).toBe('completed');
    expect(await c.h.core.esimProvisioned('NO-SUCH-ORDER')).toBeNull();
  });
});

describe('the balance', () => {
  it('follows each sale, warns once when it falls below the threshold, and is refreshed in the background', async () => {
    const c = await open({}, { timing: { balanceRefreshMs: 300 } });
    const pkg = cheapest(c.packages);
    unwrap(await c.h.call('setManagerPin', { pin: '2468' }));
    const start = (await ledger(c.sim)).balanceMinor;
    // Low once the balance drops below what is left after two sales.
    const threshold = start - pkg.cost!.amount - Math.ceil(pkg.cost!.amount / 2);
    unwrap(
      await c.h.call('updateSettings', {
        pin: '2468',
        patch: { lowBalanceThreshold: { amount: threshold, currency: pkg.cost!.currency } },
      }),
    );
    unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(unwrap(await c.h.call<Status>('getStatus')).balance).toMatchObject({
      balance: { amount: start - pkg.cost!.amount, currency: pkg.cost!.currency },
      low: false,
    });
    unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    const lows = c.h.events.filter((e) => e.type === 'balance.low');
    expect(lows).toHaveLength(1);
    expect(lows[0]?.type === 'balance.low' && lows[0].balance.balance.amount).toBe(
      start - 2 * pkg.cost!.amount,
    );

    // Money loaded outside the app shows up without any sale.
    await setBalance(c.sim, 1234.5);
    const refreshed = await eventually('the background refresh', () =>
      c.h.events.find((e) => e.type === 'balance.updated' && e.balance.balance.amount === 123_450),
    );
    expect(refreshed.type === 'balance.updated' && refreshed.balance.low).toBe(false);
  });
});

describe('the balance as the core announces it', () => {
  it('is the balance after each sale, announced before the sale is answered', async () => {
    const c = await open();
    const pkg = cheapest(c.packages);
    for (let i = 0; i < 2; i += 1) {
      const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
      expect(sale.state).toBe('completed');
      expect(announcedBalance(c.h)?.balance.amount).toBe((await ledger(c.sim)).balanceMinor);
      // When the answer says the balance after the sale, that is what was announced.
      if (sale.state === 'completed' && sale.newBalance) {
        expect(sale.newBalance).toEqual(announcedBalance(c.h)?.balance);
      }
    }
  });

  it('is read from the provider before the sale is answered when the order answer leaves it out', async () => {
    const c = await open({ faults: { answerStyle: 'lean' } });
    const pkg = cheapest(c.packages);
    for (let i = 0; i < 2; i += 1) {
      const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
      expect(sale.state === 'completed' && sale.newBalance).toBeNull();
      expect(announcedBalance(c.h)?.balance.amount).toBe((await ledger(c.sim)).balanceMinor);
    }
  });

  it('is what the provider said is left when it refused a sale for lack of balance', async () => {
    const c = await open();
    const pkg = cheapest(c.packages);
    await setBalance(c.sim, 0.05);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state === 'failed' && sale.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(announcedBalance(c.h)?.balance).toEqual({ amount: 5, currency: pkg.cost!.currency });
    expect(unwrap(await c.h.call<Status>('getStatus')).balance?.balance).toEqual(
      announcedBalance(c.h)?.balance,
    );
  });

  it('is judged again, and announced, when the shop changes its low-balance threshold', async () => {
    const c = await open();
    unwrap(await c.h.call('setManagerPin', { pin: '2468' }));
    const known = unwrap(await c.h.call<BalanceView>('getBalance'));
    expect(known.low).toBe(false);
    const raise = (amount: number) =>
      c.h.call('updateSettings', {
        pin: '2468',
        patch: { lowBalanceThreshold: { amount, currency: known.balance.currency } },
      });
    unwrap(await raise(known.balance.amount + 1));
    expect(announcedBalance(c.h)).toMatchObject({ balance: known.balance, low: true });
    expect(c.h.events.filter((e) => e.type === 'balance.low')).toHaveLength(1);
    unwrap(await raise(known.balance.amount));
    expect(announcedBalance(c.h)).toMatchObject({ balance: known.balance, low: false });
  });
});
