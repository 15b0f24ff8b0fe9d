import type { z } from 'zod';
import { err, ok, type PosError, PosErrorSchema, posError, type Result } from '../../../shared/errors';
import { type Caller, figuresHidden, POS_ACCESS, signInNeeded } from '../../../shared/pos-access';
import {
  isPosMethodName,
  type PosMethodName,
  type PosOutput,
  type PosParsedInput,
  posApiContract,
} from '../../../shared/pos-api';
import { PosFailure } from './failure';
import { answerFor } from './manager-figures';

/** The core's implementation of the contract: one handler per PosApi method, given validated input. */
export type PosHandlers = {
  readonly [M in PosMethodName]: (input: PosParsedInput<M>) => Promise<PosOutput<M>>;
};

export interface DispatchLog {
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface DispatchContext {
  readonly log: DispatchLog;
  /** Who is at the counter as the call comes: read for every call that needs someone signed in. */
  readonly caller: () => Caller;
}

/**
 * Runs one PosApi call from an untrusted transport (IPC or HTTP): checks the method name, then who
 * may call it (POS_ACCESS, before the input is read), validates the input with the contract's schema,
 * runs the handler, and returns a Result (a cashier's without a manager's figures). Nothing is thrown across the bridge; unexpected errors
 * become INTERNAL with a generic message and are logged. An error's details are checked against its
 * code's schema on the way out, so the renderer can use them as typed without reading them back.
 */
export async function dispatch(
  handlers: PosHandlers,
  method: string,
  rawInput: unknown,
  { log, caller }: DispatchContext,
): Promise<Result<unknown>> {
  if (!isPosMethodName(method)) return err('INVALID_INPUT', `Unknown method: ${method.slice(0, 60)}`);
  const refused = refusal(method, rawInput, caller);
  if (refused) return { ok: false, error: refused };
  const schema: z.ZodType = posApiContract[method].input;
  const parsed = schema.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const first = issues[0];
    const where = first?.path ? `${first.path}: ` : '';
    return err('INVALID_INPUT', `Invalid ${method} request: ${where}${first?.message ?? 'bad input'}`, {
      issues,
    });
  }
  try {
    const handler = handlers[method] as (input: unknown) => Promise<unknown>;
    const answer = await handler(parsed.data);
    // A cashier's answer leaves out a manager's figures (POS_ACCESS marks where they are).
    const hidden = POS_ACCESS[method].figures === true && figuresHidden(caller());
    return ok(answerFor(method, answer as never, hidden));
  } catch (error) {
    if (error instanceof PosFailure) return { ok: false, error: checked(error.toPosError(), method, log) };
    log.error('unexpected error in PosApi handler', { method, error: describeError(error) });
    return err(
      'INTERNAL',
      'Something went wrong inside the app. Nothing was lost; try again or call support.',
    );
  }
}

/**
 * Why this call may not be made now, by POS_ACCESS: nobody is signed in where someone must be, or a
 * manager's action came without its approval or PIN. The approval itself is checked by the handler,
 * which records who gave it.
 */
function refusal(method: PosMethodName, rawInput: unknown, caller: () => Caller): PosError | null {
  const access = POS_ACCESS[method];
  if (access.who === 'manager') {
    const carried = (rawInput as Record<string, unknown> | null | undefined)?.[
      access.carriedIn ?? 'approval'
    ];
    if (carried !== undefined && carried !== null) return null;
    return access.carriedIn === 'pin'
      ? posError('PIN_REQUIRED', `${method} needs the manager PIN.`)
      : posError('PIN_REQUIRED', `${method} needs a manager's approval.`, { approval: 'manager' });
  }
  if (access.who === 'anyone' || !signInNeeded(method, caller())) return null;
  return posError(
    'SIGN_IN_REQUIRED',
    access.who === 'staff'
      ? `Sign in at the counter first: on a live counter, ${method} needs someone signed in.`
      : `Sign in at the counter first: ${method} records the cashier who does it.`,
    { method },
  );
}

/**
 * The error as its code promises it. Details that do not fit are a bug in the core: they are logged
 * and left out, and the code and message still say what happened.
 */
function checked(error: PosError, method: string, log: DispatchLog): PosError {
  const parsed = PosErrorSchema.safeParse(error);
  if (parsed.success) return parsed.data;
  log.error('error details do not fit their code', {
    method,
    code: error.code,
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  });
  return posError(error.code, error.message);
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
}
