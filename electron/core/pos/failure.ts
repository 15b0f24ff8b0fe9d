import {
  type ErrorCode,
  type ErrorDetails,
  type InputProblem,
  type PosError,
  posError,
} from '../../../shared/errors';
import { fieldIssue } from '../../../shared/field-issue';
import type { Money } from '../../../shared/money';

/**
 * The one error type the core throws. Everything that crosses the bridge is turned into
 * `{ok:false, error}` by the dispatcher, whose check holds the details against the code's schema.
 * Where the code is written out, the compiler already holds its details to that code's type.
 */
export class PosFailure<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'PosFailure';
  /**
   * For logs and support, in English: the cashier reads the renderer's own words for the code
   * (renderer/src/i18n/error-messages.ts), never this. It must never contain a secret.
   */
  declare readonly message: string;

  constructor(
    readonly code: C,
    message: string,
    readonly details?: ErrorDetails<C>,
  ) {
    super(message);
  }

  toPosError(): PosError {
    return posError<ErrorCode>(this.code, this.message, this.details);
  }
}

/**
 * INVALID_INPUT naming the one field that is wrong, as the contract's own validation names it, so
 * the screen can highlight that field and say, in its language, what `problem` it has. `message`
 * says the same in English, for logs and support.
 */
export function invalidField(
  field: string,
  problem: InputProblem,
  message: string,
  extra: Record<string, unknown> = {},
): PosFailure<'INVALID_INPUT'> {
  return new PosFailure('INVALID_INPUT', message, { ...extra, ...fieldIssue(field, problem, message) });
}

/** A failure as a log line says it: the code and the English message, or what was thrown. */
export function failureSummary(error: unknown): string {
  return error instanceof PosFailure ? `${error.code}: ${error.message}` : String(error);
}

/** INVALID_INPUT about an amount above what it may be: the issue names the most, for the screen to say. */
export function amountAbove(
  field: string,
  problem: InputProblem,
  message: string,
  limit: Money,
): PosFailure<'INVALID_INPUT'> {
  return new PosFailure('INVALID_INPUT', message, fieldIssue(field, problem, message, limit));
}
