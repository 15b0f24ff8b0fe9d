/**
 * The answer styles one test run holds (docs/simulator.md, "Answer styles"), for vitest.config.ts and
 * playwright.config.ts. A style named in the environment (ESIM_TEST_ANSWER_STYLE) runs every test in
 * that style alone. Otherwise every test runs tidy, and the money tests again lean and untidy, as
 * projects of the same run on the same workers (`--project tidy` runs the first alone).
 */
export function answerStyleRuns(): {
  readonly first: string;
  readonly again: readonly ('lean' | 'untidy')[];
} {
  const chosen = process.env.ESIM_TEST_ANSWER_STYLE;
  return chosen ? { first: chosen, again: [] } : { first: 'tidy', again: ['lean', 'untidy'] };
}
