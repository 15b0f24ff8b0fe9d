import { describe, expect, it } from 'vitest';
import { type DispatchLog, dispatch, type PosHandlers } from '../../electron/core/pos/dispatch';
import { PosFailure } from '../../electron/core/pos/failure';
import {
  ERROR_CODES,
  ERROR_DETAILS,
  type ErrorDetails,
  isApiErrorCode,
  type PosError,
  PosErrorSchema,
} from '../../shared/errors';
import { money } from '../../shared/money';

interface LogLine {
  readonly message: string;
  readonly fields?: Record<string, unknown>;
}

/** A log that keeps what the dispatcher reports. */
function keptLog(): DispatchLog & { readonly lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { lines, error: (message, fields) => void lines.push(fields ? { message, fields } : { message }) };
}

/** Handlers whose getStatus fails with `failure`: the dispatcher is the real one. */
function failingWith(failure: PosFailure): PosHandlers {
  return {
    getStatus: async () => {
      throw failure;
    },
  } as unknown as PosHandlers;
}

describe('error details, typed per code', () => {
  it('accepts each code with the data it carries, and keeps the facts for support beside it', () => {
    const short = {
      code: 'INSUFFICIENT_BALANCE',
      message: 'low',
      details: {
        needToLoad: money(1250, 'USD'),
        currentBalance: money(250, 'USD'),
        path: '/orders',
        status: 400,
      },
    };
    expect(PosErrorSchema.parse(short)).toEqual(short);
    const limited = {
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'x',
      details: { retryAt: '2031-03-04T10:00:30.000Z' },
    };
    expect(PosErrorSchema.parse(limited)).toEqual(limited);
    const issues = {
      code: 'INVALID_INPUT',
      message: 'x',
      details: { issues: [{ path: 'quantity', message: 'too big' }] },
    };
    expect(PosErrorSchema.parse(issues)).toEqual(issues);
    // A code that carries no data of its own still carries facts for support.
    const offline = { code: 'OFFLINE', message: 'x', details: { path: '/balance', network: 'ECONNREFUSED' } };
    expect(PosErrorSchema.parse(offline)).toEqual(offline);
    expect(PosErrorSchema.parse({ code: 'HOST_UNREACHABLE', message: 'x' })).toEqual({
      code: 'HOST_UNREACHABLE',
      message: 'x',
    });
  });

  it('refuses details that do not fit their code', () => {
    const misfits = [
      { code: 'INSUFFICIENT_BALANCE', message: 'x', details: { needToLoad: 12.5 } },
      {
        code: 'INSUFFICIENT_BALANCE',
        message: 'x',
        details: { needToLoad: { amount: 1.5, currency: 'USD' } },
      },
      { code: 'INVALID_INPUT', message: 'x', details: { packageCode: 'X' } },
      { code: 'BAD_RESPONSE', message: 'x', details: { before: {} } },
      { code: 'PRINT_FAILED', message: 'x', details: { available: ['A'] } },
      { code: 'CONFIRMATION_REQUIRED', message: 'x', details: { iccid: '8944', recent: [{ id: 1 }] } },
      { code: 'NO_SUCH_CODE', message: 'x' },
    ];
    for (const misfit of misfits)
      expect(PosErrorSchema.safeParse(misfit).success, JSON.stringify(misfit)).toBe(false);
  });

  it('lets every code the provider can send carry a refused answer’s support facts alone', () => {
    // What the API client puts beside every refusal (see request-runner.ts): a typed field may not
    // claim one of these names for something else.
    const facts = { path: '/esims/topup', apiCode: 'X', apiMessage: 'no', outcome: 'rejected', status: 400 };
    for (const code of ERROR_CODES.filter(isApiErrorCode)) {
      const parsed = PosErrorSchema.safeParse({ code, message: 'x', details: facts });
      expect(parsed.success, code).toBe(true);
    }
  });

  it('types only codes that exist', () => {
    const codes: readonly string[] = ERROR_CODES;
    expect(Object.keys(ERROR_DETAILS).filter((code) => !codes.includes(code))).toEqual([]);
    // The compiler holds a written-out code to its details: this line would not compile with a number.
    const need: ErrorDetails<'INSUFFICIENT_BALANCE'> = { needToLoad: money(1, 'USD') };
    expect(need.needToLoad?.amount).toBe(1);
  });
});

/** getStatus is anyone's: the caller is never asked. */
const NOBODY = () => ({ signedIn: false, manager: false, training: false });

describe('the bridge checks the details it sends', () => {
  it('sends a failure whose details fit its code as it is', async () => {
    const log = keptLog();
    const failure = new PosFailure('PRINT_FAILED', 'no printer', { printer: 'TM-T20', available: ['XP-58'] });
    const result = await dispatch(failingWith(failure), 'getStatus', {}, { log, caller: NOBODY });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'PRINT_FAILED',
        message: 'no printer',
        details: { printer: 'TM-T20', available: ['XP-58'] },
      },
    });
    expect(log.lines).toEqual([]);
  });

  it('leaves out details that do not fit, keeps the code and message, and logs the bug', async () => {
    const log = keptLog();
    const details = { needToLoad: 12.5 } as unknown as ErrorDetails<'INSUFFICIENT_BALANCE'>;
    const failure = new PosFailure('INSUFFICIENT_BALANCE', 'low', details);
    const result = await dispatch(failingWith(failure), 'getStatus', {}, { log, caller: NOBODY });
    const expected: PosError = { code: 'INSUFFICIENT_BALANCE', message: 'low' };
    expect(result).toEqual({ ok: false, error: expected });
    expect(log.lines).toMatchObject([
      {
        message: 'error details do not fit their code',
        fields: {
          method: 'getStatus',
          code: 'INSUFFICIENT_BALANCE',
          problems: [expect.stringMatching(/^details\.needToLoad: /)],
        },
      },
    ]);
  });
});
