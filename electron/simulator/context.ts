import type { SeededAccount } from './accounts';
import type { AccountRow } from './ledger';
import type { Reply } from './replies';
import type { Sim } from './sim';

/** One authenticated API request, as a handler sees it. */
export interface ApiContext {
  readonly sim: Sim;
  readonly method: string;
  /** The path below the API base, e.g. `/esims/order`. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The parsed JSON body of a POST or PUT; undefined for GET. */
  readonly body: unknown;
  readonly account: AccountRow;
  readonly seeded: SeededAccount;
  /** True when the 5xx fault struck a route that fails in its own way (orders fail in flight). */
  readonly injectFailure: boolean;
  /** Waits the injected latency; handlers that declare `latencyInside` call it at their processing point. */
  latency(): Promise<void>;
}

export type Handler = (ctx: ApiContext) => Reply | Promise<Reply>;

export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly handler: Handler;
  /** The handler applies the latency itself (while an order is in flight), and handles `injectFailure`. */
  readonly inFlight?: boolean;
  /** The 500 body when the 5xx fault strikes, where the description gives one. */
  readonly failureText?: string;
}
