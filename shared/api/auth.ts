/** Request-signing headers and rules of the reseller API (the signing itself needs Node's crypto: see the core). */
export const AUTH_HEADERS = {
  accessCode: 'rt-accesscode',
  requestId: 'rt-requestid',
  timestamp: 'rt-timestamp',
  signature: 'rt-signature',
} as const;

export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
export const REQUEST_ID_RETENTION_MS = 24 * 60 * 60_000;

/** The exact string that is signed: timestamp + requestId + accessCode + rawBody ('' for GET). */
export function signingPayload(
  timestamp: string,
  requestId: string,
  accessCode: string,
  rawBody: string,
): string {
  return `${timestamp}${requestId}${accessCode}${rawBody}`;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export function isUuidV4(text: string): boolean {
  return UUID_V4.test(text);
}

export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
} as const;

export const API_BASE_PATH = '/api/v1/business';
