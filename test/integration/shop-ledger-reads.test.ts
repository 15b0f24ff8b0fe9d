import { describe, expect, it } from 'vitest';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import {
  ledgerCounters,
  ledgerProblems,
  ledgerRecords,
  orderClaims,
} from '../../electron/core/shop/ledger-reads';
import {
  type CounterJournal,
  counterJournal,
  joinedCounter,
  newLedger,
  postgresPerFile,
  sellLive,
} from '../support/shop-ledger';

// What the shop's counters (and its day's close) read back from the ledger: the shop's counters and
// how far each one's chain has arrived, its records of every kind, who owns each provider order, and
// what the ledger found critical. A counter's role reads its own shop only; the owner reads them all.

const server = postgresPerFile();

const MORNING = '2026-11-22T08:00:00.000Z';
const NOON = '2026-11-22T12:00:00.000Z';
const EVENING = '2026-11-22T18:00:00.000Z';

/** Two counters of Main street and one of the Harbour shop, each with sales published. */
async function twoShops() {
  const ledger = await newLedger(server());
  const join = async (shop: string, counterId: string, code: string) => {
    const journal = counterJournal(counterId);
    const { client } = await joinedCounter(ledger, { shop, counterId, code, name: `Counter ${counterId}` });
    return { journal, client };
  };
  const front = await join('Main street', 'C-FRONT', '1');
  const back = await join('Main street', 'C-BACK', '2');
  const harbour = await join('Harbour', 'C-HARBOUR', '1');
  sellLive(front.journal, 's1', 'ORD-1', MORNING);
  front.journal.record('cashier.signed_in', 'cashier-1');
  sellLive(back.journal, 's2', 'ORD-2', NOON);
  // The back counter's record of an order the front counter holds: a second claim.
  sellLive(back.journal, 's9', 'ORD-1', EVENING);
  sellLive(harbour.journal, 's3', 'ORD-3', NOON);
  for (const each of [front, back, harbour]) await sendLinks(each.client, each.journal.links());
  return { ledger, front, back, harbour };
}

function headOf(journal: CounterJournal): { seq: number; hash: string } {
  const last = journal.links().at(-1);
  if (!last) throw new Error('no link');
  return { seq: last.seq, hash: last.hash };
}

describe("a shop's reads of the ledger", () => {
  it("name the shop's counters, each with the last link the ledger holds of it; the owner sees every shop", async () => {
    const { ledger, front, back, harbour } = await twoShops();
    const counters = await ledgerCounters(front.client);
    expect(counters.map(({ id, shop, code, name }) => ({ id, shop, code, name }))).toEqual([
      { id: 'C-FRONT', shop: 'Main street', code: '1', name: 'Counter C-FRONT' },
      { id: 'C-BACK', shop: 'Main street', code: '2', name: 'Counter C-BACK' },
    ]);
    expect(counters.map((c) => c.head && { seq: c.head.seq, hash: c.head.hash })).toEqual([
      headOf(front.journal),
      headOf(back.journal),
    ]);
    // The head's time is the counter's (its record's), beside when the ledger received it.
    expect(counters[1]?.head?.at).toEqual(new Date(EVENING));
    expect(counters[1]?.head?.receivedAt).toBeInstanceOf(Date);

    const owner = await ledger.connect();
    const all = await ledgerCounters(owner);
    expect(all.map((c) => [c.shop, c.code, c.head?.seq])).toEqual([
      ['Harbour', '1', headOf(harbour.journal).seq],
      ['Main street', '1', headOf(front.journal).seq],
      ['Main street', '2', headOf(back.journal).seq],
    ]);
  });

  it("give the shop's records oldest first, as their newest link left them, filtered by type, time and counter", async () => {
    const { front, back } = await twoShops();
    const sales = await ledgerRecords(back.client, { types: ['sale'] });
    expect(
      sales.map(({ counterId, subject, kind, state, orderReference, training, firstAt }) => ({
        counterId,
        subject,
        kind,
        state,
        orderReference,
        training,
        firstAt,
      })),
    ).toEqual([
      {
        counterId: 'C-FRONT',
        subject: 's1',
        kind: 'sale.completed',
        state: 'completed',
        orderReference: 'ORD-1',
        training: false,
        firstAt: new Date(MORNING),
      },
      {
        counterId: 'C-BACK',
        subject: 's2',
        kind: 'sale.completed',
        state: 'completed',
        orderReference: 'ORD-2',
        training: false,
        firstAt: new Date(NOON),
      },
      {
        counterId: 'C-BACK',
        subject: 's9',
        kind: 'sale.completed',
        state: 'completed',
        orderReference: 'ORD-1',
        training: false,
        firstAt: new Date(EVENING),
      },
    ]);
    // The whole record as the counter's chain holds it: the link that wrote its newest version.
    const s1 = front.journal.links().find((link) => link.seq === sales[0]?.seq);
    expect(sales[0]?.record).toEqual(JSON.parse(s1?.record ?? 'null'));

    const all = await ledgerRecords(front.client);
    expect(all.map((r) => `${r.type}:${r.subject}`)).toEqual(
      expect.arrayContaining(['sale:s1', 'cashier:cashier-1', 'sale:s2', 'sale:s9']),
    );
    expect(all.some((r) => r.counterId === 'C-HARBOUR')).toBe(false);
    const midday = await ledgerRecords(front.client, {
      types: ['sale'],
      from: new Date(NOON),
      to: new Date(EVENING),
    });
    expect(midday.map((r) => r.subject)).toEqual(['s2']);
    const backOnly = await ledgerRecords(front.client, { types: ['sale'], counterId: 'C-BACK' });
    expect(backOnly.map((r) => r.subject)).toEqual(['s2', 's9']);
  });

  it('say which counter owns each order, and the second claim the ledger found critical', async () => {
    const { ledger, front, back } = await twoShops();
    const claims = await orderClaims(back.client);
    expect(
      claims.map(({ orderReference, counterId, type, subject }) => [
        orderReference,
        counterId,
        type,
        subject,
      ]),
    ).toEqual([
      ['ORD-1', 'C-FRONT', 'sale', 's1'],
      ['ORD-2', 'C-BACK', 'sale', 's2'],
    ]);
    expect((await orderClaims(back.client, ['ORD-2', 'ORD-3'])).map((c) => c.orderReference)).toEqual([
      'ORD-2',
    ]);
    const problems = await ledgerProblems(front.client);
    expect(problems.map(({ counterId, kind, detail }) => ({ counterId, kind, detail }))).toEqual([
      {
        counterId: 'C-BACK',
        kind: 'second_claim',
        detail: expect.objectContaining({
          orderReference: 'ORD-1',
          subject: 's9',
          claimedBy: expect.objectContaining({ counter: 'C-FRONT', subject: 's1' }),
        }),
      },
    ]);
    // The Harbour shop's order is the owner's to see, not Main street's.
    const owner = await ledger.connect();
    expect((await orderClaims(owner, ['ORD-3'])).map((c) => c.counterId)).toEqual(['C-HARBOUR']);
  });
});
