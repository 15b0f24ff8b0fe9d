import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * `npm run screenshots`: the pictures of the counter in docs/screens/, taken in Chromium through
 * the web host (the e2e fixtures), so they can be made again whenever a screen changes.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  globalSetup: '../test/e2e/support/global-setup.ts',
  outputDir: '../test-results/screenshots',
  use: { ...base.use, viewport: { width: 1280, height: 860 } },
});
