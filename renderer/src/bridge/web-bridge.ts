import type { PosEvent } from '../../../shared/domain/events';
import type { Result } from '../../../shared/errors';
import type { PosApi, PosMethodName } from '../../../shared/pos-api';
import { POS_METHOD_NAMES } from '../../../shared/pos-methods';
import { createSseParser } from './sse-parser';

/**
 * PosApi over the web host's HTTP transport, for the counter opened in a browser: each method is
 * `POST /api/<method>` with the bearer token and the JSON input, answered by the Result JSON; core
 * events arrive on `GET /api/events` as a text/event-stream read with fetch (EventSource cannot send
 * an Authorization header), reconnected with a growing, jittered delay. Like the preload, it never
 * throws: a failure of the transport itself is a Result with a HOST_ code.
 */

/** The state of the event stream, which is also the best sign that the host is reachable. */
export type BridgeLink = 'connecting' | 'open' | 'closed' | 'unauthorized';

export interface WebBridgeOptions {
  /** The host's origin; "" for the page's own. */
  readonly baseUrl: string;
  readonly token: string | null;
  readonly fetch?: typeof fetch;
  readonly onLinkChange?: (link: BridgeLink) => void;
  readonly reconnect?: { readonly initialMs: number; readonly maxMs: number };
}

/** The host could not be reached or its answer was lost: for a sale or top-up, the outcome is unknown here. */
function unreachable(message: string): Result<never> {
  return { ok: false, error: { code: 'HOST_UNREACHABLE', message } };
}

function isResult(body: unknown): body is Result<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const { ok, error } = body as { ok?: unknown; error?: { code?: unknown } };
  if (ok === true) return 'value' in body;
  return ok === false && typeof error?.code === 'string';
}

export function createWebBridge(options: WebBridgeOptions): PosApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = (extra: Record<string, string>): Record<string, string> =>
    options.token ? { ...extra, Authorization: `Bearer ${options.token}` } : extra;

  async function call(method: PosMethodName, input: unknown): Promise<Result<unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/api/${method}`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify(input ?? {}),
        cache: 'no-store',
      });
    } catch {
      return unreachable(`The counter service did not answer ${method}`);
    }
    if (response.status === 401) {
      const message = `The counter service did not accept this window’s token for ${method}`;
      return { ok: false, error: { code: 'HOST_UNAUTHORIZED', message } };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return unreachable(`The counter service answered ${method} with HTTP ${response.status} and no result`);
    }
    if (!isResult(body)) {
      const message = `The counter service answered ${method} with HTTP ${response.status} and no result`;
      return { ok: false, error: { code: 'INTERNAL', message } };
    }
    return body;
  }

  const listeners = new Set<(event: PosEvent) => void>();
  let stopStream: (() => void) | null = null;

  function onEvent(listener: (event: PosEvent) => void): () => void {
    listeners.add(listener);
    stopStream ??= openEventStream({
      url: `${options.baseUrl}/api/events`,
      headers: headers({ Accept: 'text/event-stream' }),
      fetch: doFetch,
      reconnect: options.reconnect ?? { initialMs: 500, maxMs: 15_000 },
      onLinkChange: options.onLinkChange ?? (() => {}),
      onEvent: (event) => {
        for (const each of [...listeners]) {
          try {
            each(event);
          } catch (error) {
            // One listener's bug must not cut the stream for the others.
            console.error('event listener failed', error);
          }
        }
      },
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && stopStream) {
        stopStream();
        stopStream = null;
      }
    };
  }

  const api: Record<string, unknown> = { onEvent };
  for (const method of POS_METHOD_NAMES) api[method] = (input: unknown) => call(method, input);
  return api as PosApi;
}

interface StreamOptions {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly fetch: typeof fetch;
  readonly reconnect: { readonly initialMs: number; readonly maxMs: number };
  readonly onLinkChange: (link: BridgeLink) => void;
  readonly onEvent: (event: PosEvent) => void;
}

function openEventStream(options: StreamOptions): () => void {
  let stopped = false;
  let controller = new AbortController();
  let wake: (() => void) | null = null;

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function readOnce(): Promise<'ended' | 'unauthorized'> {
    controller = new AbortController();
    const response = await options.fetch(options.url, {
      headers: options.headers,
      signal: controller.signal,
      cache: 'no-store',
    });
    if (response.status === 401) return 'unauthorized';
    if (!response.ok || !response.body) throw new Error(`event stream answered HTTP ${response.status}`);
    options.onLinkChange('open');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parse = createSseParser((data) => {
      let event: PosEvent;
      try {
        event = JSON.parse(data) as PosEvent;
      } catch {
        return;
      }
      options.onEvent(event);
    });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      parse(value);
    }
  }

  void (async () => {
    let delay = options.reconnect.initialMs;
    while (!stopped) {
      options.onLinkChange('connecting');
      let outcome: 'ended' | 'unauthorized' | 'failed' = 'failed';
      try {
        outcome = await readOnce();
        if (outcome === 'ended') delay = options.reconnect.initialMs;
      } catch {
        outcome = 'failed';
      }
      if (stopped) return;
      options.onLinkChange(outcome === 'unauthorized' ? 'unauthorized' : 'closed');
      // Jitter spreads reconnects when the host comes back with several windows open.
      await pause(delay * (0.75 + Math.random() * 0.5));
      delay = Math.min(delay * 2, options.reconnect.maxMs);
    }
  })();

  return () => {
    stopped = true;
    controller.abort();
    wake?.();
  };
}
