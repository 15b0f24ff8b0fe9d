import { createHmac, randomUUID } from 'node:crypto';

/**
 * A minimal HMAC signer written from the API description alone (not the app's client), so the
 * conformance tests check the simulator against the description rather than against our own client.
 */

export interface Credentials {
  readonly accessCode: string;
  readonly secretKey: string;
}

/** A JSON value read from a response; tests assert on its fields. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are arbitrary JSON, checked by assertions.
export type Json = any;

export interface CallOptions {
  /** A JSON value to send, or `{ raw }` to send exactly these bytes. */
  readonly body?: unknown;
  readonly raw?: string;
  readonly timestamp?: string;
  readonly requestId?: string;
  /** Sign this instead of the body sent (to forge a wrong signature). */
  readonly signOver?: string;
  readonly signature?: string;
  /** Leave out these signing headers. */
  readonly omit?: readonly ('RT-AccessCode' | 'RT-RequestID' | 'RT-Timestamp' | 'RT-Signature')[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly contentType?: string | null;
  readonly signal?: AbortSignal;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Json;
  readonly text: string;
}

export function sign(
  secret: string,
  timestamp: string,
  requestId: string,
  accessCode: string,
  raw: string,
): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}${requestId}${accessCode}${raw}`)
    .digest('hex')
    .toUpperCase();
}

export async function call(
  baseUrl: string,
  creds: Credentials | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const raw = options.raw ?? (options.body === undefined ? '' : JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (method !== 'GET' && options.contentType !== null)
    headers['content-type'] = options.contentType ?? 'application/json';
  if (creds) {
    const timestamp = options.timestamp ?? String(Date.now());
    const requestId = options.requestId ?? randomUUID();
    const signed = options.signOver ?? (method === 'GET' ? '' : raw);
    const all: Record<string, string> = {
      'RT-AccessCode': creds.accessCode,
      'RT-RequestID': requestId,
      'RT-Timestamp': timestamp,
      'RT-Signature':
        options.signature ?? sign(creds.secretKey, timestamp, requestId, creds.accessCode, signed),
    };
    for (const [name, value] of Object.entries(all)) {
      if (!options.omit?.includes(name as never)) headers[name] = value;
    }
  }
  const init: RequestInit = { method, headers };
  if (method !== 'GET') init.body = raw;
  if (options.signal) init.signal = options.signal;
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** A call to the control API. */
export async function control(
  sim: { controlUrl: string; controlToken: string },
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const init: RequestInit = {
    method,
    headers: { 'x-sim-control-token': sim.controlToken, 'content-type': 'application/json' },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(`${sim.controlUrl}${path}`, init);
  return { status: response.status, body: await response.json() };
}
