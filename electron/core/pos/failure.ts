import type { ErrorCode, PosError } from '../../../shared/errors';

/**
 * The one error type the core throws. Everything that crosses the bridge is turned into
 * `{ok:false, error}` by the dispatcher; a PosFailure's message is written for the cashier and must
 * never contain a secret.
 */
export class PosFailure extends Error {
  override readonly name = 'PosFailure';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toPosError(): PosError {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}
