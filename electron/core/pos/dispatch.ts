import type { z } from 'zod';
import { err, ok, type Result } from '../../../shared/errors';
import {
  isPosMethodName,
  type PosMethodName,
  type PosOutput,
  type PosParsedInput,
  posApiContract,
} from '../../../shared/pos-api';
import { PosFailure } from './failure';

/** The core's implementation of the contract: one handler per PosApi method, given validated input. */
export type PosHandlers = {
  readonly [M in PosMethodName]: (input: PosParsedInput<M>) => Promise<PosOutput<M>>;
};

export interface DispatchLog {
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Runs one PosApi call from an untrusted transport (IPC or HTTP): checks the method name, validates
 * the input with the contract's schema, runs the handler, and returns a Result. Nothing is thrown
 * across the bridge; unexpected errors become INTERNAL with a generic message and are logged.
 */
export async function dispatch(
  handlers: PosHandlers,
  method: string,
  rawInput: unknown,
  log: DispatchLog,
): Promise<Result<unknown>> {
  if (!isPosMethodName(method)) return err('INVALID_INPUT', `Unknown method: ${method.slice(0, 60)}`);
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
    return ok(await handler(parsed.data));
  } catch (error) {
    if (error instanceof PosFailure) return { ok: false, error: error.toPosError() };
    log.error('unexpected error in PosApi handler', { method, error: describeError(error) });
    return err(
      'INTERNAL',
      'Something went wrong inside the app. Nothing was lost; try again or call support.',
    );
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
}
