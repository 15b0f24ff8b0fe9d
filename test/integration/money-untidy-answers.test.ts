import { afterEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain/sale';
import { call, type Json } from '../simulator/support/signed-fetch';
import { unwrap } from '../support/core-harness';
import {
  type Counter,
  charges,
  cheapest,
  completePending,
  eventually,
  ledger,
  startCounter,
} from './money-support';

/**
 * A charged order of several eSIMs settled by reads alone, against a provider that answers untidily
 * (docs/simulator.md, "Answer styles"). GET /esims/order names the first eSIM; the others come from
 * the eSIM list, whose items an untidy provider may send without `manual_installation` (its LPA
 * fields) while their install links still carry the LPA, and with a creation time written for people
 * ("November 23, 2026 at 6:20 PM"), the first instant of the minute the eSIM was issued in.
 *
 * The untidy style's draws for an eSIM depend on the seed and its ICCID alone, and ICCIDs on the seed
 * and the order of issue: with the money tests' seed, the 7th to 9th eSIMs the simulator issues are an order whose
 * 7th and 9th eSIMs' list items have no `manual_installation`, the 9th keeping only its Apple link.
 */

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

describe('a charged order whose eSIMs an untidy provider lists without their LPA fields', () => {
  it('settles completed from the LPAs the install links carry, every eSIM with its own LPA, by reads alone', async () => {
    counter = await startCounter({ faults: { answerStyle: 'untidy' } });
    const c = counter;
    const pkg = cheapest(c.packages);
    // Another customer's order of six eSIMs first (same package, so the eSIM list holds eSIMs that are
    // not this sale's), provisioned at once.
    const earlier = await call(c.sim.baseUrl, c.sim.defaultAccount, 'POST', '/esims/order', {
      body: { packageCode: pkg.code, quantity: 6, idempotency_key: 'another-counter-1' },
    });
    expect(earlier.status).toBe(200);
    await c.sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 3 }));
    if (sale.state !== 'pending') throw new Error(`expected pending, got ${sale.state}`);
    await completePending(c.sim, sale.orderReference);

    const done = await eventually('the sale completed by reads', async () => {
      const s = unwrap(await c.h.call<Sale>('getSale', { id: sale.id }));
      return s.state === 'pending' ? null : s;
    });
    expect(done.state).toBe('completed');
    const handedOver = unwrap(await c.h.call<Sale>('getSaleForHandOver', { id: sale.id }));
    if (handedOver.state !== 'completed') throw new Error(`not completed: ${handedOver.state}`);

    // The provider's own record of the order's eSIMs (tidy, over the control API's view of the list).
    await c.sim.setFaults({ answerStyle: 'tidy' });
    const listed = await call(
      c.sim.baseUrl,
      c.sim.defaultAccount,
      'GET',
      `/esims?limit=100&search=${pkg.code}`,
    );
    const lpaOf = new Map<string, string>(
      listed.body.data.esims.map((e: Json) => [e.iccid, e.manual_installation.lpa_format]),
    );
    const usage = await Promise.all(
      handedOver.esims.map((e) =>
        call(c.sim.baseUrl, c.sim.defaultAccount, 'GET', `/esims/usage/query?iccid=${e.iccid}`),
      ),
    );
    expect(usage.map((u) => u.body.data.esim.order_id)).toEqual([
      sale.orderReference,
      sale.orderReference,
      sale.orderReference,
    ]);
    expect(new Set(handedOver.esims.map((e) => e.iccid)).size).toBe(3);
    for (const esim of handedOver.esims) expect(esim.lpa).toBe(lpaOf.get(esim.iccid));
    // Read, never sent again: one order on the wire from the counter, one charge for it.
    const posts = c.h.logLines.filter((l) => l.includes('"path":"/esims/order"') && l.includes('"POST"'));
    expect(posts).toHaveLength(1);
    const paid = charges((await ledger(c.sim)).entries).filter(
      (e) => e.orderReference === sale.orderReference,
    );
    expect(paid).toHaveLength(1);
    expect(handedOver.cost!.amount).toBe(paid[0]?.amountMinor);
  });
});
