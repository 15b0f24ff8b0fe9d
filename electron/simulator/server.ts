import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { API_BASE_PATH, RATE_LIMIT_HEADERS } from '../../shared/api';
import { authenticate } from './auth';
import type { ApiContext, Route } from './context';
import { handleControl } from './control';
import { serveMedia } from './media';
import { presentReply } from './present';
import type { RateVerdict } from './rate-limit';
import { fail, failWithoutCode, type Reply } from './replies';
import type { Sim } from './sim';

const MAX_BODY_BYTES = 1_048_576;

/** How a reply leaves: answered, dropped after the work was committed, or never answered at all. */
type Delivery = 'answer' | 'drop' | 'hang';

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function rateHeaders(verdict: RateVerdict): Record<string, string> {
  return {
    [RATE_LIMIT_HEADERS.limit]: String(verdict.limit),
    [RATE_LIMIT_HEADERS.remaining]: String(verdict.remaining),
    [RATE_LIMIT_HEADERS.reset]: new Date(verdict.resetAt).toISOString(),
  };
}

function rateLimited(verdict: RateVerdict, now: number): Reply {
  const reset = new Date(verdict.resetAt).toISOString();
  return fail(
    'RATE_LIMIT_EXCEEDED',
    `Rate limit of ${verdict.limit} requests per ${verdict.window} exceeded; retry after ${reset}`,
    {
      details: { limit: verdict.limit, window: verdict.window, reset },
      headers: { 'retry-after': String(Math.max(1, Math.ceil((verdict.resetAt - now) / 1000))) },
    },
  );
}

function parseJson(
  req: IncomingMessage,
  raw: Buffer,
): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return {
      ok: false,
      reply: failWithoutCode(415, 'Unsupported media type', 'Content-Type must be application/json'),
    };
  }
  if (raw.length === 0) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false, reply: failWithoutCode(400, 'Invalid JSON', 'The request body is not valid JSON') };
  }
}

export interface SimServer {
  readonly server: Server;
  close(): Promise<void>;
}

export function createSimServer(sim: Sim, routes: readonly Route[]): SimServer {
  const table = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
  const sockets = new Set<Socket>();

  const write = (res: ServerResponse, reply: Reply, headers: Record<string, string>): void => {
    const body = JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      date: new Date(sim.clock.now()).toUTCString(),
      ...headers,
      ...reply.headers,
    });
    res.end(body);
  };

  /** Never answers: the request waits until its connection closes, or the control API drops it. */
  const hold = (req: IncomingMessage): void => {
    const socket = req.socket;
    sim.held.add(socket);
    socket.once('close', () => sim.held.delete(socket));
  };

  const deliver = (
    req: IncomingMessage,
    res: ServerResponse,
    reply: Reply,
    headers: Record<string, string>,
    how: Delivery,
  ): void => {
    if (how === 'drop') {
      req.socket.destroy();
      return;
    }
    if (how === 'hang') hold(req);
    else write(res, reply, headers);
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(API_BASE_PATH.length) || '/';
    const raw = await readBody(req);
    const now = sim.clock.now();
    if (raw === null) {
      const verdict = sim.rateLimiter.take(`ip:${req.socket.remoteAddress}`, now);
      write(
        res,
        failWithoutCode(413, 'Payload too large', 'The request body is larger than 1 MB'),
        rateHeaders(verdict),
      );
      return;
    }
    const auth = authenticate(sim, method, req.headers, raw);
    const rateKey = auth.ok ? auth.account.access_code : (auth.rateKey ?? `ip:${req.socket.remoteAddress}`);
    const verdict = sim.rateLimiter.take(rateKey, now);
    const headers = rateHeaders(verdict);
    if (!auth.ok) return write(res, auth.reply, headers);
    if (!verdict.allowed) return write(res, rateLimited(verdict, now), headers);
    if (!auth.account.user_exists) return write(res, failWithoutCode(404, 'User not found'), headers);

    const route = table.get(`${method} ${path}`);
    if (!route)
      return write(res, failWithoutCode(404, 'Not found', `No endpoint ${method} ${path}`), headers);

    const { faults } = sim;
    const scoped = faults.applies(method, path);
    if (scoped && faults.strikes(faults.faults.rateLimitStormRate)) {
      const storm: RateVerdict = { ...verdict, allowed: false, remaining: 0, resetAt: now + 60_000 };
      return write(res, rateLimited(storm, now), rateHeaders(storm));
    }
    if (scoped && (faults.hangsNext() || faults.strikes(faults.faults.hangRate))) return hold(req);
    const injectFailure = scoped && faults.strikes(faults.faults.failRate);
    if (injectFailure && !route.inFlight) {
      return write(res, failWithoutCode(500, route.failureText ?? 'Internal server error'), headers);
    }
    let waited = false;
    const latency = async (): Promise<void> => {
      if (waited || !scoped) return;
      waited = true;
      await sim.clock.sleep(faults.latencyMs());
    };
    if (!route.inFlight) await latency();

    let body: unknown;
    if (method === 'POST' || method === 'PUT') {
      const parsed = parseJson(req, raw);
      if (!parsed.ok) return write(res, parsed.reply, headers);
      body = parsed.value;
    }
    const ctx: ApiContext = {
      sim,
      method,
      path,
      query: url.searchParams,
      body,
      account: auth.account,
      seeded: auth.seeded,
      injectFailure,
      latency,
    };
    const reply = presentReply(`${method} ${path}`, await route.handler(ctx), {
      style: faults.faults.answerStyle,
      seed: sim.seed,
      currency: auth.account.currency,
    });
    const how: Delivery =
      scoped && faults.strikes(faults.faults.dropAfterCommitRate)
        ? 'drop'
        : scoped && faults.strikes(faults.faults.hangAfterCommitRate)
          ? 'hang'
          : 'answer';
    deliver(req, res, reply, headers, how);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let work: Promise<void>;
    if (url.pathname === API_BASE_PATH || url.pathname.startsWith(`${API_BASE_PATH}/`)) {
      work = api(req, res, url);
    } else if (url.pathname.startsWith('/__sim/')) {
      work = handleControl(sim, req, res, url);
    } else if (url.pathname.startsWith('/media/')) {
      work = serveMedia(sim, res, url);
    } else {
      work = Promise.resolve(write(res, failWithoutCode(404, 'Not found'), {}));
    }
    work.catch((error: unknown) => {
      // A bug in the simulator: answer 500 and say where, never a stack with state in it.
      console.error(`simulator: ${req.method} ${url.pathname} failed: ${(error as Error).message}`);
      if (!res.headersSent) write(res, failWithoutCode(500, 'Internal server error'), {});
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return {
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
