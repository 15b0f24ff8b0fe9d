import { describe, expect, it } from 'vitest';
import { markContact } from '../../electron/core/shop/ledger-links';
import { latestLedgerVersion } from '../../electron/core/shop/ledger-migrations';
import { ledgerCounters } from '../../electron/core/shop/ledger-reads';
import { joinedCounter, newLedger, postgresPerFile } from '../support/shop-ledger';
import { eventually } from './money-support';
import { joinedShopCounter, status } from './shop-ledger-support';

// Ledger migration 0003, on a real PostgreSQL: each counter's last contact with the ledger, marked by
// the counter itself through the ledger's function, by the server's clock.

const server = postgresPerFile();

async function contactOf(ledger: Awaited<ReturnType<typeof newLedger>>, id: string): Promise<Date | null> {
  const held = await ledger.query<{ contact_at: Date | null }>(
    'SELECT contact_at FROM ledger.counters WHERE id = $1',
    [id],
  );
  return held.rows[0]?.contact_at ?? null;
}

describe("a counter's last contact with the ledger (migration 0003)", () => {
  it('is marked by the counter for itself only, by the server clock, and read with the counters', async () => {
    const ledger = await newLedger(server());
    expect(latestLedgerVersion()).toBeGreaterThanOrEqual(3);
    const front = await joinedCounter(ledger, {
      shop: 'Main street',
      counterId: 'C-FRONT',
      code: '1',
      name: 'Front',
    });
    await joinedCounter(ledger, { shop: 'Main street', counterId: 'C-BACK', code: '2', name: 'Back' });
    expect(await contactOf(ledger, 'C-FRONT')).toBeNull();

    await markContact(front.client);
    const marked = await contactOf(ledger, 'C-FRONT');
    expect(marked).toBeInstanceOf(Date);
    expect(await contactOf(ledger, 'C-BACK')).toBeNull();
    const read = await ledgerCounters(front.client);
    expect(read.map((counter) => [counter.id, counter.contact?.at ?? null])).toEqual([
      ['C-FRONT', marked],
      ['C-BACK', null],
    ]);
    // The age is the server's: a second ago, whatever the counter's clock says.
    expect(read[0]?.contact?.ageMs).toBeGreaterThanOrEqual(0);
    expect(read[0]?.contact?.ageMs).toBeLessThan(60_000);

    // Nobody writes it but through the function, and only a counter may call that.
    await expect(front.client.query('UPDATE ledger.counters SET contact_at = now()')).rejects.toThrow(
      /permission denied/,
    );
    const owner = await ledger.connect();
    await expect(markContact(owner)).rejects.toThrow(/is not a counter of this ledger/);
  });

  it('is marked by the pusher of a live counter once it has published', async () => {
    const ledger = await newLedger(server());
    const c = await joinedShopCounter(ledger, '1');
    const { counterId } = await status(c);
    const marked = await eventually('the contact to be marked', () => contactOf(ledger, counterId));
    expect(marked).toBeInstanceOf(Date);
  }, 120_000);
});
