import type { Page } from '@playwright/test';
import { SimControl } from './sim-control';
import { test as hostTest } from './support/web-host';

/**
 * The counter as the cashier-side tests use it: the web host of `support/web-host.ts` (its own
 * data directory and training simulator per test), with the simulator's control API at hand and
 * PosApi calls that throw on an error instead of returning it.
 */

export interface Counter {
  /** The counter's address, with its token in the hash as the host prints it. */
  readonly url: string;
  readonly sim: SimControl;
  readonly dataDir: string;
  /** Calls a PosApi method on the host directly, as the renderer would (for facts the page does not show). */
  api<T>(method: string, input?: unknown): Promise<T>;
  /** Opens the counter and waits until it shows its balance and has its catalogue. */
  open(page: Page): Promise<void>;
  /** Loads the open counter again and waits as `open` does: keys pressed sooner may not be heard. */
  reload(page: Page): Promise<void>;
}

/** The counter's page is ready: it shows the balance and its catalogue is synced. */
async function ready(page: Page): Promise<void> {
  await page
    .getByRole('status', { name: /^(Balance|الرصيد)$/ })
    .getByText(/\d/)
    .waitFor();
  await page.getByText(/^Catalogue synced/).waitFor();
}

export const test = hostTest.extend<{ counter: Counter }>({
  counter: async ({ host }, use) => {
    await use({
      url: host.url,
      dataDir: host.dataDir,
      sim: new SimControl(host.simulator.controlUrl, host.simulator.controlToken),
      async api<T>(method: string, input: unknown = {}): Promise<T> {
        const result = await host.api<T>(method, input);
        if (!result.ok) throw new Error(`${method} failed: ${result.error.code}: ${result.error.message}`);
        return result.value;
      },
      async open(page: Page): Promise<void> {
        await page.goto(host.url);
        await ready(page);
      },
      async reload(page: Page): Promise<void> {
        await page.reload();
        await ready(page);
      },
    });
  },
});

export { expect } from '@playwright/test';
