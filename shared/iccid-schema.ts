import { z } from 'zod';
import { ICCID_PROBLEM_TEXT, iccidProblem } from './iccid';

export const IccidSchema = z.string().superRefine((value, ctx) => {
  const problem = iccidProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: ICCID_PROBLEM_TEXT[problem] });
});
