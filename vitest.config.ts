import { defineConfig } from 'vitest/config';
import { answerStyleRuns } from './test/support/answer-style-runs';

/**
 * The integration tests that move money or hand an eSIM over: every `money-*` file (the torture's
 * short run among them), the sale and top-up paths, receipts, the customer display, who sees
 * install codes, and eSIM care (cancellations refund money, at any counter of a shop; care reads the
 * sold eSIM live), and the end of day's match and balance bridge, of a counter and of a shop (several
 * shops on one account among them): a terse order list must not raise a false alarm or hide a true one.
 * They run again with the simulator answering lean and untidy (test/support/answer-style-runs.ts):
 * they are where an answer read wrongly loses or doubles a sale.
 */
const MONEY_FILES = [
  'test/integration/money-*.test.ts',
  'test/integration/sell*.test.ts',
  'test/integration/topup*.test.ts',
  'test/integration/api-simulator-endpoints.test.ts',
  'test/integration/receipt-handlers.test.ts',
  'test/integration/training-pending-timing.test.ts',
  'test/integration/customer-display.test.ts',
  'test/integration/install-codes-exposure.test.ts',
  'test/integration/cancellations.test.ts',
  'test/integration/esim-care.test.ts',
  'test/integration/shop-serve.test.ts',
  'test/integration/shop-day-shops.test.ts',
  'test/integration/shop-day.test.ts',
  'test/integration/reconciliation-whole-day.test.ts',
];

const styles = answerStyleRuns();

/** What every project shares (the global setup stays with the run: it builds once for all three). */
const EACH = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // Integration tests each start their own simulator and SQLite file; two cores, so two forks,
    // shared by the three projects.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...EACH,
          name: styles.first,
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/simulator/**/*.test.ts'],
        },
      },
      ...styles.again.map((style) => ({
        test: { ...EACH, name: style, include: MONEY_FILES, env: { ESIM_TEST_ANSWER_STYLE: style } },
      })),
    ],
  },
});
