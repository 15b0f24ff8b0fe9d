import { defineConfig } from '@playwright/test';

export default defineConfig({
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
