import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import { unwrap } from '../support/core-harness';
import {
  forwardTo,
  type ReceivedRequest,
  type Reply,
  startTestServer,
  type TestServer,
} from './api-test-server';
import { hireStaff } from './end-of-day-support';
import {
  type Counter,
  charges,
  cheapest,
  driveEsim,
  keptAnswers,
  ledger,
  SEED,
  startCounter,
} from './money-support';

// The raw body of every answer to a money request is journalled whatever its outcome, including
// answers that could not be read, and the eSIMs' LPAs are recovered from it when they are there.

let counter: Counter | null = null;
let server: TestServer | null = null;
let sim: RunningSimulator | null = null;

afterEach(async () => {
  await counter?.close();
  await server?.close();
  await sim?.close();
  counter = null;
  server = null;
  sim = null;
});

function answerEsimRows(dataDir: string, saleId: string): { iccid: string | null; lpa: string }[] {
  const db = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT iccid, lpa FROM answer_esims WHERE sale_id = ? ORDER BY answer_seq, position')
      .all(saleId) as { iccid: string | null; lpa: string }[];
  } finally {
    db.close();
  }
}

const pathOf = (request: ReceivedRequest): string =>
  `${request.method} ${new URL(request.url, 'http://x').pathname.replace('/api/v1/business', '')}`;

/** An order list that has not caught up yet: the provider's records lag behind its answers. */
const EMPTY_ORDER_LIST: Reply = {
  kind: 'json',
  body: {
    success: true,
    data: { orders: [], pagination: { page: 1, limit: 100, total: 0, total_pages: 1 } },
  },
};
const EMPTY_ESIM_LIST: Reply = {
  kind: 'json',
  body: { success: true, data: { esims: [], pagination: { page: 1, limit: 100, total: 0, total_pages: 1 } } },
};

/** A counter that reaches the simulator through a test server whose answers the test rewrites. */
async function counterBehind(
  rewrite: (request: ReceivedRequest, upstream: string) => Promise<Reply>,
): Promise<Counter> {
  sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  const upstream = sim.baseUrl;
  server = await startTestServer((request) => rewrite(request, upstream));
  counter = await startCounter({}, { sim, apiBaseUrl: server.baseUrl });
  return counter;
}

describe('every answer to a money request is kept', () => {
  it('keeps both answers of a sale, recovers the eSIMs of the one it could not read, and hands them over once reads settle it', async () => {
    let orderPosts = 0;
    let listsCaughtUp = false;
    const original: { iccid: string; lpaString: string }[] = [];
    let unreadable = '';
    const c = await counterBehind(async (request, upstream) => {
      switch (pathOf(request)) {
        case 'POST /esims/order': {
          orderPosts += 1;
          // The first send meets a busy gateway (the provider never sees it); the client's re-send goes through.
          if (orderPosts === 1)
            return { kind: 'json', status: 503, body: { success: false, message: 'busy' } };
          const answer = await forwardTo(upstream, request);
          const body = JSON.parse(answer.text) as Record<string, unknown>;
          for (const esim of body.esims as { iccid: string; lpaString: string }[]) {
            original.push({ iccid: esim.iccid, lpaString: esim.lpaString });
          }
          // The answer reaches the counter without its order reference: it cannot be read as an order.
          delete body.orderReference;
          unreadable = JSON.stringify(body);
          return { ...answer, text: unreadable };
        }
        case 'GET /orders':
          return listsCaughtUp ? forwardTo(upstream, request) : EMPTY_ORDER_LIST;
        case 'GET /esims':
          // The eSIM list never shows them: only the answer the counter could not read names both.
          return EMPTY_ESIM_LIST;
        default:
          return forwardTo(upstream, request);
      }
    });
    const pkg = cheapest(c.packages);

    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 2 }));
    expect(sale).toMatchObject({ state: 'in_doubt', lastError: { code: 'BAD_RESPONSE' } });
    const iccids = original.map((esim) => esim.iccid);
    expect(iccids).toHaveLength(2);
    // The cashier sees that the provider's answer named two eSIMs: their ICCIDs, never what installs them.
    expect(sale).toMatchObject({ esimsNamed: iccids.map((iccid) => ({ iccid })) });
    const summary = unwrap(await c.h.call<SaleSummary>('getSale', { id: sale.id }));
    expect(summary).toMatchObject({ state: 'in_doubt', esimsNamed: iccids.map((iccid) => ({ iccid })) });
    for (const shown of [sale, summary]) {
      for (const esim of original) expect(JSON.stringify(shown)).not.toContain(esim.lpaString.split('$')[2]);
    }
    const found = unwrap(await c.h.call<{ sales: SaleSummary[] }>('listSales', { search: iccids[1] }));
    expect(found.sales.map((s) => s.id)).toEqual([sale.id]);

    // Both answers, in the order they came, the unreadable one exactly as received; its LPAs beside it.
    expect(keptAnswers(c.dataDir, 'sale', sale.id)).toEqual([
      {
        seq: 1,
        request: 'POST /esims/order',
        send: 1,
        attempt: 1,
        status: 503,
        whole: 1,
        body: '{"success":false,"message":"busy"}',
      },
      { seq: 2, request: 'POST /esims/order', send: 1, attempt: 2, status: 200, whole: 1, body: unreadable },
    ]);
    expect(answerEsimRows(c.dataDir, sale.id)).toEqual(
      original.map((esim) => ({ iccid: esim.iccid, lpa: esim.lpaString })),
    );

    // The provider's records catch up: "check now" finds the order by reads, and the eSIMs are at hand.
    listsCaughtUp = true;
    const settled = unwrap(await c.h.call<SaleSummary>('resolveSale', { id: sale.id }));
    expect(settled.state).toBe('completed');
    const handed = unwrap(await c.h.call<Sale>('getSaleForHandOver', { id: sale.id }));
    if (handed.state !== 'completed') throw new Error(`the sale is ${handed.state}`);
    expect(handed.esims.map((esim) => ({ iccid: esim.iccid, lpaString: esim.lpa }))).toEqual(original);
    expect(orderPosts).toBe(2);
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
    // The read that settled it is kept after the answers, which are never changed.
    const kept = keptAnswers(c.dataDir, 'sale', sale.id);
    expect(kept.slice(0, 2).map((row) => row.body)).toEqual([
      '{"success":false,"message":"busy"}',
      unreadable,
    ]);
    expect(kept.slice(2)).toEqual([
      expect.objectContaining({ seq: 3, request: 'GET /esims/order', send: null, attempt: null }),
    ]);
  });

  it("keeps the answer of a top-up it could not read, and the page of the order list a manager's decision took its order from", async () => {
    let garbleTopUps = true;
    let answered = '';
    const c = await counterBehind(async (request, upstream) => {
      const answer = await forwardTo(upstream, request);
      if (pathOf(request) !== 'POST /topup/order' || !garbleTopUps) return answer;
      // The provider applied the top-up; a gateway on the way answered for it.
      answered = '<html><body><h1>502 Bad Gateway</h1></body></html>';
      return { kind: 'text', status: 502, text: answered };
    });
    const pkg = cheapest(c.packages.filter((p) => p.isRechargeable));
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code }));
    if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
    const iccid = sale.esims[0]!.iccid;
    await driveEsim(c.sim, 'activate', { iccid });
    const { packages } = unwrap(await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid }));
    const [option] = [...packages].sort((a, b) => a.cost!.amount - b.cost!.amount);
    if (!option) throw new Error('no top-up for this eSIM');

    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    // Its order was in the list at once, as one another writer could have placed too: in doubt, with
    // the answer kept, until a manager takes that order as the top-up's.
    expect(topUp.state).toBe('in_doubt');
    garbleTopUps = false;
    const [charged] = charges((await ledger(c.sim)).entries, 'topup');
    const staff = await hireStaff(c.h);
    const settled = unwrap(
      await c.h.call<TopUp>('decideTopUp', {
        id: topUp.id,
        choice: { kind: 'ours', orderReference: charged?.orderReference },
        approval: staff.approval,
      }),
    );
    expect(settled).toMatchObject({
      state: 'completed',
      inferred: true,
      orderReference: charged?.orderReference,
    });
    const kept = keptAnswers(c.dataDir, 'topup', topUp.id);
    expect(kept[0]).toEqual({
      seq: 1,
      request: 'POST /topup/order',
      send: 1,
      attempt: 1,
      status: 502,
      whole: 1,
      body: answered,
    });
    expect(kept.slice(1)).toEqual([
      expect.objectContaining({ seq: 2, request: 'GET /orders', send: null, attempt: null }),
    ]);
    expect(JSON.parse(kept[1]!.body)).toMatchObject({ success: true });
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(1);
  });
});
