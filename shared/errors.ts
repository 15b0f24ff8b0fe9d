import { z } from 'zod';

/**
 * One union of every error code a caller can see: the reseller API's own codes (spelled as the API
 * spells them) and the app's. Callers branch on `code`, never on message text.
 */

/** Every code listed in the reseller API description. */
export const API_ERROR_CODES = [
  'INVALID_API_KEY',
  'INVALID_SIGNATURE',
  'HMAC_REQUIRED',
  'INVALID_TIMESTAMP',
  'INVALID_REQUEST_ID',
  'DUPLICATE_REQUEST',
  'INVALID_USER',
  'MISSING_PACKAGE_CODE',
  'INVALID_PACKAGE',
  'PACKAGE_NOT_FOUND',
  'PRICE_MISMATCH',
  'INSUFFICIENT_BALANCE',
  'ORDER_PROCESSING_ERROR',
  'MISSING_ICCID',
  'ESIM_NOT_TOPPABLE',
  'ESIM_ACCESS_DENIED',
  'MISSING_IDENTIFIER',
  'FORBIDDEN',
  'ESIM_NOT_FOUND',
  'PROVIDER_ERROR',
  'RATE_LIMIT_EXCEEDED',
  'ORDER_NOT_FOUND',
  'MISSING_FIELDS',
  'INVALID_TOPUP_PACKAGE',
  'TOPUP_NOT_SUPPORTED',
  'NOT_ELIGIBLE',
  'ALREADY_CANCELLED',
  'UNSUPPORTED_PROVIDER',
  'NOT_SUPPORTED',
  'SMS_NOT_SUPPORTED',
  'INVALID_ACTION',
  'MISSING_MESSAGE',
  'MESSAGE_TOO_LONG',
  'SMS_FAILED',
] as const;
export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES);
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>;

/** The app's own codes, for what the API description has no code for. */
export const APP_ERROR_CODES = [
  /** The API answered 401 with no code: no credentials were recognised at all. */
  'UNAUTHENTICATED',
  /** The API answered 404 `User not found` (no code). */
  'USER_NOT_FOUND',
  /** The API answered an error without a code we know (kept in details.apiCode and details.status). */
  'API_ERROR',
  /** No connection could be made to the API. */
  'OFFLINE',
  /** The API did not answer within the deadline; for an order, the outcome is unknown. */
  'TIMEOUT',
  /** The API answered something that is not what its description promises; `details.field` names it. */
  'BAD_RESPONSE',
  /** No OS keychain (e.g. no Secret Service on Linux): credentials cannot be stored safely. */
  'KEYCHAIN_UNAVAILABLE',
  /** Live mode was asked for but no credentials are stored. */
  'NOT_CONFIGURED',
  /** An input failed validation; `details.issues` says which field and why. */
  'INVALID_INPUT',
  /** A journal record (sale, top-up) does not exist. */
  'NOT_FOUND',
  /** The action needs an explicit confirmation (e.g. a second top-up of one ICCID within minutes). */
  'CONFIRMATION_REQUIRED',
  /** The action needs the manager PIN, or the PIN given is wrong. */
  'PIN_REQUIRED',
  'PIN_INVALID',
  /** The sale or top-up is in a state that does not allow the action. */
  'INVALID_STATE',
  /** The printer refused the receipt or is not there; `details.printer` names it. */
  'PRINT_FAILED',
  /**
   * The journal could not be written (`details.reason`: busy, full, readonly, io, corrupt). With
   * `details.saleId` or `details.topUpId`, the provider had already answered: the record is in doubt
   * until the kept answer is written.
   */
  'JOURNAL_UNAVAILABLE',
  /** A bug: something the code did not expect. The message is safe to show; details are logged. */
  'INTERNAL',
] as const;
export const AppErrorCodeSchema = z.enum(APP_ERROR_CODES);
export type AppErrorCode = z.infer<typeof AppErrorCodeSchema>;

export const ErrorCodeSchema = z.enum([...API_ERROR_CODES, ...APP_ERROR_CODES]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return (API_ERROR_CODES as readonly string[]).includes(code);
}

/** An error as it crosses the bridge: plain data, never a thrown object, never a secret inside. */
export const PosErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type PosError = z.infer<typeof PosErrorSchema>;

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: PosError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function err(code: ErrorCode, message: string, details?: Record<string, unknown>): Result<never> {
  return { ok: false, error: details ? { code, message, details } : { code, message } };
}
