import { ApiFailure, messageFor } from './api-failure';
import type { Timekeeper } from './rate-limiter';

/** An HTTP answer read in full: status, headers and the body text exactly as received. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Local time (ms) when the headers arrived: the moment the Date header describes. */
  readonly receivedAt: number;
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The exact string that was signed; undefined for GET. */
  readonly body: string | undefined;
  readonly timeoutMs: number;
}

/** Error codes of failures while connecting: the request never reached the server. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Sends one request and reads the whole answer, within one deadline that covers the body too (a
 * server that sends headers and then stalls is a timeout, not a hang). Network trouble becomes an
 * ApiFailure: OFFLINE `rejected` when no connection could be made, OFFLINE `unknown` when it dropped,
 * TIMEOUT `unknown` when the deadline passed.
 */
export async function exchange(request: HttpRequest, time: Timekeeper, path: string): Promise<HttpAnswer> {
  const controller = new AbortController();
  // The deadline runs on the client's clock: a core whose clock is moved gives up when it passes.
  const clearTimer = time.setTimer(() => controller.abort(), request.timeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      redirect: 'error',
    });
  } catch (error) {
    clearTimer();
    throw networkFailure(error, controller.signal.aborted, request.timeoutMs, path, 'request');
  }
  const receivedAt = time.now();
  const body = new BodyText();
  try {
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      body.add(chunk.value);
    }
    return { status: response.status, headers: response.headers, text: body.end(), receivedAt };
  } catch (error) {
    // What arrived before the connection ended is kept: it may be all the counter ever gets of a charge.
    throw networkFailure(error, controller.signal.aborted, request.timeoutMs, path, 'body', response.status, {
      raw: body.end(),
    });
  } finally {
    clearTimer();
  }
}

/** A body decoded as UTF-8 as it arrives, so that a part is still text when the rest never comes. */
class BodyText {
  private readonly decoder = new TextDecoder();
  private text = '';

  add(chunk: Uint8Array): void {
    this.text += this.decoder.decode(chunk, { stream: true });
  }

  end(): string {
    this.text += this.decoder.decode();
    return this.text;
  }
}

function networkFailure(
  error: unknown,
  timedOut: boolean,
  timeoutMs: number,
  path: string,
  phase: 'request' | 'body',
  status?: number,
  partial: { readonly raw?: string } = {},
): ApiFailure {
  const details = { path, phase };
  if (timedOut) {
    return new ApiFailure('TIMEOUT', messageFor('TIMEOUT'), {
      kind: 'timeout',
      outcome: 'unknown',
      details: { ...details, timeoutMs },
      ...(status === undefined ? {} : { status }),
      ...partial,
    });
  }
  const code = errorCode(error);
  if (phase === 'request' && code !== null && CONNECT_CODES.has(code)) {
    return new ApiFailure('OFFLINE', messageFor('OFFLINE'), {
      kind: 'unreachable',
      outcome: 'rejected',
      details: { ...details, network: code },
    });
  }
  return new ApiFailure(
    'OFFLINE',
    'The connection to the provider was lost before its answer arrived; the outcome is not known yet.',
    {
      kind: 'dropped',
      outcome: 'unknown',
      details: { ...details, network: code ?? 'connection lost' },
      ...(status === undefined ? {} : { status }),
      ...partial,
    },
  );
}

function errorCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : null;
}
