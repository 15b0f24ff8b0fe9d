import type { z } from 'zod';
import { type ErrorCode, isApiErrorCode } from '../../../shared/errors';
import type { Currency, Money } from '../../../shared/money';
import { PosFailure } from '../pos/failure';
import { ApiFailure, messageFor } from './api-failure';
import { Fields, parseJson } from './fields';
import { exchange, type HttpAnswer } from './http-exchange';
import { FieldProblem, moneyReader } from './parse';
import type { ProviderAnswer } from './provider-answer';
import { budgetFacts, type Lane, type RateLimiter, rateLimitMessage, type Timekeeper } from './rate-limiter';
import { ServerClock } from './server-clock';
import { type ApiCredentials, signedHeaders } from './signing';

/** Facts about a call for the log. Never a secret key, a signature or a body. */
export interface ApiLog {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** How a request may be sent again after a failure. */
export type ResendRule =
  /** No effect on the provider: re-sent after a short back-off a bounded number of times, after a rate-limit wait, and once after a clock correction. */
  | 'read'
  /** Orders: re-sent once after no answer, with the same idempotency key; also after a rate-limit wait or a clock correction, which the provider refused before doing anything. */
  | 'order'
  /** Actions without a key (suspend, cancel, SMS, webhook set-up): re-sent only after a refusal that proves nothing was done (clock, rate limit). */
  | 'once'
  /** Top-ups (the API has no idempotency key for them): sent exactly once, whatever happens. */
  | 'never';

export type QueryValue = string | number | boolean | undefined;

export interface Call<R> {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: Readonly<Record<string, unknown>>;
  readonly lane: Lane;
  readonly resend: ResendRule;
  /** The code of a 404 that has none; by default the API's "user not found". */
  readonly notFoundCode?: ErrorCode;
  /** The answer carries a secret (PUT /webhooks): its text is not kept on failures. */
  readonly secretBearing?: boolean;
  /** The balance read that finds the account currency: its own answers never wait for the currency. */
  readonly currencySource?: boolean;
  /** Reads a successful answer; a FieldProblem it throws becomes a BAD_RESPONSE naming the field. */
  readonly parse: (json: unknown) => R | Promise<R>;
  readonly onSend?: (attempt: number, requestId: string) => void;
}

export interface Received<R> {
  readonly value: R;
  /** The answer's body exactly as received. */
  readonly raw: string;
  readonly attempts: number;
  /** Every answer the call received, this one last (earlier attempts may have had answers too). */
  readonly answers: readonly ProviderAnswer[];
}

export interface RunnerOptions {
  readonly baseUrl: string;
  readonly credentials: () => ApiCredentials;
  readonly readTimeoutMs: number;
  readonly writeTimeoutMs: number;
  readonly time: Timekeeper;
  readonly limiter: RateLimiter;
  /** How long each lane may wait for the rate limiter before the call fails. */
  readonly maxWaitMs: Readonly<Record<Lane, number>>;
  readonly log: ApiLog;
  /** Reads the account currency from the provider (a balance read in the given lane). */
  readonly fetchCurrency: (lane: Lane) => Promise<Currency>;
  /** Told when the connection state changes (the status bar follows it). */
  readonly onConnectionChange?: (state: ConnectionState) => void;
}

/**
 * How the provider's last real call went: `online` answered in time, `degraded` answered with a
 * server error or a rate-limit refusal, answered slowly, or took the request and never answered;
 * `offline` could not be reached. Never a guess or a separate ping: only calls the counter made.
 */
export type ConnectionState = 'unknown' | 'online' | 'degraded' | 'offline';

/** An answer slower than this is degraded service: a cashier feels it at the counter. */
export const SLOW_ANSWER_MS = 3000;

const READ_RETRIES = 2;
const READ_BACKOFF_MS = 300;
const RATE_LIMIT_RETRIES = 3;

/**
 * Sends signed requests and reads their answers: the one place that knows the wire. It signs each
 * attempt afresh over a body serialized once, waits for the rate limiter, learns the server clock
 * and rate budget from every answer, re-sends as the call's rule allows, and turns every answer
 * into a parsed value or an ApiFailure.
 */
export class RequestRunner {
  readonly clock: ServerClock;
  private connection: ConnectionState = 'unknown';
  private currency: Currency | null = null;
  private currencyLookup: Promise<Currency | null> | null = null;
  private readonly baseUrl: string;

  constructor(private readonly options: RunnerOptions) {
    this.clock = new ServerClock();
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  connectionState(): ConnectionState {
    return this.connection;
  }

  private observed(state: ConnectionState): void {
    if (state === this.connection) return;
    this.connection = state;
    this.options.onConnectionChange?.(state);
  }

  accountCurrency(): Currency | null {
    return this.currency;
  }

  learnCurrency(currency: Currency): void {
    this.currency = currency;
  }

  /**
   * The account currency for amounts an answer gives without one: the one last read, or else one
   * balance read shared by every answer waiting for it. Null when that read fails: the amounts are
   * then unknown, which never fails the answer that carries them.
   */
  async currencyFor(lane: Lane): Promise<Currency | null> {
    if (this.currency !== null) return this.currency;
    // The balance read is marked `currencySource`: nothing it reads waits here, so it cannot wait on itself.
    this.currencyLookup ??= this.options
      .fetchCurrency(lane)
      .catch(() => null)
      .finally(() => {
        this.currencyLookup = null;
      });
    return this.currencyLookup;
  }

  async call<R>(spec: Call<R>): Promise<Received<R>> {
    const { time, log, limiter } = this.options;
    // Serialized once: this exact string is signed and sent on every attempt.
    const rawBody = spec.body === undefined ? '' : JSON.stringify(spec.body);
    const url = urlOf(this.baseUrl, spec.path, spec.query);
    const timeoutMs = spec.method === 'GET' ? this.options.readTimeoutMs : this.options.writeTimeoutMs;
    let attempts = 0;
    // Offsets whose timestamps the provider refused during this call, and the one to try next.
    const clockRefused: number[] = [];
    let clockToTry: number | null = null;
    let resends = 0;
    let rateWaits = 0;
    // The first failure after which the request may have been performed. Once there is one, no
    // later refusal can make the call's outcome certain again: the money paths must see "unknown".
    let uncertain: ApiFailure | null = null;
    // Every answer of every attempt, whatever became of it: a money request's are all journalled.
    const answers: ProviderAnswer[] = [];
    const keep = (attempt: number, status: number, text: string, at: number, whole: boolean): void => {
      answers.push({
        attempt,
        status,
        receivedAt: new Date(at).toISOString(),
        body: spec.secretBearing ? '' : text,
        whole,
      });
    };
    const final = (error: ApiFailure): ApiFailure =>
      (uncertain && error.outcome === 'rejected' ? stillUnknown(uncertain, error) : error).withAnswers(
        answers,
      );
    for (;;) {
      try {
        await limiter.acquire(spec.lane, this.options.maxWaitMs[spec.lane]);
      } catch (error) {
        throw error instanceof ApiFailure ? final(error) : error;
      }
      attempts += 1;
      const offset = clockToTry ?? this.clock.signingOffset();
      const { headers, requestId } = signedHeaders(this.options.credentials(), time.now() + offset, rawBody);
      spec.onSend?.(attempts, requestId);
      const started = time.now();
      const fields = { method: spec.method, path: spec.path, lane: spec.lane, requestId, attempt: attempts };
      let answered = false;
      try {
        const answer = await this.send(url, spec.method, headers, rawBody, timeoutMs, spec.path);
        answered = true;
        keep(attempts, answer.status, answer.text, answer.receivedAt, true);
        const value = await this.interpret(answer, spec);
        this.clock.accepted(offset);
        const took = time.now() - started;
        // Written once the caller has its answer: the log line is not on a sale's path.
        setImmediate(() => log.info('api call', { ...fields, status: answer.status, ms: took }));
        return { value, raw: answer.text, attempts, answers };
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        // An answer cut off on its way: what arrived of it is an answer too.
        if (!answered && error.raw !== null && error.status !== null) {
          keep(attempts, error.status, error.raw, time.now(), false);
        }
        log.warn('api call failed', {
          ...fields,
          code: error.code,
          kind: error.kind,
          status: error.status,
          ms: time.now() - started,
        });
        if (error.outcome === 'unknown') uncertain ??= error;
        if (error.code === 'INVALID_TIMESTAMP') {
          // Try the other clock (the Date header's or ours) the provider has not refused yet; the
          // first refusal is retried in any case, as the answer's Date header may have moved the estimate.
          clockRefused.push(offset);
          const next = this.clock.refused(clockRefused);
          clockToTry = next;
          if (spec.resend !== 'never' && (next !== null || clockRefused.length === 1)) continue;
        }
        if (spec.resend === 'never') throw final(error);
        if (
          error.code === 'RATE_LIMIT_EXCEEDED' &&
          error.kind === 'refused' &&
          rateWaits < RATE_LIMIT_RETRIES
        ) {
          // The limiter now holds every lane until the reset; the next acquire waits for it.
          rateWaits += 1;
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
          await sleep(time, READ_BACKOFF_MS * 2 ** (resends - 1) * (0.5 + Math.random()));
          continue;
        }
        throw final(error);
      }
    }
  }

  private async send(
    url: string,
    method: Call<unknown>['method'],
    headers: Readonly<Record<string, string>>,
    rawBody: string,
    timeoutMs: number,
    path: string,
  ): Promise<HttpAnswer> {
    const withType = method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' };
    const sentAt = this.options.time.now();
    try {
      const answer = await exchange(
        { method, url, headers: withType, body: method === 'GET' ? undefined : rawBody, timeoutMs },
        this.options.time,
        path,
      );
      const slow = answer.receivedAt - sentAt > SLOW_ANSWER_MS;
      const troubled = answer.status >= 500 || answer.status === 429;
      this.observed(slow || troubled ? 'degraded' : 'online');
      this.clock.observe(answer.headers.get('date'), sentAt, answer.receivedAt);
      this.options.limiter.observe(answer.headers, (ms) => this.clock.toLocal(ms));
      return answer;
    } catch (error) {
      if (error instanceof ApiFailure) this.observed(error.kind === 'unreachable' ? 'offline' : 'degraded');
      throw error;
    }
  }

  private async interpret<R>(answer: HttpAnswer, spec: Call<R>): Promise<R> {
    const json = parseJson(answer.text);
    const success = answer.status >= 200 && answer.status < 300;
    const raw = spec.secretBearing ? '' : answer.text;
    const context = { path: spec.path, status: answer.status, raw };
    if (success && isRecord(json) && json.success !== false) {
      try {
        return await spec.parse(json);
      } catch (error) {
        if (error instanceof FieldProblem) throw badResponse(error.field, error.problem, context);
        throw error;
      }
    }
    if (success && !isRecord(json)) throw badResponse('', 'the answer is not a JSON object', context);
    throw await this.errorFailure(json, answer, spec, raw);
  }

  private async errorFailure(
    json: unknown,
    answer: HttpAnswer,
    spec: Call<unknown>,
    raw: string,
  ): Promise<ApiFailure> {
    const { status } = answer;
    // Read tolerantly like every other answer: a body is readable when it is a JSON object.
    const body = Fields.maybe(json, '');
    const apiCode = body?.text('code') ?? undefined;
    const code = errorCodeOf(status, apiCode, spec.notFoundCode);
    const apiMessage = body?.text('message') ?? body?.text('error') ?? undefined;
    const details: Record<string, unknown> = { path: spec.path };
    if (apiCode !== undefined) details.apiCode = apiCode;
    if (apiMessage !== undefined) details.apiMessage = apiMessage;
    if (status >= 500) {
      // The provider's own ORDER_PROCESSING_ERROR says the order failed, and failed orders deduct
      // nothing: a refusal for certain (the client still re-sends it once, as the API recommends for
      // a 5xx). Any other 5xx, or one whose body is not the provider's, may follow work that was done.
      const notCharged = apiCode === 'ORDER_PROCESSING_ERROR';
      return new ApiFailure(code, messageFor(code), {
        kind: 'server',
        outcome: notCharged ? 'rejected' : 'unknown',
        status,
        details,
        raw,
      });
    }
    let message = messageFor(code);
    if (code === 'RATE_LIMIT_EXCEEDED') {
      const until = this.options.limiter.refused(answer.headers, (ms) => this.clock.toLocal(ms));
      details.retryAt = new Date(until).toISOString();
      const hold = this.options.limiter.budgetHold(spec.lane);
      Object.assign(details, budgetFacts(hold));
      message = rateLimitMessage(hold);
    } else if (!body) {
      return badResponse('', 'the error answer is not a JSON error body', { path: spec.path, status, raw });
    }
    if (code === 'INSUFFICIENT_BALANCE' && body) Object.assign(details, await this.shortfallOf(body, spec));
    // 409 DUPLICATE_REQUEST: an earlier request with this idempotency key is still being processed,
    // so the order this key names may yet be performed.
    const outcome = status === 409 && code === 'DUPLICATE_REQUEST' ? 'unknown' : 'rejected';
    return new ApiFailure(code, message, { kind: 'refused', outcome, status, details, raw });
  }

  /** INSUFFICIENT_BALANCE amounts as Money; the error body names no currency, so the account's is used. */
  private async shortfallOf(body: Fields, spec: Call<unknown>): Promise<Record<string, Money>> {
    const fields = ['currentBalance', 'requiredBalance', 'needToLoad'] as const;
    const currency = async (): Promise<Currency | null> =>
      spec.currencySource ? this.currency : this.currencyFor(spec.lane);
    const money = await moneyReader(body, fields, currency);
    const amounts: Record<string, Money> = {};
    for (const field of fields) {
      const value = money(field);
      if (value !== null) amounts[field] = value;
    }
    return amounts;
  }
}

/**
 * An earlier attempt may have been performed and a later one was refused: the call's outcome stays
 * unknown. The earlier failure is what the caller must resolve; the refusal is kept in its details.
 */
function stillUnknown(earlier: ApiFailure, later: ApiFailure): ApiFailure {
  return new ApiFailure(earlier.code, earlier.message, {
    kind: earlier.kind,
    outcome: 'unknown',
    ...(earlier.status === null ? {} : { status: earlier.status }),
    details: { ...earlier.details, laterAttempt: { code: later.code, status: later.status } },
    // Keep an answer's text whenever there was one: the journal keeps every answer to a money request.
    ...((earlier.raw ?? later.raw) === null ? {} : { raw: earlier.raw ?? later.raw ?? '' }),
  });
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

/** An INVALID_INPUT failure naming each field a zod check found wrong; thrown before anything is sent. */
export function invalidInput(what: string, error: z.ZodError): PosFailure {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const where = first?.path ? `${first.path}: ` : '';
  return new PosFailure('INVALID_INPUT', `Invalid ${what}: ${where}${first?.message ?? 'bad input'}`, {
    issues,
  });
}

function urlOf(
  baseUrl: string,
  path: string,
  query: Readonly<Record<string, QueryValue>> | undefined,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sleep(time: Timekeeper, ms: number): Promise<void> {
  return new Promise((resolve) => {
    time.setTimer(resolve, ms);
  });
}
