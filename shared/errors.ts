import { z } from 'zod';
import { IsoTimeSchema } from './domain/common';
import { StartProgressSchema } from './domain/start-progress';
import { ShopLedgerProblemSchema, StorageTroubleSchema } from './domain/status';
import { ExchangeRateSchema } from './domain/till';
import { MoneySchema } from './money-schema';

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
  /** The API answered 401 with no code: no credentials were recognised at all (the counter's own service refusing a window is HOST_UNAUTHORIZED). */
  'UNAUTHENTICATED',
  /** The API answered 404 `User not found` (no code). */
  'USER_NOT_FOUND',
  /** The API answered an error without a code we know (kept in details.apiCode and details.status). */
  'API_ERROR',
  /** No connection could be made to the API (the counter's own service is HOST_UNREACHABLE). */
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
  /**
   * Nobody is signed in at the counter, and the call needs someone (see shared/pos-access.ts);
   * `details.method` names the call refused.
   */
  'SIGN_IN_REQUIRED',
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
  /**
   * The price the cashier quoted is not what the sale would charge now (the shop's pricing or the
   * catalogue changed since it was shown): refused before anything was journalled or sent.
   */
  'PRICE_CHANGED',
  /**
   * A top-up whose answer was lost, settled by a manager: none of the provider's orders is its own,
   * so nothing was charged and the customer gets back what they paid.
   */
  'DECIDED_NOT_CHARGED',
  /** A bug: something the code did not expect. Nothing secret is in its message; the rest is logged. */
  'INTERNAL',
  /**
   * The counter window could not reach its counter service (the web host over HTTP, or Electron's
   * main process over IPC), or lost its answer: for a sale or top-up, the outcome is unknown here.
   */
  'HOST_UNREACHABLE',
  /** The counter service refused this window: its token is missing or no longer valid. */
  'HOST_UNAUTHORIZED',
  /** The shop ledger (the business's PostgreSQL) did not answer at the address given. */
  'SHOP_LEDGER_UNREACHABLE',
  /** The shop ledger answered but refused the counter; `details.reason` says why. */
  'SHOP_LEDGER_REFUSED',
  /**
   * Another counter of the shop is topping up this eSIM now (it holds the eSIM's lease in the shop
   * ledger): nothing was sent. `details` names the counter and since when.
   */
  'TOPUP_LEASE_HELD',
  /**
   * The counter is still starting (after an update, its journal's schema is being changed): nothing
   * is sold or read until it is over. `details.progress` says how far it is, once there is something to show.
   */
  'COUNTER_STARTING',
] as const;
export const AppErrorCodeSchema = z.enum(APP_ERROR_CODES);
export type AppErrorCode = z.infer<typeof AppErrorCodeSchema>;

export const ERROR_CODES = [...API_ERROR_CODES, ...APP_ERROR_CODES] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return (API_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * Facts for logs and support that any error may carry (the endpoint, the HTTP status, the
 * provider's own code and words, whether the request may have been performed). No screen reads
 * them; they are secret-free like everything else in an error.
 */
const SupportFactsSchema = z.record(z.string(), z.unknown());
export type SupportFacts = z.output<typeof SupportFactsSchema>;

/**
 * What was wrong with a field a person filled in, named so each screen can say it in its own
 * language (the issue's `message` is the core's English, for logs and support).
 */
export const INPUT_PROBLEMS = [
  'not_above_zero',
  'zero_amount',
  'below_zero',
  'not_a_number',
  'reason_needed',
  'currency_not_in_drawer',
  'same_currency',
  'unknown_time_zone',
  'counted_twice',
  'count_missing',
  'count_not_summed',
  'less_than_due',
  'exact_amount_only',
  'name_taken',
  'first_manager_stays',
  'manager_pin_in_settings',
  'no_such_z',
  /** A refund above what the customer paid for the record, less its refunds before (`limit`: the most). */
  'more_than_paid',
  /** A refund in a currency the customer did not pay in, at no recorded rate (`limit`: the most, as paid). */
  'currency_not_paid',
  /** A refund above what the drawer should hold in that currency (`limit`: what it should hold). */
  'more_than_drawer',
] as const;
export type InputProblem = (typeof INPUT_PROBLEMS)[number];

const IssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  problem: z.enum(INPUT_PROBLEMS).optional(),
  /** The most the field may hold, when the problem is that it holds more. */
  limit: MoneySchema.optional(),
});

/**
 * The data a code carries, for the screens to use. Each is a loose object: the support facts above
 * ride along beside the typed fields. A field is optional where the API can send the code without
 * it (the provider's own ESIM_NOT_FOUND names no ICCID).
 */
export const ERROR_DETAILS = {
  INSUFFICIENT_BALANCE: z.looseObject({
    /** What must be loaded before the sale can go through (absent while the account's currency is unknown). */
    needToLoad: MoneySchema.optional(),
    currentBalance: MoneySchema.optional(),
    requiredBalance: MoneySchema.optional(),
  }),
  /** The total the cashier quoted, and what the same sale costs the customer now. */
  PRICE_CHANGED: z.looseObject({
    quoted: MoneySchema,
    current: MoneySchema,
    /** Absent when the amount due in another currency changed (today's rate), not the price. */
    packageCode: z.string().optional(),
  }),
  INVALID_INPUT: z.looseObject({ issues: z.array(IssueSchema).readonly() }),
  /** `field` is "" when the whole answer was unreadable. */
  BAD_RESPONSE: z.looseObject({ field: z.string(), problem: z.string() }),
  /** The top-ups of this eSIM that make another one a repeat. */
  CONFIRMATION_REQUIRED: z.union([
    z.looseObject({
      iccid: z.string(),
      recent: z
        .array(
          z.object({
            id: z.string(),
            state: z.string(),
            createdAt: IsoTimeSchema,
            /** The counter of the shop that made it, when another did. */
            counterCode: z.string().optional(),
          }),
        )
        .readonly(),
      /** The shop ledger could not be asked: another counter may have topped the eSIM up. */
      otherCountersUnchecked: z.literal(true).optional(),
    }),
    /** A drawer count off by more than the tolerance: the close needs a reason (and a manager). */
    z.looseObject({ field: z.literal('reason'), count: z.unknown() }),
    /** A rate more than 10 % from the pair's last one: set again with `confirmMove` once checked. */
    z.looseObject({ field: z.literal('rate'), previous: ExchangeRateSchema }),
  ]),
  /** When the provider (or the client's own limiter) takes requests again. */
  RATE_LIMIT_EXCEEDED: z.looseObject({
    retryAt: IsoTimeSchema.optional(),
    /**
     * A long window of the provider's budget (a day's) holds the request until its reset: spent, or
     * what is left (`left` of `limit`) kept for sales.
     */
    budget: z
      .object({
        limit: z.number().int().nullable(),
        left: z.number().int().nonnegative(),
        resetAt: IsoTimeSchema,
        keptForSales: z.boolean(),
      })
      .optional(),
  }),
  /** The printer asked for (null: the system's default, or none at all), and those there are. */
  PRINT_FAILED: z.looseObject({
    printer: z.string().nullable(),
    available: z.array(z.string()).readonly().optional(),
  }),
  /** Too many wrong PINs: how long the PIN is refused. */
  PIN_INVALID: z.union([
    z.looseObject({ retryAfterSeconds: z.number().int().nonnegative() }),
    /** The approver named is not an active manager. */
    z.looseObject({ approval: z.literal('manager') }),
    /** A cashier's own PIN was wrong, or the cashier was deactivated; a name is no secret. */
    z.looseObject({ cashier: z.string(), inactive: z.boolean().optional() }),
  ]),
  /** A reprint that hands over eSIMs not known to be installed. */
  PIN_REQUIRED: z.union([
    z.looseObject({ iccids: z.array(z.string()).readonly() }),
    /** An action only a manager may approve (a pay-out over the limit, a forced close…). */
    z.looseObject({ approval: z.literal('manager') }),
  ]),
  /** The call refused until someone signs in at the counter. */
  SIGN_IN_REQUIRED: z.looseObject({ method: z.string() }),
  /** The record's state, or the mode (training or live) it was made in. */
  INVALID_STATE: z.looseObject({ state: z.string().optional(), training: z.boolean().optional() }),
  ESIM_NOT_FOUND: z.looseObject({ iccid: z.string().optional() }),
  /** Why a cancellation is refused, when the counter read the eSIM before asking (see CancelRefusal). */
  NOT_ELIGIBLE: z.looseObject({ refusal: z.string().optional() }),
  /** The eSIM's status, when the counter read it (`status` alone is an answer's HTTP status). */
  ESIM_NOT_TOPPABLE: z.looseObject({ esimStatus: z.string().optional() }),
  INVALID_TOPUP_PACKAGE: z.looseObject({ iccid: z.string().optional(), packageCode: z.string().optional() }),
  /** Why the journal could not be written; with the record whose provider answer is kept unwritten. */
  JOURNAL_UNAVAILABLE: z.looseObject({
    reason: StorageTroubleSchema,
    saleId: z.string().optional(),
    topUpId: z.string().optional(),
  }),
  /** The order the provider reports as failed. */
  ORDER_PROCESSING_ERROR: z.looseObject({
    orderReference: z.string().optional(),
    providerStatus: z.string().optional(),
  }),
  /**
   * `rejected`: no connection could be made, so the request never reached the provider; `unknown`: the
   * connection broke while the request was on its way or its answer was coming.
   */
  OFFLINE: z.looseObject({ outcome: z.enum(['rejected', 'unknown']).optional() }),
  /** Why the shop ledger refused the counter's joining. */
  SHOP_LEDGER_REFUSED: z.looseObject({ reason: ShopLedgerProblemSchema }),
  /** The counter whose top-up of the eSIM is on its way, since when, and when its lease ends at the latest. */
  TOPUP_LEASE_HELD: z.looseObject({
    iccid: z.string(),
    counterCode: z.string(),
    counterName: z.string(),
    since: IsoTimeSchema,
    until: IsoTimeSchema,
  }),
  COUNTER_STARTING: z.looseObject({ progress: StartProgressSchema.nullable() }),
} satisfies Partial<Record<ErrorCode, z.ZodType>>;

type DetailedCode = keyof typeof ERROR_DETAILS;

/** The details an error with this code carries: its typed data, or support facts alone. */
export type ErrorDetails<C extends ErrorCode> = C extends DetailedCode
  ? z.output<(typeof ERROR_DETAILS)[C]>
  : SupportFacts;

/** An error as it crosses the bridge: plain data, never a thrown object, never a secret inside. */
export type PosError<C extends ErrorCode = ErrorCode> = C extends ErrorCode
  ? {
      code: C;
      /**
       * The core's sentence, in English, for logs and support. The cashier reads the renderer's own
       * words for the code, in their language (renderer/src/i18n/error-messages.ts); a screen shows
       * this only as the line for support beside them.
       */
      message: string;
      details?: ErrorDetails<C>;
    }
  : never;

function detailsSchemaOf(code: ErrorCode): z.ZodType {
  return Object.hasOwn(ERROR_DETAILS, code) ? ERROR_DETAILS[code as DetailedCode] : SupportFactsSchema;
}

const [firstCode, ...otherCodes] = ERROR_CODES;
const errorShape = (code: ErrorCode) =>
  z.object({ code: z.literal(code), message: z.string(), details: detailsSchemaOf(code).optional() });

/** Checks an error's details against its code: what the core sends across the bridge is checked with this. */
export const PosErrorSchema = z.discriminatedUnion('code', [
  errorShape(firstCode),
  ...otherCodes.map(errorShape),
]) as unknown as z.ZodType<PosError>;

/**
 * Builds an error from a code and its details. Where the code is known only at run time the compiler
 * cannot pair the two; the dispatcher's check at the bridge does.
 */
export function posError<C extends ErrorCode>(
  code: C,
  message: string,
  details?: ErrorDetails<C>,
): PosError<C> {
  return (details ? { code, message, details } : { code, message }) as PosError<C>;
}

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: PosError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function err<C extends ErrorCode>(code: C, message: string, details?: ErrorDetails<C>): Result<never> {
  return { ok: false, error: posError(code, message, details) };
}
