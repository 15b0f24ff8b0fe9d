import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cancellation } from '../../shared/domain/cancellation';
import type { EsimCare } from '../../shared/domain/care';
import type { ExportFile } from '../../shared/domain/export';
import { unwrap } from '../support/core-harness';
import { stated, TIDY } from '../support/stated';
import { hireStaff, openShift, sell, usd } from './end-of-day-support';
import { type Counter, cheapest, driveEsim, startCounter } from './money-support';

let counter: Counter | null = null;

// eSIM care shows what the provider told: `null` (or not installed) for what a lean or untidy answer
// left out, never a failed read.

afterEach(async () => {
  await counter?.close();
  counter = null;
});

describe('eSIM care', () => {
  it('reads a sold eSIM live, and packs everything about its sale for support without its install codes', async () => {
    counter = await startCounter();
    const { h, sim, packages } = counter;
    const staff = await hireStaff(h);
    await openShift(h, [usd(10_000)]);
    const pkg = cheapest(packages);
    const used = await sell(h, pkg, { method: 'card' });
    const returned = await sell(h, pkg, { method: 'card' });
    if (used.state !== 'completed' || returned.state !== 'completed')
      throw new Error('a sale did not complete');
    const iccid = used.esims[0]!.iccid;
    await driveEsim(sim, 'activate', { iccid });
    await driveEsim(sim, 'consume', { iccid, mb: 120 });

    const { esims } = unwrap(await h.call<{ esims: EsimCare[] }>('getEsimCare', { saleId: used.id }));
    expect(esims).toHaveLength(1);
    expect(esims[0]).toMatchObject({
      iccid,
      status: stated('ACTIVE'),
      installed: stated(true),
      usedMb: stated(120),
    });
    if (TIDY || esims[0]!.totalEvents !== null) expect(esims[0]!.totalEvents).toBeGreaterThan(0);
    // An event is shown when its time could be read; each one's place and kind only where stated.
    if (TIDY) expect(esims[0]!.events[0]).toMatchObject({ country: expect.any(String) });

    // A cancelled sale's pack carries the cancellation and the provider's answer to it.
    await (async () => {
      const cancelled = unwrap(
        await h.call<Cancellation>('cancelSale', {
          saleId: returned.id,
          reason: 'Wrong country',
          cashRefund: null,
          approval: staff.approval,
        }),
      );
      const pack = unwrap(await h.call<ExportFile>('exportDisputePack', { saleId: returned.id }));
      expect(pack.name).toMatch(
        new RegExp(`receipt-${String(returned.receiptNumber).padStart(6, '0')}-dispute-pack\\.json$`),
      );
      for (const esim of returned.esims) expect(pack.content).not.toContain(esim.activationCode);
      const body = JSON.parse(pack.content) as {
        sale: { receipt_number: number; order_reference: string };
        iccids: string[];
        orderAnswers: { request: string; status: number | null; body: unknown }[];
        cancellations: { id: string; state: string; answers: { request: string; body: unknown }[] }[];
        journal: { kind: string }[];
        chain: { seq: number; kind: string; hash: string; prev_hash: string | null }[];
        statusReads: { iccid: string; answers: { status: unknown } }[];
      };
      expect(body.sale).toMatchObject({
        receipt_number: returned.receiptNumber,
        order_reference: returned.orderReference,
      });
      expect(body.iccids).toEqual(returned.esims.map((esim) => esim.iccid));
      // Every answer the order had, each as received with its install codes taken out.
      expect(body.orderAnswers).toEqual([
        expect.objectContaining({
          request: 'POST /esims/order',
          status: 200,
          body: expect.objectContaining({ success: true }),
        }),
      ]);
      expect(body.cancellations).toEqual([
        expect.objectContaining({
          id: cancelled.id,
          state: 'cancelled',
          answers: [expect.objectContaining({ request: 'POST /esims/cancel', send: 1 })],
        }),
      ]);
      const kinds = body.journal.map((each) => each.kind);
      expect(kinds).toEqual(
        expect.arrayContaining([
          'sale.sent',
          'sale.completed',
          'cancellation.intent',
          'cancellation.cancelled',
        ]),
      );
      expect(body.chain.map((each) => each.kind)).toEqual(kinds);
      // Each link as hex, with the hash it follows: the link before's, as the journal holds them.
      const journal = new Database(join(counter!.dataDir, 'journal.sqlite'), { readonly: true });
      try {
        const hashOf = journal.prepare('SELECT lower(hex(hash)) FROM chain WHERE seq = ?').pluck();
        expect(body.chain.length).toBeGreaterThan(0);
        for (const link of body.chain) {
          expect(link.hash).toBe(hashOf.get(link.seq));
          expect(link.prev_hash).toBe(hashOf.get(link.seq - 1));
        }
      } finally {
        journal.close();
      }
      expect(body.statusReads.map((each) => each.iccid)).toEqual(body.iccids);
    })();
  });
});
