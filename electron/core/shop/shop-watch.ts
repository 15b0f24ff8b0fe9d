import pg from 'pg';
import type { Logger } from '../log';

/**
 * How this counter hears that its shop changed in the ledger: one connection of its own, logged in as
 * the counter, LISTENing on its shop's channel (ledger migration 0004); the ledger notifies it from
 * the transaction that made the change, with the topic as the payload (`staff`, `sale`, `topup`…).
 *
 * A notification is only ever missed while the connection is down, so each time the watcher starts
 * listening (at start, and after the ledger comes back) every subscriber is told, whatever its topic:
 * it reads again what it keeps. Every few seconds the watcher polls: it checks the connection it
 * listens on (a cut network ends no socket by itself) or, while it has none, tries to listen again.
 * And now and then it tells every subscriber anyway, in case a notification went astray on the way
 * (a connection pooler between the counter and the ledger passes no notification).
 *
 * Nothing waits for it: a subscriber reads what it needs on its own, and works on from what it read
 * last while the ledger is down.
 */

export interface ShopWatchTiming {
  /** How often the connection is checked, or tried again while there is none. */
  readonly pollMs: number;
  /** How often every subscriber is told, notified or not. */
  readonly sweepMs: number;
}

export const SHOP_WATCH_TIMING: ShopWatchTiming = { pollMs: 3_000, sweepMs: 60_000 };

export type ShopChangeListener = () => void | Promise<void>;

export type ShopWatchState = 'off' | 'connecting' | 'listening' | 'unreachable';

interface Subscriber {
  readonly topic: string;
  readonly fn: ShopChangeListener;
  running: Promise<void> | null;
  again: boolean;
}

export class ShopWatch {
  private readonly timing: ShopWatchTiming;
  private readonly subscribers = new Set<Subscriber>();
  private connect: (() => Promise<pg.Client>) | null = null;
  private client: pg.Client | null = null;
  private state: ShopWatchState = 'off';
  private trying: Promise<void> | null = null;
  private poll: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: Logger,
    timing: Partial<ShopWatchTiming> = {},
    /** Told when the counter starts or stops hearing its shop (the status shows it). */
    private readonly stateChanged: () => void = () => undefined,
  ) {
    this.timing = { ...SHOP_WATCH_TIMING, ...timing };
  }

  /**
   * Calls `fn` when the shop's `topic` changes in the ledger (and when the watcher starts listening
   * again, and now and then). Answers how to stop. `fn` runs once at a time: a change told while it
   * runs makes it run once more after.
   */
  onShopChange(topic: string, fn: ShopChangeListener): () => void {
    const subscriber: Subscriber = { topic, fn, running: null, again: false };
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  view(): ShopWatchState {
    return this.state;
  }

  /** Listens with this counter's login from now on (a counter that joined a ledger). */
  start(connect: () => Promise<pg.Client>): void {
    this.halt();
    this.connect = connect;
    this.enter('connecting');
    this.poll = setInterval(() => void this.check(), this.timing.pollMs);
    this.poll.unref();
    this.sweep = setInterval(() => this.tellAll(), this.timing.sweepMs);
    this.sweep.unref();
    void this.check();
  }

  /** Stops listening (the counter left its ledger, or the core closes); waits for what runs now. */
  async stop(): Promise<void> {
    this.halt();
    this.enter('off');
    await this.trying?.catch(() => undefined);
    await Promise.all([...this.subscribers].map((s) => s.running?.catch(() => undefined)));
  }

  private halt(): void {
    this.connect = null;
    if (this.poll) clearInterval(this.poll);
    if (this.sweep) clearInterval(this.sweep);
    this.poll = null;
    this.sweep = null;
    this.drop();
  }

  /** The poll: the connection still answers, or a new one listens. */
  private check(): Promise<void> {
    this.trying ??= (this.client ? this.ping(this.client) : this.listen()).finally(() => {
      this.trying = null;
    });
    return this.trying;
  }

  private async ping(client: pg.Client): Promise<void> {
    try {
      await client.query('SELECT 1');
    } catch (error) {
      if (this.client !== client) return;
      this.log.warn('the shop ledger stopped answering its watcher', { error: String(error) });
      this.drop();
      this.enter('unreachable');
      await this.listen();
    }
  }

  private async listen(): Promise<void> {
    const connect = this.connect;
    if (!connect) return;
    let client: pg.Client | null = null;
    try {
      client = await connect();
      const shop = await client.query<{ channel: string }>(
        'SELECT s.channel FROM ledger.shops s WHERE s.id = ledger.shop_of(current_user)',
      );
      const channel = shop.rows[0]?.channel;
      if (!channel) throw new Error('this login is no counter of a shop in the ledger');
      client.on('notification', (message) => this.tell(message.payload ?? ''));
      client.on('error', () => {
        if (this.client === client) {
          this.drop();
          this.enter('unreachable');
        }
      });
      client.on('end', () => {
        if (this.client === client) {
          this.drop();
          this.enter('unreachable');
        }
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void client?.end().catch(() => undefined);
      if (this.state !== 'unreachable') {
        this.log.warn('the shop ledger cannot be watched now; trying again', { error: String(error) });
      }
      if (this.connect === connect) this.enter('unreachable');
      return;
    }
    if (this.connect !== connect) {
      // Stopped (or started again elsewhere) while connecting.
      void client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.enter('listening');
    // What changed while nobody listened was not notified here: every subscriber reads again.
    this.tellAll();
  }

  private enter(state: ShopWatchState): void {
    if (this.state === state) return;
    this.state = state;
    this.stateChanged();
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    void client?.end().catch(() => undefined);
  }

  private tellAll(): void {
    for (const subscriber of this.subscribers) this.run(subscriber);
  }

  private tell(topic: string): void {
    for (const subscriber of this.subscribers) {
      if (subscriber.topic === topic) this.run(subscriber);
    }
  }

  private run(subscriber: Subscriber): void {
    if (subscriber.running) {
      subscriber.again = true;
      return;
    }
    subscriber.running = (async () => {
      do {
        subscriber.again = false;
        try {
          await subscriber.fn();
        } catch (error) {
          this.log.warn('a shop change could not be taken in', {
            topic: subscriber.topic,
            error: String(error),
          });
        }
      } while (subscriber.again && this.subscribers.has(subscriber));
    })().finally(() => {
      subscriber.running = null;
    });
  }
}
