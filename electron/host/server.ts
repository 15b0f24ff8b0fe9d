import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { PosEvent } from '../../shared/domain/events';
import { type ErrorCode, err } from '../../shared/errors';
import type { CounterService } from '../core/starting-core';

export interface WebHostOptions {
  /** The core, answering COUNTER_STARTING while it starts (starting-core.ts). */
  core: CounterService;
  /** 0 picks a free port. */
  port: number;
  /** The counter's bearer token: every /api call from the counter's page carries it. */
  token: string;
  /**
   * The customer display's own token, in its address: it reads the display and hears its changes,
   * and is refused everywhere else. A fresh random one when not given.
   */
  displayToken?: string;
  /** The built renderer (out/renderer). */
  staticDir: string;
}

export interface RunningWebHost {
  readonly port: number;
  readonly origin: string;
  /** The counter's page, with the counter's token in the hash. */
  readonly counterUrl: string;
  /** The customer display's page, with the display's own token in the hash (never the counter's). */
  readonly customerUrl: string;
  close(): Promise<void>;
}

/** Who a request comes from, by its token: the counter's page, or the screen facing the customer. */
type Viewer = 'counter' | 'display';

/** All the customer display may call: it reads what it shows, and the counter decides the rest. */
const DISPLAY_METHOD = 'getCustomerDisplay';

const MAX_BODY_BYTES = 1_000_000;
const HEARTBEAT_MS = 15_000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/** The same policy Electron serves app:// with: our own scripts only, nothing fetched from elsewhere. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Pages of the renderer build a browser may open by path. */
const PAGES: Record<string, string> = { '/': 'index.html', '/customer': 'customer.html' };

/**
 * The web host: the renderer and every PosApi method over HTTP, on 127.0.0.1 only. It translates
 * transport and nothing else; the core decides. Every /api call needs a bearer token, and requests
 * naming another host are refused (a page elsewhere cannot reach us through DNS rebinding). The
 * counter's token opens everything; the customer display's, which a screen facing the public carries
 * in its address, reads the display and hears its changes only (as the desktop app's customer window
 * has a preload of its own).
 */
export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const staticRoot = resolve(options.staticDir);
  const displayToken = options.displayToken ?? randomBytes(24).toString('base64url');
  const tokens: readonly (readonly [Viewer, Buffer])[] = [
    ['counter', Buffer.from(`Bearer ${options.token}`)],
    ['display', Buffer.from(`Bearer ${displayToken}`)],
  ];
  let port = options.port;
  const streams = new Map<ServerResponse, Viewer>();

  const viewerOf = (req: IncomingMessage): Viewer | null => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const found = tokens.find(([, token]) => given.length === token.length && timingSafeEqual(given, token));
    return found?.[0] ?? null;
  };

  const sameHost = (req: IncomingMessage): boolean => {
    const host = req.headers.host ?? '';
    return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
  };

  /**
   * A request refused before it reached the core: answered, and logged (a wrong token may be someone
   * trying); the logger keeps a flood of these to a few lines a minute.
   */
  const refuse = (res: ServerResponse, status: number, code: ErrorCode, message: string): void => {
    options.core.log.warn('web host refused a request', { status, reason: message });
    sendJson(res, status, err(code, message));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!sameHost(req)) return refuse(res, 421, 'INVALID_INPUT', 'Unknown host');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const path = decodedPath(url.pathname);
    if (path === null) return refuse(res, 400, 'INVALID_INPUT', 'Malformed address');
    if (url.pathname === '/api/events' && req.method === 'GET') {
      const viewer = viewerOf(req);
      if (!viewer) return refuse(res, 401, 'HOST_UNAUTHORIZED', 'Missing or wrong counter token');
      return openEventStream(res, viewer);
    }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return refuse(res, 405, 'INVALID_INPUT', 'Use POST for /api calls');
      const viewer = viewerOf(req);
      if (!viewer) return refuse(res, 401, 'HOST_UNAUTHORIZED', 'Missing or wrong counter token');
      if (viewer === 'display' && path !== `/api/${DISPLAY_METHOD}`) {
        return refuse(res, 403, 'HOST_UNAUTHORIZED', 'The customer display’s token reads the display only');
      }
      const origin = req.headers.origin;
      if (origin && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) {
        return refuse(res, 403, 'INVALID_INPUT', 'Cross-origin call refused');
      }
      const body = await readBody(req);
      if (body === null) return sendJson(res, 413, err('INVALID_INPUT', 'Request body too large'));
      let input: unknown;
      try {
        input = body.length === 0 ? {} : JSON.parse(body);
      } catch {
        return sendJson(res, 400, err('INVALID_INPUT', 'Request body is not valid JSON'));
      }
      const method = path.slice('/api/'.length);
      return sendJson(res, 200, await options.core.call(method, input));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, err('INVALID_INPUT', 'Method not allowed'));
    return serveStatic(path, res);
  };

  const openEventStream = (res: ServerResponse, viewer: Viewer): void => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      ...SECURITY_HEADERS,
    });
    res.write(': connected\n\n');
    streams.set(res, viewer);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(res);
    });
  };

  /** `path` is decoded already. */
  const serveStatic = async (path: string, res: ServerResponse): Promise<void> => {
    const relative = PAGES[path] ?? normalize(path).replace(/^([/\\])+/, '');
    const file = join(staticRoot, relative);
    if (!file.startsWith(staticRoot + sep)) return sendText(res, 404, 'Not found');
    try {
      if (!(await stat(file)).isFile()) return sendText(res, 404, 'Not found');
      const data = await readFile(file);
      const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-store';
      res.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': cache,
        ...SECURITY_HEADERS,
      });
      res.end(data);
    } catch {
      sendText(res, 404, 'Not found');
    }
  };

  /**
   * Events leave after the answer that raised them: the frames of one turn of the event loop are
   * written together once the turn ends. A sale's answer is written in the turn its order's answer
   * arrived, so it never waits behind the frames its own journal writes raised, and its intent and
   * "sent" frames go out in one write while the order is on its way.
   */
  let queued: PosEvent[] = [];
  const writeQueued = (): void => {
    if (queued.length === 0) return;
    const framed = queued.map((event) => ({ event, frame: `data: ${JSON.stringify(event)}\n\n` }));
    // The customer display hears what it shows, nothing of the counter's sales, drawer or settings.
    const byViewer: Record<Viewer, string> = {
      counter: framed.map(({ frame }) => frame).join(''),
      display: framed
        .filter(({ event }) => event.type === 'customer.display')
        .map(({ frame }) => frame)
        .join(''),
    };
    queued = [];
    for (const [stream, viewer] of streams) if (byViewer[viewer] !== '') stream.write(byViewer[viewer]);
  };
  const unsubscribe = options.core.onEvent((event: PosEvent) => {
    if (streams.size === 0) return;
    if (queued.length === 0) setImmediate(writeQueued);
    queued.push(event);
  });

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.core.log.error('web host request failed', { error: String(error) });
      if (!res.headersSent) sendJson(res, 500, err('INTERNAL', 'The counter host failed to answer'));
      else res.destroy();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => done());
  });
  port = (server.address() as AddressInfo).port;

  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    counterUrl: `${origin}/#token=${options.token}`,
    customerUrl: `${origin}/customer#token=${displayToken}`,
    close: async () => {
      unsubscribe();
      writeQueued();
      for (const stream of streams.keys()) stream.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The address path decoded, or null when its %-escapes are malformed (a client's error, not ours). */
function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * The request's body as text, or null past MAX_BODY_BYTES. Read from its events: an async iterator
 * costs a stream wrapper and a promise per chunk, on every sale's way in.
 */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        req.off('data', onData);
        req.resume();
        done(null);
      }
    };
    req.on('data', onData);
    req.once('end', () => done(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.once('error', fail);
  });
}

/** Headers and body in one write, with their length (no chunked framing). */
function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': text.length,
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  res.end(text);
}
