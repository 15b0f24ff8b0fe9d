import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CancellationJournal } from '../../electron/core/care/cancellation-journal';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import { ShopSales } from '../../electron/core/shop/shop-sales';
import {
  counterJournal,
  joinedCounter,
  newLedger,
  postgresPerFile,
  sellLive,
  type TestLedger,
} from '../support/shop-ledger';

// Ledger migration 0007, on a real PostgreSQL: one cancellation per sale in the whole shop. A counter
// claims a sale through the ledger's function, as its own role, before it asks the provider.

const server = postgresPerFile();

/** The shop's sales and claims as the counter logged in on `client` reaches them. */
function shopSalesOf(counterId: string, client: pg.Client): ShopSales {
  return new ShopSales({ counterId, withClient: (work) => work(client) });
}

async function counter(ledger: TestLedger, shop: string, counterId: string, code: string) {
  const { client } = await joinedCounter(ledger, { shop, counterId, code, name: `Counter ${code}` });
  return { client, shopSales: shopSalesOf(counterId, client) };
}

describe('one cancellation per sale in the shop (migration 0007)', () => {
  it('grants the first claim, refuses a second naming its counter, and lets a refused one go', async () => {
    const ledger = await newLedger(server());
    const front = await counter(ledger, 'Main street', 'C-FRONT', '1');
    const back = await counter(ledger, 'Main street', 'C-BACK', '2');
    const sale = { counterId: 'C-FRONT', id: 'sale-1' };

    expect(await back.shopSales.claim(sale, 'cancel-b1')).toEqual({ granted: true });
    expect(await front.shopSales.claim(sale, 'cancel-f1')).toEqual({
      granted: false,
      counterCode: '2',
      cancellationId: 'cancel-b1',
    });
    // The counter that holds it may claim it again (its journal keeps one cancellation live).
    expect(await back.shopSales.claim(sale, 'cancel-b2')).toEqual({ granted: true });
    // A claim is let go by its own counter only.
    await front.shopSales.release('cancel-b2');
    expect((await front.shopSales.claim(sale, 'cancel-f2')).granted).toBe(false);
    await back.shopSales.release('cancel-b2');
    expect(await front.shopSales.claim(sale, 'cancel-f2')).toEqual({ granted: true });

    // Nobody writes a claim but through the function.
    await expect(
      back.client.query(
        `INSERT INTO ledger.cancellation_claims (sale_counter_id, sale_id, shop_id, counter_id, cancellation_id)
         SELECT 'C-FRONT', 'sale-2', shop_id, 'C-BACK', 'x' FROM ledger.counters WHERE id = 'C-BACK'`,
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(back.client.query('DELETE FROM ledger.cancellation_claims')).rejects.toThrow(
      /permission denied/,
    );
    const owner = await ledger.connect();
    await expect(
      owner.query("SELECT * FROM ledger.claim_cancellation('C-FRONT', 'sale-3', 'x')"),
    ).rejects.toThrow(/is not a counter of this ledger/);
  });

  it("refuses a claim while the ledger holds another counter's cancellation of the sale", async () => {
    const ledger = await newLedger(server());
    const front = await counter(ledger, 'Main street', 'C-FRONT', '1');
    const back = await counter(ledger, 'Main street', 'C-BACK', '2');
    // Counter 1 cancelled its own sale while the ledger was down, and has published it since.
    const journal = counterJournal('C-FRONT');
    const at = '2026-11-29T10:00:00.000Z';
    sellLive(journal, 'sale-1', 'ORD-1', at);
    journal.db
      .prepare(
        `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES ('M1', 'Manager', 'manager', NULL, ?)`,
      )
      .run(at);
    const cancellations = new CancellationJournal(journal.db);
    const cancellation = cancellations.create(
      {
        kind: 'cancellation',
        saleId: 'sale-1',
        topUpId: null,
        originalReceiptNumber: 1,
        counterId: 'C-FRONT',
        training: false,
        cashierId: null,
        shiftId: null,
        approvedBy: 'M1',
        reason: 'changed their mind',
        iccid: null,
        orderReference: 'ORD-1',
        cashRefund: null,
      },
      at,
    );
    await sendLinks(front.client, journal.links());

    expect(await back.shopSales.claim({ counterId: 'C-FRONT', id: 'sale-1' }, 'cancel-b1')).toEqual({
      granted: false,
      counterCode: '1',
      cancellationId: cancellation.id,
    });
    // Its own counter is not refused by its own record: its journal holds one cancellation per sale.
    expect(
      (await front.shopSales.claim({ counterId: 'C-FRONT', id: 'sale-1' }, cancellation.id)).granted,
    ).toBe(true);
  });

  it("keeps each shop's claims from the other shop's counters: neither read nor claimed", async () => {
    const ledger = await newLedger(server());
    const front = await counter(ledger, 'Main street', 'C-FRONT', '1');
    const other = await counter(ledger, 'Harbour', 'C-HARBOUR', '1');
    expect(await front.shopSales.claim({ counterId: 'C-FRONT', id: 'sale-1' }, 'cancel-f1')).toEqual({
      granted: true,
    });
    expect((await front.client.query('SELECT sale_id FROM ledger.cancellation_claims')).rows).toEqual([
      { sale_id: 'sale-1' },
    ]);
    expect((await other.client.query('SELECT * FROM ledger.cancellation_claims')).rows).toEqual([]);
    await expect(other.shopSales.claim({ counterId: 'C-FRONT', id: 'sale-1' }, 'cancel-h1')).rejects.toThrow(
      /C-FRONT is not a counter of this shop/,
    );
    await expect(other.shopSales.release('cancel-f1')).resolves.toBeUndefined();
    expect((await front.client.query('SELECT cancellation_id FROM ledger.cancellation_claims')).rows).toEqual(
      [{ cancellation_id: 'cancel-f1' }],
    );
  });
});
