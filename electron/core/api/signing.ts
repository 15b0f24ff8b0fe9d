import { createHmac, randomUUID } from 'node:crypto';
import { AUTH_HEADERS, signingPayload } from '../../../shared/api/auth';

/** What signs a request. The secret key lives only in memory, here, for the length of a call. */
export interface ApiCredentials {
  readonly accessCode: string;
  readonly secretKey: string;
}

/** Uppercase hex HMAC-SHA256, keyed with the secret key, over timestamp + requestId + accessCode + rawBody. */
export function signRequest(
  secretKey: string,
  timestamp: string,
  requestId: string,
  accessCode: string,
  rawBody: string,
): string {
  return createHmac('sha256', secretKey)
    .update(signingPayload(timestamp, requestId, accessCode, rawBody), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** A fresh UUID v4: the API refuses a request id it has seen in the last 24 hours. */
export function newRequestId(): string {
  return randomUUID();
}

export interface SignedHeaders {
  readonly headers: Readonly<Record<string, string>>;
  readonly requestId: string;
}

/**
 * The signing headers of one attempt. `rawBody` must be the exact string that goes on the wire
 * ('' for GET): callers serialize a body once and pass that same string here and to fetch.
 */
export function signedHeaders(
  credentials: ApiCredentials,
  timestampMs: number,
  rawBody: string,
  requestId: string = newRequestId(),
): SignedHeaders {
  const timestamp = String(Math.trunc(timestampMs));
  return {
    requestId,
    headers: {
      [AUTH_HEADERS.accessCode]: credentials.accessCode,
      [AUTH_HEADERS.requestId]: requestId,
      [AUTH_HEADERS.timestamp]: timestamp,
      [AUTH_HEADERS.signature]: signRequest(
        credentials.secretKey,
        timestamp,
        requestId,
        credentials.accessCode,
        rawBody,
      ),
    },
  };
}
