import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLogger, Redactor } from '../../electron/core/log';
import {
  LEDGER_TIMEOUTS,
  type LedgerLogin,
  ledgerClientConfig,
  parseLedgerAddress,
} from '../../electron/core/shop/ledger-address';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import { ShopWatch } from '../../electron/core/shop/shop-watch';
import {
  counterJournal,
  newLedger,
  postgresPerFile,
  sellLive,
  type TestLedger,
  twoShopCounters,
} from '../support/shop-ledger';
import { eventually } from './money-support';
import { joinedShopCounter, status } from './shop-ledger-support';

// The shop's changes reach every counter of the shop (ledger migration 0004 and shop-watch.ts), on a
// real PostgreSQL: a LISTEN connection as each counter's role, the ledger notifying from its triggers.

const server = postgresPerFile();

const quiet = createLogger(() => undefined, new Redactor());

function connectAs(ledger: TestLedger, login: LedgerLogin): () => Promise<pg.Client> {
  const address = parseLedgerAddress(ledger.address);
  if ('problem' in address) throw new Error(address.problem);
  return async () => {
    const client = new pg.Client(ledgerClientConfig(address, login, LEDGER_TIMEOUTS));
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
}

/** A watcher as `login`, with how many times each topic's subscriber was told. */
function watcher(ledger: TestLedger, login: LedgerLogin, topics: readonly string[]) {
  const watch = new ShopWatch(quiet, { pollMs: 200 });
  const told = new Map<string, number>(topics.map((topic) => [topic, 0]));
  for (const topic of topics)
    watch.onShopChange(topic, () => void told.set(topic, (told.get(topic) ?? 0) + 1));
  watch.start(connectAs(ledger, login));
  return { watch, told };
}

describe("a shop's changes (ledger migration 0004, the shop watcher)", () => {
  it("tell counter 2's subscriber of counter 1's sale, not another shop's, and resume after the ledger restarts", async () => {
    const { ledger, front: one, back: two, harbour: other } = await twoShopCounters(server());
    const atTwo = watcher(ledger, two.login, ['sale', 'cashier']);
    const atOther = watcher(ledger, other.login, ['sale']);
    try {
      // Listening, each subscriber has been told once (what it missed before).
      await eventually('both watchers to listen', () =>
        atTwo.watch.view() === 'listening' && atOther.watch.view() === 'listening' ? true : null,
      );
      await eventually('the first reads', () =>
        atTwo.told.get('sale') === 1 && atOther.told.get('sale') === 1 ? true : null,
      );

      const journal = counterJournal('C-FRONT');
      sellLive(journal, 'sale-1', 'ORD-1', new Date().toISOString());
      await sendLinks(one.client, journal.links());
      await eventually("counter 2's sale subscriber to be told", () =>
        atTwo.told.get('sale') === 2 ? true : null,
      );
      // Told once for the push, and only the topics it carried.
      expect(atTwo.told.get('cashier')).toBe(1);
      // A link sent twice stores nothing, and tells nothing.
      await sendLinks(one.client, journal.links());
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(atTwo.told.get('sale')).toBe(2);
      expect(atOther.told.get('sale')).toBe(1);

      // A counter of another shop cannot read this shop's channel, nor notify through the ledger.
      expect((await other.client.query('SELECT channel FROM ledger.shops')).rows).toHaveLength(1);
      const channels = await ledger.query<{ name: string; channel: string }>(
        'SELECT name, channel FROM ledger.shops ORDER BY name',
      );
      const mainChannel = channels.rows.find((row) => row.name === 'Main street')?.channel;
      expect(mainChannel).toMatch(/^ledger_shop_[0-9a-f]{32}$/);
      expect((await other.client.query('SELECT channel FROM ledger.shops')).rows[0]?.channel).not.toBe(
        mainChannel,
      );
      await expect(other.client.query("SELECT ledger.notify_shop(1, 'sale')")).rejects.toThrow(
        /permission denied/,
      );

      // The ledger stops: the watcher says so, and once it is back it listens again and tells everyone.
      await ledger.server.stop();
      await eventually('the watcher to lose the ledger', () =>
        atTwo.watch.view() === 'unreachable' ? true : null,
      );
      await ledger.server.start();
      await eventually(
        'the watcher to listen again',
        () => (atTwo.watch.view() === 'listening' ? true : null),
        30_000,
      );
      await eventually('every subscriber to read again', () =>
        atTwo.told.get('sale') === 3 && atTwo.told.get('cashier') === 2 ? true : null,
      );
      const again = await ledger.connect(one.login.user, one.login.password);
      journal.record('cashier.added', 'cashier-1', { role: 'cashier' });
      await sendLinks(again, journal.links(journal.links().length - 1));
      await eventually('a change after the restart to be told', () =>
        atTwo.told.get('cashier') === 3 ? true : null,
      );
      expect(atTwo.told.get('sale')).toBe(3);
    } finally {
      await Promise.all([atTwo.watch.stop(), atOther.watch.stop()]);
    }
    expect(atTwo.watch.view()).toBe('off');
  }, 120_000);

  it("reaches a live counter's subscribers (onShopChange), and ends with the core's ledger", async () => {
    const ledger = await newLedger(server());
    const two = await joinedShopCounter(ledger, '2');
    const told: string[] = [];
    two.h.core.shopLedger.onShopChange('cashier', () => void told.push('cashier'));
    await joinedShopCounter(ledger, '1');
    // Counter 1's staff, published as it joined, are news at counter 2.
    await eventually(
      "counter 1's cashiers to be told at counter 2",
      () => (told.length >= 1 ? true : null),
      30_000,
    );
    const { counterId } = await status(two);
    const role = await ledger.query<{ role: string }>('SELECT role FROM ledger.counters WHERE id = $1', [
      counterId,
    ]);
    const sessions = async () =>
      Number(
        (
          await ledger.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE usename = $1', [
            role.rows[0]?.role,
          ])
        ).rows[0]?.n,
      );
    expect(await sessions()).toBeGreaterThanOrEqual(1);
    // What the core's close stops.
    await two.h.core.shopLedger.stop();
    await eventually('counter 2 to hold no connection once stopped', async () =>
      (await sessions()) === 0 ? true : null,
    );
  }, 180_000);
});
