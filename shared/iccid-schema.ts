import { z } from 'zod';
import { ICCID_PROBLEM_TEXT, iccidProblem, isIssuedIccid } from './iccid';

/**
 * An ICCID as it crosses the bridge: anything that can be an ICCID the provider issued (see
 * `isIssuedIccid`), so a number of the wrong shape (spaces, a phrase) never reaches the core. Whether
 * a check digit that does not match may pass is the core's decision: the cashier may confirm the
 * number, and an ICCID the journal holds came from the provider.
 */
export const IssuedIccidSchema = z.string().superRefine((value, ctx) => {
  if (isIssuedIccid(value)) return;
  ctx.addIssue({ code: 'custom', message: ICCID_PROBLEM_TEXT[iccidProblem(value) ?? 'not_digits'] });
});
