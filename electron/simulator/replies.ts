import { ERROR_HTTP_STATUS, type ErrorBody } from '../../shared/api';
import type { ApiErrorCode } from '../../shared/errors';

/** What a handler answers: an HTTP status and a JSON body. */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export function ok(body: unknown): Reply {
  return { status: 200, body };
}

const TITLES: Partial<Record<ApiErrorCode, string>> = {
  INVALID_API_KEY: 'Invalid API key',
  HMAC_REQUIRED: 'HMAC authentication required',
  INVALID_USER: 'Not a business account',
  DUPLICATE_REQUEST: 'Duplicate request',
  RATE_LIMIT_EXCEEDED: 'Too many requests',
};

function title(code: ApiErrorCode): string {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return TITLES[code] ?? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`;
}

export interface FailOptions {
  /** Overrides the code's usual status (DUPLICATE_REQUEST is 400 for a request id, 409 for an order). */
  readonly status?: number;
  readonly details?: Readonly<Record<string, unknown>>;
  /** Extra top-level fields (INSUFFICIENT_BALANCE carries currentBalance, requiredBalance, needToLoad). */
  readonly extra?: Readonly<Record<string, number>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** An error with a code: `{success:false, error, message, code, details?}` at the code's HTTP status. */
export function fail(code: ApiErrorCode, message: string, options: FailOptions = {}): Reply {
  const body: ErrorBody = { success: false, error: title(code), message, code, ...options.extra };
  if (options.details) body.details = options.details;
  const reply: Reply = { status: options.status ?? ERROR_HTTP_STATUS[code], body };
  return options.headers ? { ...reply, headers: options.headers } : reply;
}

/** An error the description gives no code for (bad input it does not cover, 404 user, 5xx text). */
export function failWithoutCode(status: number, error: string, message?: string): Reply {
  const body: ErrorBody =
    message === undefined ? { success: false, error } : { success: false, error, message };
  return { status, body };
}
