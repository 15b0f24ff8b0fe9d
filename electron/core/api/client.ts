import type { z } from 'zod';
import { type PackageListQuery, PackageListQuerySchema } from '../../../shared/api/catalogue';
import { ErrorBodySchema } from '../../../shared/api/common';
import { OrderRequestSchema } from '../../../shared/api/orders';
import { type ErrorCode, isApiErrorCode } from '../../../shared/errors';
import type { Currency, Money } from '../../../shared/money';
import { PosFailure } from '../pos/failure';
import { ApiFailure, messageFor } from './api-failure';
import { exchange, type HttpAnswer } from './http-exchange';
import { type OrderOutcome, type OrderStatus, parseOrderResult, parseOrderStatus } from './order-results';
import { type Balance, type PackagePage, parseBalance, parsePackagePage } from './package-results';
import { FieldProblem, moneyOf } from './parse';
import { ServerClock } from './server-clock';
import { type ApiCredentials, signedHeaders } from './signing';

/**
 * Who is waiting for a request: a cashier's sale goes first, then interactive reads, then
 * background work (catalogue sync, reconciliation paging), so a sale never queues behind a sync.
 */
export type Lane = 'sale' | 'interactive' | 'background';

/** Facts about a call for the log. Never a secret key, a signature or a body. */
export interface ApiLog {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

export interface ResellerClientOptions {
  /** Ends in /api/v1/business. */
  readonly baseUrl: string;
  /** Called for every request; the secret key stays in the core's memory and is never stored by the client. */
  readonly credentials: () => ApiCredentials;
  readonly timeouts?: {
    /** Reads and other requests. Default 10 s. */
    readonly readMs?: number;
    /** Orders and top-ups, which the provider may take a while to process. Default 30 s. */
    readonly writeMs?: number;
  };
  /** The local clock, epoch milliseconds (tests inject one). */
  readonly now?: () => number;
  readonly log?: ApiLog;
}

export interface CallOptions {
  readonly lane?: Lane;
}

export interface OrderInput {
  /** Sent verbatim. */
  readonly packageCode: string;
  /** 1 to 10; default 1. */
  readonly quantity?: number;
  /** Required: an order is never sent without one (1 to 200 characters), and a re-send reuses it. */
  readonly idempotencyKey: string;
  readonly recurring?: boolean;
}

export interface OrderCallOptions extends CallOptions {
  /** Called just before each send, with the attempt number and its RT-RequestID. */
  readonly onSend?: (attempt: number, requestId: string) => void;
}

export interface ClientStatus {
  readonly connection: 'unknown' | 'online' | 'offline';
  /** Server clock minus ours, from the Date headers; null until the first answer. */
  readonly clockSkewMs: number | null;
  /** The account currency, as last read from the provider. */
  readonly currency: Currency | null;
}

export interface ResellerClient {
  getBalance(options?: CallOptions): Promise<Balance>;
  /** One page of the catalogue. */
  listPackages(query?: PackageListQuery, options?: CallOptions): Promise<PackagePage>;
  /**
   * Places an order. A timeout, a 5xx or a dropped connection is followed by exactly one re-send
   * with the same idempotency key and a new RT-RequestID; if that fails too, the ApiFailure says
   * whether the order may have been performed (`outcome`).
   */
  createOrder(input: OrderInput, options?: OrderCallOptions): Promise<OrderOutcome>;
  getOrder(orderReference: string, options?: CallOptions): Promise<OrderStatus>;
  status(): ClientStatus;
}

/** How a request may be sent again after a failure that left its outcome unknown. */
type ResendRule =
  /** Reads: no effect on the provider; re-sent after a short back-off, a bounded number of times. */
  | 'read'
  /** Orders: re-sent once, with the same idempotency key. */
  | 'order';

interface Call<R> {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: Readonly<Record<string, unknown>>;
  readonly lane: Lane;
  readonly resend: ResendRule;
  /** The code of a 404 without one; by default the API's "user not found". */
  readonly notFoundCode?: ErrorCode;
  readonly parse: (json: unknown) => R;
  readonly onSend?: (attempt: number, requestId: string) => void;
}

interface Received<R> {
  readonly value: R;
  readonly raw: string;
  readonly attempts: number;
}

const DEFAULT_READ_TIMEOUT_MS = 10_000;
const DEFAULT_WRITE_TIMEOUT_MS = 30_000;
const READ_RETRIES = 2;
const READ_BACKOFF_MS = 300;

const silentLog: ApiLog = { info: () => {}, warn: () => {} };

export function createResellerClient(options: ResellerClientOptions): ResellerClient {
  const now = options.now ?? Date.now;
  const log = options.log ?? silentLog;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const readTimeoutMs = options.timeouts?.readMs ?? DEFAULT_READ_TIMEOUT_MS;
  const writeTimeoutMs = options.timeouts?.writeMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  const clock = new ServerClock(now);
  let connection: ClientStatus['connection'] = 'unknown';
  let currency: Currency | null = null;

  function learnCurrency(value: Currency): void {
    currency = value;
  }

  async function call<R>(spec: Call<R>): Promise<Received<R>> {
    // Serialized once: this exact string is signed and sent on every attempt.
    const rawBody = spec.body === undefined ? '' : JSON.stringify(spec.body);
    const url = urlOf(baseUrl, spec.path, spec.query);
    const timeoutMs = spec.method === 'GET' ? readTimeoutMs : writeTimeoutMs;
    let attempts = 0;
    let clockCorrected = false;
    let resends = 0;
    for (;;) {
      attempts += 1;
      const { headers, requestId } = signedHeaders(options.credentials(), clock.serverNow(), rawBody);
      spec.onSend?.(attempts, requestId);
      const started = now();
      const fields = { method: spec.method, path: spec.path, lane: spec.lane, requestId, attempt: attempts };
      try {
        const answer = await sendOnce(url, spec.method, headers, rawBody, timeoutMs, spec.path);
        const value = await interpret(answer, spec);
        log.info('api call', { ...fields, status: answer.status, ms: now() - started });
        return { value, raw: answer.text, attempts };
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        log.warn('api call failed', {
          ...fields,
          code: error.code,
          kind: error.kind,
          status: error.status,
          ms: now() - started,
        });
        if (error.code === 'INVALID_TIMESTAMP' && !clockCorrected) {
          // The answer's Date header has corrected the clock; the API allows this one retry.
          clockCorrected = true;
          continue;
        }
        if (spec.resend === 'order' && error.noAnswer && resends < 1) {
          resends += 1;
          continue;
        }
        if (
          spec.resend === 'read' &&
          (error.noAnswer || error.kind === 'unreachable') &&
          resends < READ_RETRIES
        ) {
          resends += 1;
          await delay(READ_BACKOFF_MS * 2 ** (resends - 1) * (0.5 + Math.random()));
          continue;
        }
        throw error;
      }
    }
  }

  async function sendOnce(
    url: string,
    method: Call<unknown>['method'],
    headers: Readonly<Record<string, string>>,
    rawBody: string,
    timeoutMs: number,
    path: string,
  ): Promise<HttpAnswer> {
    const withType = method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' };
    try {
      const answer = await exchange(
        { method, url, headers: withType, body: method === 'GET' ? undefined : rawBody, timeoutMs },
        now,
        path,
      );
      connection = 'online';
      clock.observe(answer.headers.get('date'), answer.receivedAt);
      return answer;
    } catch (error) {
      if (error instanceof ApiFailure && error.kind !== 'dropped') connection = 'offline';
      throw error;
    }
  }

  async function interpret<R>(answer: HttpAnswer, spec: Call<R>): Promise<R> {
    const json = parseJson(answer.text);
    const success = answer.status >= 200 && answer.status < 300;
    const context = { path: spec.path, status: answer.status, raw: answer.text };
    if (success && isRecord(json) && json.success !== false) {
      try {
        return spec.parse(json);
      } catch (error) {
        if (error instanceof FieldProblem) throw badResponse(error.field, error.problem, context);
        throw error;
      }
    }
    if (success && !isRecord(json)) throw badResponse('', 'the answer is not a JSON object', context);
    return Promise.reject(await errorFailure(json, answer, spec));
  }

  async function errorFailure(json: unknown, answer: HttpAnswer, spec: Call<unknown>): Promise<ApiFailure> {
    const { status, text } = answer;
    const body = ErrorBodySchema.safeParse(json);
    const readable = body.success && isRecord(json);
    const apiCode = readable ? body.data.code : undefined;
    const code = errorCodeOf(status, apiCode, spec.notFoundCode);
    const apiMessage = readable ? (body.data.message ?? body.data.error) : undefined;
    const details: Record<string, unknown> = { path: spec.path };
    if (apiCode !== undefined) details.apiCode = apiCode;
    if (apiMessage !== undefined) details.apiMessage = apiMessage;
    if (status >= 500) {
      return new ApiFailure(code, messageFor(code), {
        kind: 'server',
        outcome: 'unknown',
        status,
        details,
        raw: text,
      });
    }
    if (!readable && status !== 429) {
      return badResponse('', 'the error answer is not a JSON error body', {
        path: spec.path,
        status,
        raw: text,
      });
    }
    if (code === 'INSUFFICIENT_BALANCE' && body.success) {
      Object.assign(details, await shortfallOf(body.data));
    }
    // 409 DUPLICATE_REQUEST: an earlier request with this idempotency key is still being processed,
    // so the order this key names may yet be performed.
    const outcome = status === 409 && code === 'DUPLICATE_REQUEST' ? 'unknown' : 'rejected';
    return new ApiFailure(code, messageFor(code), { kind: 'refused', outcome, status, details, raw: text });
  }

  /** INSUFFICIENT_BALANCE amounts as Money; the error body names no currency, so the account's is used. */
  async function shortfallOf(body: {
    currentBalance?: number | undefined;
    requiredBalance?: number | undefined;
    needToLoad?: number | undefined;
  }): Promise<Record<string, Money>> {
    const accountCurrency =
      currency ??
      (await getBalance()
        .then((b) => b.balance.currency)
        .catch(() => null));
    if (accountCurrency === null) return {};
    const amounts: Record<string, Money> = {};
    for (const field of ['currentBalance', 'requiredBalance', 'needToLoad'] as const) {
      const value = body[field];
      if (value !== undefined) amounts[field] = moneyOf(value, accountCurrency, field);
    }
    return amounts;
  }

  async function getBalance(options?: CallOptions): Promise<Balance> {
    const { value, raw } = await call({
      method: 'GET',
      path: '/balance',
      lane: options?.lane ?? 'interactive',
      resend: 'read',
      parse: parseBalance,
    });
    learnCurrency(value.balance.currency);
    return { ...value, raw };
  }

  return {
    getBalance,

    async listPackages(query = {}, options) {
      const checked = PackageListQuerySchema.safeParse(query);
      if (!checked.success) throw invalidInput('package query', checked.error);
      const { value, raw } = await call({
        method: 'GET',
        path: '/esims/packages',
        query: checked.data,
        lane: options?.lane ?? 'interactive',
        resend: 'read',
        parse: parsePackagePage,
      });
      const first = value.packages[0];
      if (first) learnCurrency(first.cost.currency);
      return { ...value, raw };
    },

    async createOrder(input, options) {
      const body = {
        packageCode: input.packageCode,
        quantity: input.quantity ?? 1,
        idempotency_key: input.idempotencyKey,
        ...(input.recurring ? { recurring: true } : {}),
      };
      const checked = OrderRequestSchema.safeParse(body);
      if (!checked.success) throw invalidInput('order', checked.error);
      const { value, raw, attempts } = await call({
        method: 'POST',
        path: '/esims/order',
        body,
        lane: options?.lane ?? 'sale',
        resend: 'order',
        parse: (json) => parseOrderResult(json, currency),
        ...(options?.onSend ? { onSend: options.onSend } : {}),
      });
      if (value.kind === 'completed') learnCurrency(value.cost.currency);
      return { ...value, raw, attempts };
    },

    async getOrder(orderReference, options) {
      if (orderReference.length === 0)
        throw new PosFailure('INVALID_INPUT', 'Invalid order lookup: no order reference');
      const { value, raw } = await call({
        method: 'GET',
        path: '/esims/order',
        query: { orderReference },
        lane: options?.lane ?? 'interactive',
        resend: 'read',
        notFoundCode: 'ORDER_NOT_FOUND',
        parse: (json) => parseOrderStatus(json, currency),
      });
      return { ...value, raw };
    },

    status() {
      return { connection, clockSkewMs: clock.skewMs(), currency };
    },
  };
}

function errorCodeOf(
  status: number,
  apiCode: string | undefined,
  notFoundCode: ErrorCode | undefined,
): ErrorCode {
  if (apiCode !== undefined) return isApiErrorCode(apiCode) ? apiCode : 'API_ERROR';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 404) return notFoundCode ?? 'USER_NOT_FOUND';
  if (status === 429) return 'RATE_LIMIT_EXCEEDED';
  return 'API_ERROR';
}

function badResponse(
  field: string,
  problem: string,
  context: { path: string; status: number; raw: string },
): ApiFailure {
  const where = field ? ` (field "${field}": ${problem})` : ` (${problem})`;
  return new ApiFailure('BAD_RESPONSE', `${messageFor('BAD_RESPONSE')}${where}`, {
    kind: 'malformed',
    outcome: 'unknown',
    status: context.status,
    details: { path: context.path, field, problem },
    raw: context.raw,
  });
}

function invalidInput(what: string, error: z.ZodError): PosFailure {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  return new PosFailure(
    'INVALID_INPUT',
    `Invalid ${what}: ${first?.path ?? ''} ${first?.message ?? ''}`.trim(),
    {
      issues,
    },
  );
}

function urlOf(
  baseUrl: string,
  path: string,
  query: Readonly<Record<string, string | number | boolean | undefined>> | undefined,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
