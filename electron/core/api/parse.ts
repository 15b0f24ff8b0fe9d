import type { z } from 'zod';
import { parseLpa } from '../../../shared/lpa';
import { type Currency, fromApiAmount, type Money } from '../../../shared/money';

/**
 * A field of an answer that is missing, of the wrong type, or unusable. Thrown while converting an
 * answer; the client turns it into a BAD_RESPONSE naming the field.
 */
export class FieldProblem extends Error {
  override readonly name = 'FieldProblem';
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field || '(body)'}: ${problem}`);
  }
}

/** Validates an answer with a shared schema; the first issue names the field. Unknown extra fields pass. */
export function validate<S extends z.ZodType>(schema: S, json: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter((part) => part !== '').join('.');
  throw new FieldProblem(path, issue?.message ?? 'invalid');
}

/** An API amount as Money, converted once; an amount that cannot be represented names its field. */
export function moneyOf(value: number, currency: Currency, field: string): Money {
  try {
    return { amount: fromApiAmount(value, currency), currency };
  } catch (error) {
    throw new FieldProblem(field, error instanceof Error ? error.message : 'not an amount');
  }
}

/** Splits an LPA string into SM-DP+ address and activation code, or names the field that holds a bad one. */
export function lpaPartsOf(lpa: string, field: string): { smdpAddress: string; activationCode: string } {
  const parsed = parseLpa(lpa);
  if (!parsed.ok) throw new FieldProblem(field, parsed.problem);
  return parsed.value;
}
