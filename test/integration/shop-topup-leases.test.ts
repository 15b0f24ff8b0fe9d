import { describe, expect, it } from 'vitest';
import { latestLedgerVersion } from '../../electron/core/shop/ledger-migrations';
import { releaseTopUpLease, takeTopUpLease } from '../../electron/core/shop/topup-leases';
import { postgresPerFile, type TestLedger, twoShopCounters } from '../support/shop-ledger';

// Ledger migration 0005, on a real PostgreSQL: one top-up in flight per eSIM in a shop, each lease
// taken and released by its own counter, for its own shop only.

const server = postgresPerFile();

const ICCID = '8988247000000000017';

async function twoShops() {
  const { ledger, front, back, harbour } = await twoShopCounters(server());
  return { ledger, front: front.client, back: back.client, harbour: harbour.client };
}

/** The server's clock moves on by `interval` for the shop's leases (the owner moves their times back). */
async function timePasses(ledger: TestLedger, interval: string): Promise<void> {
  await ledger.query(
    `UPDATE ledger.topup_leases SET taken_at = taken_at - $1::interval, expires_at = expires_at - $1::interval,
       released_at = released_at - $1::interval`,
    [interval],
  );
}

const take = (topUpId: string, repeatConfirmed = false) => ({ iccid: ICCID, topUpId, repeatConfirmed });

describe('top-up leases in the ledger (migration 0005)', () => {
  it("hold one top-up per eSIM in the shop, for two minutes at most, and nobody takes another counter's", async () => {
    const { ledger, front, back } = await twoShops();
    expect(latestLedgerVersion()).toBeGreaterThanOrEqual(5);

    const taken = await takeTopUpLease(front, take('T-FRONT-1'));
    expect(taken.answer).toBe('taken');
    expect(taken.lease).toMatchObject({ counterId: 'C-FRONT', counterCode: '1', counterName: 'Front' });
    // The stated time: two minutes by the server's clock.
    expect(Date.parse(taken.lease.expiresAt) - Date.parse(taken.lease.takenAt)).toBe(120_000);

    // The other counter is told who holds it and since when, even with the repeat confirmed.
    for (const confirmed of [false, true]) {
      const refused = await takeTopUpLease(back, take('T-BACK-1', confirmed));
      expect(refused.answer).toBe('held');
      expect(refused.lease).toMatchObject({
        counterCode: '1',
        topUpId: 'T-FRONT-1',
        takenAt: taken.lease.takenAt,
      });
    }
    // Nor can it release it, nor write the table.
    expect(await releaseTopUpLease(back, { iccid: ICCID, topUpId: 'T-FRONT-1', outcome: 'failed' })).toBe(
      false,
    );
    await expect(back.query('DELETE FROM ledger.topup_leases')).rejects.toThrow(/permission denied/);
    await expect(back.query("UPDATE ledger.topup_leases SET counter_id = 'C-BACK'")).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      back.query(
        `INSERT INTO ledger.topup_leases (shop_id, iccid, counter_id, topup_id, taken_at, expires_at)
         VALUES (1, '1', 'C-BACK', 'T', now(), now())`,
      ),
    ).rejects.toThrow(/permission denied/);

    // Expired (its counter killed while topping up): the other counter is asked the repeat question
    // (the top-up's outcome is unknown), and takes the lease once the cashier confirms.
    await timePasses(ledger, '2 minutes');
    const after = await takeTopUpLease(back, take('T-BACK-2'));
    expect(after.answer).toBe('repeat');
    expect(after.lease).toMatchObject({ counterCode: '1', topUpId: 'T-FRONT-1', outcome: null });
    expect((await takeTopUpLease(back, take('T-BACK-2', true))).answer).toBe('taken');
    // The late release of the expired one changes nothing.
    expect(await releaseTopUpLease(front, { iccid: ICCID, topUpId: 'T-FRONT-1', outcome: 'completed' })).toBe(
      false,
    );
    expect((await takeTopUpLease(front, take('T-FRONT-2', true))).answer).toBe('held');
  });

  it('are released by their own counter with the outcome: a repeat within ten minutes is asked, a failure is not', async () => {
    const { ledger, front, back } = await twoShops();
    await takeTopUpLease(front, take('T-1'));
    expect(await releaseTopUpLease(front, { iccid: ICCID, topUpId: 'T-1', outcome: 'completed' })).toBe(true);
    // Released once.
    expect(await releaseTopUpLease(front, { iccid: ICCID, topUpId: 'T-1', outcome: 'failed' })).toBe(false);
    const repeat = await takeTopUpLease(back, take('T-2'));
    expect(repeat).toMatchObject({ answer: 'repeat', lease: { topUpId: 'T-1', outcome: 'completed' } });
    // Ten minutes on, it is no repeat.
    await timePasses(ledger, '10 minutes');
    expect((await takeTopUpLease(back, take('T-2'))).answer).toBe('taken');
    expect(await releaseTopUpLease(back, { iccid: ICCID, topUpId: 'T-2', outcome: 'failed' })).toBe(true);
    // A failed top-up charged nothing: no question.
    expect((await takeTopUpLease(front, take('T-3'))).answer).toBe('taken');

    // In doubt: held ten seconds more (the next order is placed well after it), then the question.
    expect(await releaseTopUpLease(front, { iccid: ICCID, topUpId: 'T-3', outcome: 'in_doubt' })).toBe(true);
    expect((await takeTopUpLease(back, take('T-4', true))).answer).toBe('held');
    await timePasses(ledger, '11 seconds');
    expect(await takeTopUpLease(back, take('T-4'))).toMatchObject({
      answer: 'repeat',
      lease: { topUpId: 'T-3', outcome: 'in_doubt' },
    });
    // The counter's own lease never stands in its own way: its journal keeps its top-ups one at a time.
    expect((await takeTopUpLease(front, take('T-5'))).answer).toBe('taken');
  });

  it("are another shop's own: a counter of another shop can neither see nor take nor release them", async () => {
    const { front, back, harbour } = await twoShops();
    await takeTopUpLease(front, take('T-FRONT'));
    expect((await harbour.query('SELECT * FROM ledger.topup_leases')).rows).toEqual([]);
    // The same eSIM in its own shop is its own lease: Main street's stays Front's.
    expect((await takeTopUpLease(harbour, take('T-HARBOUR'))).answer).toBe('taken');
    expect(await releaseTopUpLease(harbour, { iccid: ICCID, topUpId: 'T-FRONT', outcome: 'failed' })).toBe(
      false,
    );
    expect((await front.query('SELECT topup_id FROM ledger.topup_leases')).rows).toEqual([
      { topup_id: 'T-FRONT' },
    ]);
    expect((await takeTopUpLease(back, take('T-BACK', true))).answer).toBe('held');
    await expect(
      harbour.query("UPDATE ledger.topup_leases SET released_at = now() WHERE topup_id = 'T-FRONT'"),
    ).rejects.toThrow(/permission denied/);
  });

  it('are taken one at a time: two counters asking at once get one lease', async () => {
    const { front, back } = await twoShops();
    const answers = await Promise.all([
      takeTopUpLease(front, take('T-FRONT')),
      takeTopUpLease(back, take('T-BACK')),
    ]);
    expect(answers.map((a) => a.answer).sort()).toEqual(['held', 'taken']);
  });
});
