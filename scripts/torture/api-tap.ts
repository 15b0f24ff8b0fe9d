import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { humanDate } from '../../electron/simulator/present';

/**
 * A pass-through between counters and the simulator that sees every request on the wire, so a check
 * of what a counter sent does not rely on the counter's own word. Each counter gets its own base URL
 * (`baseUrlFor(label)`): the label is a path prefix the tap strips, so every order it records names
 * the counter process that sent it. Bodies and headers pass unchanged (the signature covers neither
 * the host nor the path prefix); a connection the simulator drops is dropped on the counter's side.
 *
 * For tests of a provider whose reads lag behind its writes, it can also answer a read path with the
 * first answer it saw (stale usage), and leave out of the order list the orders dated after a moment.
 * For tests of a provider whose order list says less than its order records, it can give the list's
 * orders by their reference alone or their times to the minute only, and filter the list by whole days.
 */

export interface OrderPost {
  /** The label of the base URL the order came through: which counter process sent it. */
  readonly label: string;
  readonly idempotencyKey: string | null;
  /** When the tap received it (this process's clock). */
  readonly at: number;
}

/** An answer to a POST /topup/order the tap passed back to a counter process, and the order it named. */
export interface TopUpAnswer {
  readonly label: string;
  readonly status: number;
  /** The answer's `orderReference`; null when it named none (a refusal, a body the tap cannot read). */
  readonly orderReference: string | null;
}

export interface ApiTap {
  baseUrlFor(label: string): string;
  /** Every POST /esims/order, in the order received. */
  readonly orderPosts: readonly OrderPost[];
  /**
   * Every answer to a POST /topup/order passed back: a counter knows a top-up's order only from one of
   * these (the API has no idempotency key for top-ups, so nothing else ties an order to its request).
   */
  readonly topUpAnswers: readonly TopUpAnswer[];
  /** Settles when the next POST /esims/order through `label`'s base URL arrives, before it goes on. */
  nextOrderFrom(label: string): Promise<void>;
  /**
   * The next POST /topup/order through `label`'s base URL never reaches the provider and is never
   * answered (a network that swallows it); settles when it arrives.
   */
  holdNextTopUpFrom(label: string): Promise<void>;
  /** Answers GETs of these paths (below the API base) with the first answer seen for the same URL. */
  freezeReads(paths: readonly string[]): void;
  /** GET /orders leaves out orders created after `at` (null: shows all). */
  hideOrdersAfter(at: Date | null): void;
  /** GET /orders gives each order by its `order_reference` alone, as a lean provider's list does. */
  terseOrders(on: boolean): void;
  /** GET /orders writes each order's `created_at` for people, to the minute ("November 23, 2026 at 9:52 PM"). */
  ordersToTheMinute(on: boolean): void;
  /** GET /orders is asked for the whole UTC days its `from_date` and `to_date` fall on. */
  ordersByDay(on: boolean): void;
  close(): Promise<void>;
}

const API_BASE = '/api/v1/business';

export async function startApiTap(upstreamBaseUrl: string): Promise<ApiTap> {
  const upstream = new URL(upstreamBaseUrl);
  const orderPosts: OrderPost[] = [];
  const topUpAnswers: TopUpAnswer[] = [];
  let awaitingOrder: { label: string; arrived: () => void }[] = [];
  let holdingTopUp: { label: string; arrived: () => void }[] = [];
  const frozen = new Set<string>();
  const remembered = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  let hideAfter: number | null = null;
  let terse = false;
  let toTheMinute = false;
  let byDay = false;

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const { label, path: asked } = splitLabel(incoming.url ?? '/');
      const apiPath = asked.startsWith(API_BASE) ? asked.slice(API_BASE.length).split('?')[0]! : '';
      // The signature covers neither the path nor its query: the tap may ask for more than was asked.
      const path = apiPath === '/orders' && byDay ? wholeDays(asked) : asked;
      if (incoming.method === 'POST' && apiPath === '/esims/order') {
        orderPosts.push({ label, idempotencyKey: stringField(body, 'idempotency_key'), at: Date.now() });
        for (const waiting of awaitingOrder) if (waiting.label === label) waiting.arrived();
        awaitingOrder = awaitingOrder.filter((waiting) => waiting.label !== label);
      }
      const held =
        incoming.method === 'POST' && apiPath === '/topup/order'
          ? holdingTopUp.find((h) => h.label === label)
          : undefined;
      if (held) {
        holdingTopUp = holdingTopUp.filter((h) => h !== held);
        held.arrived();
        return;
      }
      const cacheKey = `${label} ${path}`;
      const cached = incoming.method === 'GET' && frozen.has(apiPath) ? remembered.get(cacheKey) : undefined;
      if (cached) {
        outgoing.writeHead(cached.status, cached.headers).end(cached.body);
        return;
      }
      forward(upstream, incoming, path, body, outgoing, (status, headers, answer) => {
        if (incoming.method === 'GET' && frozen.has(apiPath) && !remembered.has(cacheKey)) {
          remembered.set(cacheKey, { status, headers, body: answer });
        }
        if (incoming.method === 'POST' && apiPath === '/topup/order') {
          topUpAnswers.push({ label, status, orderReference: stringField(answer, 'orderReference') });
        }
        if (apiPath !== '/orders') return answer;
        const shown = hideAfter === null ? answer : withoutOrdersAfter(answer, hideAfter);
        const timed = toTheMinute ? withMinuteTimes(shown) : shown;
        return terse ? byReferenceOnly(timed) : timed;
      });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrlFor: (label) => `http://127.0.0.1:${port}/${label}${upstream.pathname.replace(/\/+$/, '')}`,
    orderPosts,
    topUpAnswers,
    nextOrderFrom: (label) => new Promise((arrived) => awaitingOrder.push({ label, arrived })),
    holdNextTopUpFrom: (label) => new Promise((arrived) => holdingTopUp.push({ label, arrived })),
    freezeReads(paths) {
      for (const path of paths) frozen.add(path);
    },
    hideOrdersAfter(at) {
      hideAfter = at === null ? null : at.getTime();
    },
    terseOrders(on) {
      terse = on;
    },
    ordersToTheMinute(on) {
      toTheMinute = on;
    },
    ordersByDay(on) {
      byDay = on;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function splitLabel(url: string): { label: string; path: string } {
  const match = /^\/([^/?]+)(\/.*)?$/.exec(url);
  return { label: match?.[1] ?? '', path: match?.[2] ?? '/' };
}

/** A string field of a JSON body (a request's key, an answer's order reference); null when it has none. */
function stringField(body: Buffer, name: string): string | null {
  try {
    const value = (JSON.parse(body.toString('utf8')) as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Sends the request on to the simulator and its answer back, passed through `rewrite`. */
function forward(
  upstream: URL,
  incoming: IncomingMessage,
  path: string,
  body: Buffer,
  outgoing: ServerResponse,
  rewrite: (status: number, headers: Record<string, string>, body: Buffer) => Buffer,
): void {
  const headers = { ...incoming.headers, host: upstream.host };
  const onward = request(
    { host: upstream.hostname, port: upstream.port, method: incoming.method, path, headers },
    (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => parts.push(chunk));
      answer.on('error', () => outgoing.destroy());
      answer.on('aborted', () => outgoing.destroy());
      answer.on('end', () => {
        if (!answer.complete) return outgoing.destroy();
        const plain: Record<string, string> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (
            typeof value === 'string' &&
            !['content-length', 'transfer-encoding', 'connection'].includes(name)
          )
            plain[name] = value;
        }
        const text = rewrite(answer.statusCode ?? 502, plain, Buffer.concat(parts));
        outgoing.writeHead(answer.statusCode ?? 502, plain).end(text);
      });
    },
  );
  // The simulator dropped the connection (or never answered before it closed): so does the tap.
  onward.on('error', () => outgoing.destroy());
  onward.end(body);
}

type ListedOrder = { order_reference?: unknown; created_at?: unknown };

/** An order-list answer with its orders changed by `change`; any other body as it came. */
function withOrders(body: Buffer, change: (orders: ListedOrder[]) => ListedOrder[]): Buffer {
  try {
    const json = JSON.parse(body.toString('utf8')) as { data?: { orders?: ListedOrder[] } };
    if (!json.data?.orders) return body;
    json.data.orders = change(json.data.orders);
    return Buffer.from(JSON.stringify(json));
  } catch {
    return body;
  }
}

/** The order list as a provider whose list lags would show it: orders created after `at` left out. */
function withoutOrdersAfter(body: Buffer, at: number): Buffer {
  return withOrders(body, (orders) =>
    orders.filter((order) => Date.parse(typeof order.created_at === 'string' ? order.created_at : '') <= at),
  );
}

/** The order list as a lean provider gives it: each order by its reference alone. */
function byReferenceOnly(body: Buffer): Buffer {
  return withOrders(body, (orders) => orders.map((order) => ({ order_reference: order.order_reference })));
}

/** An order-list query widened to the whole UTC days of its `from_date` and `to_date`. */
function wholeDays(path: string): string {
  const url = new URL(path, 'http://tap');
  const day = (name: string, end: boolean): void => {
    const at = Date.parse(url.searchParams.get(name) ?? '');
    if (Number.isNaN(at)) return;
    const start = new Date(at);
    start.setUTCHours(0, 0, 0, 0);
    url.searchParams.set(name, new Date(start.getTime() + (end ? 86_400_000 - 1 : 0)).toISOString());
  };
  day('from_date', false);
  day('to_date', true);
  return `${url.pathname}${url.search}`;
}

/** The order list as a provider that writes times for people gives it: each order's time to the minute. */
function withMinuteTimes(body: Buffer): Buffer {
  return withOrders(body, (orders) =>
    orders.map((order) => {
      const written = typeof order.created_at === 'string' ? humanDate(order.created_at) : null;
      return written === null ? order : { ...order, created_at: written };
    }),
  );
}
