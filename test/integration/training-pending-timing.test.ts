import { afterEach, describe, expect, it } from 'vitest';
import { PROVIDER_PENDING_TIMING } from '../../electron/core/sales/pending-timing';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { TillView } from '../../shared/domain/shift';
import type { Status } from '../../shared/domain/status';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';

// End-to-end tests shorten the pending poll of training sales; a live provider must still be polled at
// its own pace (15 to 30 s), whichever way the counter became live.
const FAST = { ...PROVIDER_PENDING_TIMING, minIntervalMs: 200, maxIntervalMs: 400, random: () => 0 };
const PIN = '2468';

let h: CoreHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function sellPending(counter: CoreHarness): Promise<Extract<Sale, { state: 'pending' }>> {
  const { packages } = unwrap(await counter.call<{ packages: CataloguePackage[] }>('listPackages'));
  const sale = unwrap(await counter.call<Sale>('sell', { packageCode: packages[0]!.code, quantity: 1 }));
  if (sale.state !== 'pending') throw new Error(`expected a pending sale, got ${sale.state}`);
  return sale;
}

const gapMs = (sale: Extract<Sale, { state: 'pending' }>): number =>
  Date.parse(sale.nextCheckAt) - Date.parse(sale.pendingSince);

describe('the training-only pending timing', () => {
  it('shortens the poll of training sales and never of live ones', async () => {
    h = await startCoreHarness(
      { faults: { pendingRate: 1, pendingDelayMs: -1 } },
      { trainingPendingTiming: FAST },
    );
    const training = await sellPending(h);
    expect(gapMs(training)).toBe(FAST.minIntervalMs);

    unwrap(await h.call('setManagerPin', { pin: PIN }));
    const account = h.simulator.defaultAccount;
    const status = unwrap(
      await h.call<Status>('setCredentials', {
        pin: PIN,
        accessCode: account.accessCode,
        secretKey: account.secretKey,
        apiBaseUrl: h.simulator.baseUrl,
      }),
    );
    expect(status.mode).toBe('live');
    // A live counter sells with someone signed in: the manager PIN's holder.
    const till = unwrap(await h.call<TillView>('getTill'));
    const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
    unwrap(await h.call('signIn', { cashierId: manager?.id, pin: PIN }));
    // A new connection starts from an empty catalogue; the live account's is synced at the bulk pace.
    unwrap(await h.call('syncCatalogue'));
    const live = await sellPending(h);
    expect(gapMs(live)).toBeGreaterThanOrEqual(PROVIDER_PENDING_TIMING.minIntervalMs);
    expect(gapMs(live)).toBeLessThanOrEqual(PROVIDER_PENDING_TIMING.maxIntervalMs);
  }, 90_000);
});
