import type { ErrorCode } from '../../../shared/errors';
import { PosFailure } from '../pos/failure';
import type { ProviderAnswer } from './provider-answer';

/**
 * Whether the provider may have performed the request. The money paths branch on this:
 * - `rejected`: it definitely did not (a 4xx answer with a readable body, the provider's own
 *   ORDER_PROCESSING_ERROR, or the request never left the counter: no connection could be made, or
 *   the client's own rate limiter held it back);
 * - `unknown`: it may have (timeout, connection dropped, any other 5xx, an answer that could not be
 *   read).
 * For a call the client sent more than once, `rejected` holds for every attempt.
 */
export type ApiOutcome = 'rejected' | 'unknown';

/** What went wrong, finer than the outcome; the client's retry rules are written in these terms. */
export type ApiFailureKind =
  /** No connection could be made: the request never reached the provider. */
  | 'unreachable'
  /** Held back by the client's rate limiter for longer than the caller may wait: never sent. */
  | 'throttled'
  /** No answer within the deadline. */
  | 'timeout'
  /** The connection closed before the whole answer arrived. */
  | 'dropped'
  /** A 5xx answer. */
  | 'server'
  /** A 4xx answer (or a 2xx saying `success:false`) with a readable error body. */
  | 'refused'
  /** An answer whose body is not JSON, or whose fields are missing or of the wrong type. */
  | 'malformed';

export interface ApiFailureInit {
  readonly kind: ApiFailureKind;
  readonly outcome: ApiOutcome;
  /** HTTP status, when an answer arrived. */
  readonly status?: number;
  /** Safe, secret-free facts for the caller and the cashier's screen (endpoint, API code, field…). */
  readonly details?: Record<string, unknown>;
  /** The answer's text as received, for the journal; never put into `details` or messages. */
  readonly raw?: string;
  /** Every answer the call received, one per attempt that got one (see ProviderAnswer). */
  readonly answers?: readonly ProviderAnswer[];
}

/** A failed call to the reseller API: a PosFailure carrying the HTTP status and whether it may have been performed. */
export class ApiFailure extends PosFailure {
  readonly kind: ApiFailureKind;
  readonly outcome: ApiOutcome;
  readonly status: number | null;
  readonly raw: string | null;
  /** Every answer the call received, in order, this failure's own among them: the journal keeps them all. */
  readonly answers: readonly ProviderAnswer[];
  private readonly init: ApiFailureInit;

  constructor(code: ErrorCode, message: string, init: ApiFailureInit) {
    super(code, message, { ...init.details, outcome: init.outcome, ...statusField(init.status) });
    this.kind = init.kind;
    this.outcome = init.outcome;
    this.status = init.status ?? null;
    this.raw = init.raw ?? null;
    this.answers = init.answers ?? [];
    this.init = init;
  }

  /** The same failure, carrying every answer its call received. */
  withAnswers(answers: readonly ProviderAnswer[]): ApiFailure {
    return new ApiFailure(this.code, this.message, { ...this.init, answers });
  }

  /** A failure after which the request may have been performed, and re-sending is the API's recommended cure. */
  get noAnswer(): boolean {
    return this.kind === 'timeout' || this.kind === 'dropped' || this.kind === 'server';
  }
}

function statusField(status: number | undefined): Record<string, unknown> {
  return status === undefined ? {} : { status };
}

/**
 * The core's sentence for each code, for logs and support (the cashier reads the renderer's words).
 * The API's own text goes to details.apiMessage, never here.
 */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  INVALID_API_KEY: 'The provider does not recognise the access code. Check the API credentials in Settings.',
  INVALID_SIGNATURE: 'The provider rejected the signature. Check the secret key in Settings.',
  HMAC_REQUIRED: 'The provider asked for a signed request. Check the API credentials in Settings.',
  INVALID_TIMESTAMP: "The provider rejected this computer's clock. Check the date and time settings.",
  INVALID_REQUEST_ID: 'The provider rejected the request id. Try again.',
  DUPLICATE_REQUEST: 'The provider is still working on this request. Wait a moment and check again.',
  INVALID_USER: 'These credentials do not belong to a business account.',
  MISSING_PACKAGE_CODE: 'No package was chosen.',
  INVALID_PACKAGE: 'The provider no longer offers this package. Refresh the catalogue.',
  PACKAGE_NOT_FOUND: 'This package is not available to the account. Refresh the catalogue.',
  PRICE_MISMATCH: 'The price of this package has changed. Refresh the catalogue.',
  INSUFFICIENT_BALANCE: 'The account balance is too low for this sale. Top up the reseller balance.',
  ORDER_PROCESSING_ERROR: 'The provider could not process the order.',
  MISSING_ICCID: 'No ICCID was given.',
  ESIM_NOT_TOPPABLE: 'This eSIM cannot be topped up in its current state.',
  ESIM_ACCESS_DENIED: 'This eSIM is unknown or belongs to another account.',
  MISSING_IDENTIFIER: 'No ICCID or eSIM id was given.',
  FORBIDDEN: 'This eSIM belongs to another account.',
  ESIM_NOT_FOUND: 'The provider does not know this eSIM.',
  PROVIDER_ERROR: "The mobile network could not be reached for this eSIM's live status. Try again later.",
  RATE_LIMIT_EXCEEDED: 'Too many requests to the provider just now. Wait a moment and try again.',
  ORDER_NOT_FOUND: 'The provider does not know this order.',
  MISSING_FIELDS: 'The request was missing information.',
  INVALID_TOPUP_PACKAGE: 'This top-up package is not valid for this eSIM.',
  TOPUP_NOT_SUPPORTED: 'This eSIM does not support top-ups.',
  NOT_ELIGIBLE: 'This order can no longer be cancelled.',
  ALREADY_CANCELLED: 'This order is already cancelled.',
  UNSUPPORTED_PROVIDER: "This action is not available for this eSIM's network.",
  NOT_SUPPORTED: 'The provider does not support this action.',
  SMS_NOT_SUPPORTED: 'This eSIM cannot receive SMS from the provider.',
  INVALID_ACTION: 'The provider rejected the action.',
  MISSING_MESSAGE: 'The SMS message is empty.',
  MESSAGE_TOO_LONG: 'The SMS message is too long (500 characters at most).',
  SMS_FAILED: 'The provider could not send the SMS.',
  UNAUTHENTICATED: 'The provider did not accept the credentials. Check them in Settings.',
  USER_NOT_FOUND: 'The provider has no user for these credentials.',
  API_ERROR: 'The provider reported an error.',
  OFFLINE: 'The provider cannot be reached: no connection to it could be made.',
  TIMEOUT: 'The provider did not answer in time.',
  BAD_RESPONSE: 'The provider sent an answer the app cannot read.',
};

export function messageFor(code: ErrorCode): string {
  return MESSAGES[code] ?? 'The provider reported an error.';
}
