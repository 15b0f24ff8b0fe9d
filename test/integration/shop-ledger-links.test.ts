import { describe, expect, it } from 'vitest';
import { CHAIN_RECORD_VERSION, linkHash } from '../../electron/core/journal/chain';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import { LEDGER_REFUSALS } from '../../electron/core/shop/ledger-refusals';
import type { OutboxLink } from '../../electron/core/shop/outbox';
import { newSale, saleCompletion } from '../support/journal-records';
import { counterJournal, joinedCounter, newLedger, postgresPerFile, sellLive } from '../support/shop-ledger';

// The ledger checks each counter's chain as its links arrive (PostgreSQL's trigger, whoever inserts),
// stores each link once, keeps the newest version of each record, and gives each provider order one owner.

const server = postgresPerFile();

const AT = '2026-11-22T10:00:00.000Z';

async function oneCounter(code = '1', counterId = `C-${code}`) {
  const ledger = await newLedger(server());
  const journal = counterJournal(counterId);
  const { client } = await joinedCounter(ledger, {
    shop: 'Main street',
    counterId,
    code,
    name: `Counter ${code}`,
  });
  return { ledger, journal, client };
}

describe('links arriving at the ledger', () => {
  it('are stored in order, each once: links sent twice change nothing', async () => {
    const { journal, client } = await oneCounter();
    sellLive(journal, 's1', 'ORD-1', AT);
    const links = journal.links();
    expect(links.map((l) => l.seq)).toEqual([1, 2, 3]);
    expect(await sendLinks(client, links.slice(0, 2))).toEqual({
      head: { seq: 2, hash: links[1]?.hash },
      forkSeq: null,
    });
    // The acknowledgement was lost: the counter sends the first two again with the third.
    expect(await sendLinks(client, links)).toEqual({ head: { seq: 3, hash: links[2]?.hash }, forkSeq: null });
    expect(await sendLinks(client, links)).toEqual({ head: { seq: 3, hash: links[2]?.hash }, forkSeq: null });
    const stored = await client.query(
      'SELECT seq, hash, record, kind, subject FROM ledger.links ORDER BY seq',
    );
    expect(stored.rows).toEqual(
      links.map((link, i) => ({
        seq: String(link.seq),
        hash: link.hash,
        record: link.record,
        kind: ['sale.intent', 'sale.sent', 'sale.completed'][i],
        subject: 's1',
      })),
    );
  });

  it('refuse a link before the one it follows, one whose hash does not hold, and one that names another link', async () => {
    const { journal, client } = await oneCounter();
    for (let i = 0; i < 3; i += 1) journal.record('cashier.signed_in', `cashier-${i}`);
    const [first, second, third] = journal.links() as [OutboxLink, OutboxLink, OutboxLink];
    const refusal = (sqlstate: string) => expect.objectContaining({ code: sqlstate });
    await expect(sendLinks(client, [second])).rejects.toEqual(refusal(LEDGER_REFUSALS.gap));
    const edited = first.record.replace('cashier-0', 'cashier-9');
    await expect(sendLinks(client, [{ ...first, record: edited }])).rejects.toEqual(
      refusal(LEDGER_REFUSALS.hash),
    );
    // A record whose hash holds but which says it is another link (its JSON names seq 2).
    const renumbered = { seq: 1, record: second.record, hash: linkHash('0'.repeat(64), second.record) };
    await expect(sendLinks(client, [renumbered])).rejects.toEqual(refusal(LEDGER_REFUSALS.columns));
    // A batch with one bad link stores none of it.
    await expect(sendLinks(client, [first, { ...second, hash: third.hash }])).rejects.toEqual(
      refusal(LEDGER_REFUSALS.hash),
    );
    expect((await client.query('SELECT count(*)::int AS n FROM ledger.links')).rows[0].n).toBe(0);
    expect((await sendLinks(client, [first, second, third])).head?.seq).toBe(3);
  });

  it('never overwrite a link with another for the same number: the fork is refused and kept', async () => {
    const { ledger, journal, client } = await oneCounter();
    sellLive(journal, 's1', 'ORD-1', AT);
    await sendLinks(client, journal.links());
    // The same counter restored from an older copy writes other links 3, 4 after its link 2.
    const restored = counterJournal(journal.counterId);
    restored.sales.createIntent(newSale({ id: 's1', counterId: journal.counterId, training: false }), AT);
    restored.sales.markSent('s1', AT);
    restored.sales.markFailed('s1', { code: 'OFFLINE', message: 'no answer' }, AT);
    restored.record('cashier.signed_in', 'cashier-1');
    const replay = restored.links();
    expect(replay.slice(0, 2)).toEqual(journal.links().slice(0, 2));
    const answer = await sendLinks(client, replay);
    expect(answer).toEqual({ head: { seq: 3, hash: journal.links()[2]?.hash }, forkSeq: 3 });
    const problems = await client.query('SELECT kind, seq, detail FROM ledger.problems');
    expect(problems.rows).toEqual([
      {
        kind: 'chain_fork',
        seq: '3',
        detail: {
          heldHash: journal.links()[2]?.hash,
          offeredHash: replay[2]?.hash,
          offeredRecord: replay[2]?.record,
        },
      },
    ]);
    // What the ledger holds stands: the completed sale, not the failed one.
    const sale = await client.query(
      "SELECT state, seq FROM ledger.records WHERE type = 'sale' AND subject = 's1'",
    );
    expect(sale.rows).toEqual([{ state: 'completed', seq: '3' }]);
    // The ledger refuses the fork whoever inserts it, even straight into the table.
    await expect(
      client.query('INSERT INTO ledger.links (counter_id, seq, hash, record) VALUES ($1, $2, $3, $4)', [
        journal.counterId,
        replay[2]?.seq,
        replay[2]?.hash,
        replay[2]?.record,
      ]),
    ).rejects.toEqual(expect.objectContaining({ code: LEDGER_REFUSALS.fork }));
    const owner = await ledger.connect();
    expect((await owner.query('SELECT count(*)::int AS n FROM ledger.links')).rows[0].n).toBe(3);
  });
});

describe("the ledger's records", () => {
  it('keep each record as its newest link left it, with the columns the shop day queries', async () => {
    const { journal, client } = await oneCounter();
    sellLive(journal, 's1', 'ORD-1', AT);
    journal.record('cashier.signed_in', 'cashier-1');
    const links = journal.links();
    await sendLinks(client, links);
    const records = await client.query(
      `SELECT type, subject, seq, kind, first_seq, first_at, at, version, state, order_reference, training,
              record->'rows'->0->>'retail_total_minor' AS retail
       FROM ledger.records ORDER BY type`,
    );
    expect(records.rows).toEqual([
      expect.objectContaining({ type: 'cashier', subject: 'cashier-1', seq: '4', kind: 'cashier.signed_in' }),
      {
        type: 'sale',
        subject: 's1',
        seq: '3',
        kind: 'sale.completed',
        first_seq: '1',
        first_at: new Date(AT),
        at: new Date(AT),
        version: CHAIN_RECORD_VERSION,
        state: 'completed',
        order_reference: 'ORD-1',
        training: false,
        retail: '1250',
      },
    ]);
    // A record's JSON is the link's, exactly as hashed.
    const kept = await client.query("SELECT record FROM ledger.records WHERE type = 'sale'");
    expect(kept.rows[0].record).toEqual(JSON.parse(links[2]?.record ?? ''));
  });

  it('give each live order one owner: a second claim is refused and kept as critical, training orders claim nothing', async () => {
    const { ledger, journal, client } = await oneCounter('1');
    const other = counterJournal('C-2');
    const { client: otherClient } = await joinedCounter(ledger, {
      shop: 'Main street',
      counterId: 'C-2',
      code: '2',
      name: 'Counter 2',
    });
    sellLive(journal, 's1', 'ORD-1', AT);
    sellLive(other, 's9', 'ORD-1', AT);
    other.sales.createIntent(newSale({ id: 't1', counterId: 'C-2', training: true }), AT);
    other.sales.markSent('t1', AT);
    other.sales.markCompleted('t1', saleCompletion({ orderReference: 'ORD-TRAINING' }), AT);
    await sendLinks(client, journal.links());
    const answer = await sendLinks(otherClient, other.links());
    // The second claim does not stop the counter's chain: every link is stored.
    expect(answer.head?.seq).toBe(6);
    const claims = await client.query(
      'SELECT order_reference, counter_id, type, subject, seq FROM ledger.order_claims',
    );
    expect(claims.rows).toEqual([
      { order_reference: 'ORD-1', counter_id: 'C-1', type: 'sale', subject: 's1', seq: '3' },
    ]);
    const problems = await otherClient.query('SELECT counter_id, kind, seq, detail FROM ledger.problems');
    expect(problems.rows).toEqual([
      {
        counter_id: 'C-2',
        kind: 'second_claim',
        seq: '3',
        detail: {
          orderReference: 'ORD-1',
          type: 'sale',
          subject: 's9',
          claimedBy: { counter: 'C-1', type: 'sale', subject: 's1', seq: 3 },
        },
      },
    ]);
  });
});
