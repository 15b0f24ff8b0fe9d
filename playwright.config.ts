import { defineConfig } from '@playwright/test';
import type { AnswerStyleOption } from './test/e2e/support/web-host';
import { answerStyleRuns } from './test/support/answer-style-runs';

/**
 * The money specs end to end (a sale, the price quoted and charged, a pending sale, Check now, a
 * cancellation at any counter of a shop, a top-up) run again with the simulator answering lean and
 * untidy: the counter must hand the eSIM over, charge what it quoted, settle what reads can prove
 * and say "not stated" for the rest, from whatever a provider states
 * (test/support/answer-style-runs.ts). The other specs run in the tidy style.
 */
const MONEY_SPECS = [
  'sale.spec.ts',
  'counter-money.spec.ts',
  'pending-sale.spec.ts',
  'check-now.spec.ts',
  'cancel-sale.spec.ts',
  'shop-serve.spec.ts',
  'topup-lookup.spec.ts',
  'topup-shop.spec.ts',
];

const styles = answerStyleRuns();

export default defineConfig<AnswerStyleOption>({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Playwright empties its output folder at start; a folder of its own keeps the other reports.
  outputDir: 'test-results/e2e',
  // A current build and one scratch folder for the run, before any worker starts.
  globalSetup: './test/e2e/support/global-setup.ts',
  timeout: 60_000,
  // Each test's web host has its own data directory, keychain entry and ports: two at a time.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  projects: [
    { name: styles.first },
    ...styles.again.map((style) => ({
      name: style,
      testMatch: MONEY_SPECS.map((spec) => `**/${spec}`),
      use: { answerStyle: style },
    })),
  ],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
});
