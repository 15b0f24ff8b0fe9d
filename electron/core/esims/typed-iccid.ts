import { ICCID_PROBLEM_TEXT, iccidProblem } from '../../../shared/iccid';
import type { Db } from '../journal/database';
import { journalHoldsIccid } from '../journal/order-claims';
import { PosFailure } from '../pos/failure';

/**
 * The check digit guards what a cashier types or scans, nothing else. An ICCID that fails it (or is
 * not 19 or 20 digits) is refused as a likely typo before anything is asked of the provider, unless
 * the cashier confirmed the number (`checkDigitOverride`) or the journal holds it: an ICCID that came
 * from the provider is taken as it was issued.
 */
export function admitTypedIccid(
  db: Db,
  input: { readonly iccid: string; readonly checkDigitOverride: boolean },
): void {
  const problem = iccidProblem(input.iccid);
  if (problem === null || input.checkDigitOverride || journalHoldsIccid(db, input.iccid)) return;
  throw new PosFailure(
    'INVALID_INPUT',
    `${ICCID_PROBLEM_TEXT[problem]}. Check the number; look it up anyway only if it is right.`,
    { issues: [{ path: 'iccid', message: ICCID_PROBLEM_TEXT[problem] }], iccidProblem: problem },
  );
}
