import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  AUTH_HEADERS,
  isUuidV4,
  REQUEST_ID_RETENTION_MS,
  signingPayload,
  TIMESTAMP_TOLERANCE_MS,
} from '../../shared/api';
import type { SeededAccount } from './accounts';
import { type AccountRow, accountByCode } from './ledger';
import { fail, type Reply } from './replies';
import type { Sim } from './sim';

export type AuthResult =
  | { readonly ok: true; readonly account: AccountRow; readonly seeded: SeededAccount }
  /** `rateKey` is the access code once the signature verified, so failures after it count against the key. */
  | { readonly ok: false; readonly reply: Reply; readonly rateKey: string | null };

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The expected RT-Signature: uppercase hex HMAC-SHA256 over timestamp + requestId + accessCode + raw body. */
export function expectedSignature(
  secret: string,
  timestamp: string,
  requestId: string,
  code: string,
  raw: Buffer,
): string {
  return createHmac('sha256', secret)
    .update(signingPayload(timestamp, requestId, code, ''))
    .update(raw)
    .digest('hex')
    .toUpperCase();
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time independent of the guess.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(a, a);
}

function bearerFailure(token: string): Reply {
  // How tokens are issued is not described, so the simulator issues none: every token fails, with
  // the message for a token that looks like a JWT (expired or not found) or for anything else.
  const jwtLike = /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
  return {
    status: 401,
    body: { success: false, message: jwtLike ? 'Token expired or not found' : 'Invalid token' },
  };
}

function rememberRequestId(sim: Sim, accessCode: string, requestId: string): boolean {
  const now = sim.clock.now();
  const { db } = sim;
  const seen = db
    .prepare('SELECT seen_at FROM request_ids WHERE access_code = ? AND request_id = ?')
    .get(accessCode, requestId.toLowerCase()) as { seen_at: number } | undefined;
  if (seen && seen.seen_at > now - REQUEST_ID_RETENTION_MS) return false;
  db.prepare(
    `INSERT INTO request_ids (access_code, request_id, seen_at) VALUES (?, ?, ?)
     ON CONFLICT (access_code, request_id) DO UPDATE SET seen_at = excluded.seen_at`,
  ).run(accessCode, requestId.toLowerCase(), now);
  // Forget ids past their 24 hours now and then, so the table stays small.
  if (Math.random() < 0.01)
    db.prepare('DELETE FROM request_ids WHERE seen_at <= ?').run(now - REQUEST_ID_RETENTION_MS);
  return true;
}

/**
 * Authentication rules 1–5 of the description, checked in this order: credentials present (401
 * without a code), all signing headers present (HMAC_REQUIRED), known access code (INVALID_API_KEY),
 * request id a UUID v4 (INVALID_REQUEST_ID), timestamp within 5 minutes (INVALID_TIMESTAMP),
 * signature (INVALID_SIGNATURE), request id not seen in 24 hours (DUPLICATE_REQUEST), business
 * account (INVALID_USER).
 */
export function authenticate(
  sim: Sim,
  method: string,
  headers: IncomingHttpHeaders,
  raw: Buffer,
): AuthResult {
  const accessCode = header(headers, AUTH_HEADERS.accessCode);
  const requestId = header(headers, AUTH_HEADERS.requestId);
  const timestamp = header(headers, AUTH_HEADERS.timestamp);
  const signature = header(headers, AUTH_HEADERS.signature);
  const authorization = header(headers, 'authorization');

  if (accessCode === undefined) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (bearer?.[1]) return { ok: false, reply: bearerFailure(bearer[1]), rateKey: null };
    return {
      ok: false,
      rateKey: null,
      reply: {
        status: 401,
        body: {
          success: false,
          error: 'Authentication required',
          message:
            'Authenticate with a bearer token (Authorization: Bearer <token>) or with HMAC request signing ' +
            '(RT-AccessCode, RT-RequestID, RT-Timestamp and RT-Signature headers).',
        },
      },
    };
  }
  if (signature === undefined || timestamp === undefined || requestId === undefined) {
    const missing = [
      signature === undefined && 'RT-Signature',
      timestamp === undefined && 'RT-Timestamp',
      requestId === undefined && 'RT-RequestID',
    ].filter(Boolean);
    return {
      ok: false,
      rateKey: null,
      reply: fail('HMAC_REQUIRED', `HMAC signing is required; missing header(s): ${missing.join(', ')}`),
    };
  }
  const seeded = sim.accounts.find((a) => a.accessCode === accessCode);
  const account = seeded && accountByCode(sim.db, accessCode);
  if (!seeded || !account) {
    return { ok: false, rateKey: null, reply: fail('INVALID_API_KEY', 'The access code is not known') };
  }
  if (!isUuidV4(requestId)) {
    return {
      ok: false,
      rateKey: null,
      reply: fail('INVALID_REQUEST_ID', 'RT-RequestID must be a UUID v4 (a fresh one for every request)'),
    };
  }
  const now = sim.clock.now();
  const sentAt = /^\d{1,16}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > TIMESTAMP_TOLERANCE_MS) {
    return {
      ok: false,
      rateKey: null,
      reply: fail(
        'INVALID_TIMESTAMP',
        Number.isFinite(sentAt)
          ? `RT-Timestamp is more than 5 minutes away from the server time (${new Date(now).toISOString()})`
          : 'RT-Timestamp must be milliseconds since the Unix epoch',
      ),
    };
  }
  // Rule 1: the signed body is the empty string for GET, and the exact bytes received otherwise.
  const signed = method === 'GET' ? Buffer.alloc(0) : raw;
  if (
    !signatureMatches(
      expectedSignature(seeded.secretKey, timestamp, requestId, accessCode, signed),
      signature,
    )
  ) {
    return {
      ok: false,
      rateKey: null,
      reply: fail('INVALID_SIGNATURE', 'The request signature does not match'),
    };
  }
  if (!rememberRequestId(sim, accessCode, requestId)) {
    return {
      ok: false,
      rateKey: accessCode,
      reply: fail(
        'DUPLICATE_REQUEST',
        'This RT-RequestID was already used; send a fresh UUID v4 with every request',
      ),
    };
  }
  if (account.kind === 'personal') {
    return {
      ok: false,
      rateKey: accessCode,
      reply: fail(
        'INVALID_USER',
        'This API is for business accounts; this access code belongs to a personal account',
      ),
    };
  }
  return { ok: true, account, seeded };
}
