import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect } from 'vitest';
import { ApiFailure } from '../../electron/core/api/api-failure';
import {
  createResellerClient,
  type ResellerClient,
  type ResellerClientOptions,
} from '../../electron/core/api/client';

/**
 * A real HTTP server on 127.0.0.1 for the answers the simulator cannot give: truncated bodies,
 * non-JSON, untidy error shapes. Each test scripts its replies; every request is recorded as it
 * arrived on the wire. A reply may also pass the request on to the simulator (`forwardTo`) and change
 * its answer: the provider did the work, and its answer reached the counter in a shape the test chose.
 */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The body bytes as received, decoded as UTF-8. */
  readonly body: string;
  /** When the whole request had arrived (server clock, epoch ms). */
  readonly at: number;
}

export type Reply =
  | {
      readonly kind: 'json';
      readonly status?: number;
      readonly body: unknown;
      readonly headers?: Record<string, string>;
    }
  | {
      readonly kind: 'text';
      readonly status?: number;
      readonly text: string;
      readonly headers?: Record<string, string>;
    }
  /** Never answers. */
  | { readonly kind: 'hang' }
  /** Closes the connection without an answer. */
  | { readonly kind: 'drop' }
  /** Sends the headers and part of the body, then neither finishes nor closes. */
  | { readonly kind: 'stall'; readonly text: string }
  /** Sends the headers and part of the body, then closes the connection. */
  | { readonly kind: 'truncate'; readonly status?: number; readonly text: string };

/** Scripts the server's answers: one per request, in the order received. */
export type Replier = (request: ReceivedRequest, index: number) => Reply | Promise<Reply>;

export interface TestServer {
  readonly baseUrl: string;
  readonly requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startTestServer(reply: Replier): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(received);
      // A reply that fails (an upstream gone) is a connection dropped without an answer.
      void Promise.resolve(reply(received, requests.length - 1)).then(
        (answer) => {
          switch (answer.kind) {
            case 'json':
            case 'text': {
              const text = answer.kind === 'json' ? JSON.stringify(answer.body) : answer.text;
              res.writeHead(answer.status ?? 200, {
                'content-type': 'application/json',
                ...answer.headers,
                'content-length': Buffer.byteLength(text),
              });
              res.end(text);
              return;
            }
            case 'hang':
              return;
            case 'drop':
              req.socket.destroy();
              return;
            case 'stall':
              res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
              res.write(answer.text);
              return;
            case 'truncate':
              res.writeHead(answer.status ?? 200, {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(answer.text) * 2,
              });
              res.write(answer.text, () => req.socket.destroy());
              return;
          }
        },
        () => req.socket.destroy(),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1/business`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A test file's server: started by each test that needs one, closed after it. */
export interface ServerPerTest {
  start(reply: Replier): Promise<TestServer>;
  /** Starts the server and returns a client of it signing with TEST_CREDENTIALS, with any other client options. */
  client(
    reply: Replier,
    options?: Partial<Omit<ResellerClientOptions, 'baseUrl' | 'credentials'>>,
  ): Promise<ResellerClient>;
  /** Requests the current server received; none before one is started. */
  readonly requests: ReceivedRequest[];
  readonly baseUrl: string;
  close(): Promise<void>;
}

export function serverPerTest(): ServerPerTest {
  let current: TestServer | undefined;
  const close = async (): Promise<void> => {
    await current?.close();
    current = undefined;
  };
  afterEach(close);
  const start = async (reply: Replier): Promise<TestServer> => {
    await close();
    current = await startTestServer(reply);
    return current;
  };
  return {
    start,
    async client(reply, options = {}) {
      const { baseUrl } = await start(reply);
      return createResellerClient({ ...options, baseUrl, credentials: () => TEST_CREDENTIALS });
    },
    get requests() {
      return current?.requests ?? [];
    },
    get baseUrl() {
      if (!current) throw new Error('no test server is running');
      return current.baseUrl;
    },
    close,
  };
}

/** Headers of the upstream's answer that describe its body or connection, which the test server sets itself. */
const HOP_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/**
 * Passes a request on to another API (the simulator) exactly as it arrived, signature and all, and
 * gives its answer as a reply: its status, its headers (the Date and rate-limit headers the client
 * learns from) and its body, which the test may change before answering with it.
 */
export async function forwardTo(
  upstreamBaseUrl: string,
  request: ReceivedRequest,
): Promise<Extract<Reply, { kind: 'text' }>> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && name !== 'host' && !HOP_HEADERS.has(name)) headers.set(name, value);
  }
  const answer = await fetch(new URL(request.url, upstreamBaseUrl), {
    method: request.method,
    headers,
    ...(request.method === 'GET' ? {} : { body: request.body }),
  });
  const kept: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) kept[name] = value;
  });
  return { kind: 'text', status: answer.status, headers: kept, text: await answer.text() };
}

/** The ApiFailure a call ends in (the test fails if it succeeds or throws anything else). */
export async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

/** The signature the API expects, computed here straight from the description, apart from the client's code. */
export function expectedSignature(secretKey: string, request: ReceivedRequest): string {
  const header = (name: string): string => String(request.headers[name] ?? '');
  return createHmac('sha256', secretKey)
    .update(`${header('rt-timestamp')}${header('rt-requestid')}${header('rt-accesscode')}${request.body}`)
    .digest('hex')
    .toUpperCase();
}

export const TEST_CREDENTIALS = {
  accessCode: 'ACCESS-TEST-1',
  secretKey: 'sk_live_7f3a9c1e5b2d4f60a8e1',
} as const;

const LPA = 'LPA:1$smdp.example.net$ACT-CODE-0001';

export function esimItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iccid: '8988247000100000015',
    lpaString: LPA,
    qrCodeUrl: 'data:image/png;base64,AAAA',
    directAppleInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(LPA)}`,
    status: 'New',
    imsi: null,
    msisdn: null,
    sim_status: 'AFFECTED',
    esim_status: 'New',
    profile_status: null,
    unlimited: false,
    total_volume: 1073741824,
    total_duration: 7,
    expired_time: '2026-01-08T10:00:00Z',
    isPending: false,
    ...overrides,
  };
}

export function completedOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    success: true,
    message: 'Order completed',
    orderReference: 'ORD-1001',
    esimId: 501,
    packageName: 'Turkey 1GB 7 days',
    newBalance: 487.55,
    currency: 'USD',
    lpaString: LPA,
    qrCodeUrl: 'data:image/png;base64,AAAA',
    directAppleInstallUrl: 'https://esimsetup.apple.com/x',
    paymentMethod: 'balance',
    status: 'completed',
    amount: 12.45,
    profit: 2.1,
    final_price: 12.45,
    processing_time_ms: 840,
    esims: [esimItem()],
    ...overrides,
  };
}

export function apiPackage(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    package_code: 'TR_1GB_7D',
    name: 'Turkey 1GB 7 days',
    region: 'Turkey',
    type: 'local',
    data_amount_gb: 1,
    validity_days: 7,
    cost: 1.1,
    currency: 'USD',
    features: { voice_minutes: null, sms_count: null, is_rechargeable: true },
    is_unlimited: false,
    has_voice: false,
    has_sms: false,
    countries: ['tr'],
    ...overrides,
  };
}

/** An item of GET /esims, as the description lists its fields. */
export function esimListItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 9,
    iccid: '8988247000100000015',
    package_name: 'Turkey 1GB',
    package_code: 'TR_1GB_7D',
    countries: ['Turkey'],
    status: 'ACTIVE',
    data: { total_mb: 1024, used_mb: 256, remaining_mb: 768, usage_percentage: 25, is_unlimited: false },
    validity: {
      days: 7,
      activated_at: '2025-06-01T10:00:00Z',
      expires_at: '2025-06-08T10:00:00Z',
      is_expired: false,
    },
    qr_code: 'https://example.net/qr.png',
    manual_installation: {
      smdp_address: 'smdp.example.net',
      activation_code: 'X1',
      lpa_format: 'LPA:1$smdp.example.net$X1',
    },
    direct_apple_installation_url: 'https://esimsetup.apple.com/x',
    direct_android_installation_url: null,
    flag_url: null,
    created_at: '2025-06-01T10:00:00Z',
    is_pending: false,
    phone_number: null,
    imsi: null,
    sim_status: 'AFFECTED',
    esim_status: 'Installed',
    profile_status: 'Enable',
    ...overrides,
  };
}
