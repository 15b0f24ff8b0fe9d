import { accountRefOf } from '../../electron/core/journal/account-scope';
import type { NewSale } from '../../electron/core/journal/sales-journal';
import type { NewTopUp } from '../../electron/core/journal/topups-journal';
import { money } from '../../shared/money';

/** New records for journal tests: a one-eSIM training sale and a live top-up, each with a fresh id. */

/** The account every fixture record was sent to. */
export const ACCOUNT = accountRefOf('RT-ACCOUNT');

function freshId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2)}`;
}

export function newSale(overrides: Partial<NewSale> = {}): NewSale {
  const id = overrides.id ?? freshId('sale');
  return {
    id,
    counterId: 'C1',
    cashierId: null,
    shiftId: null,
    training: true,
    accountRef: ACCOUNT,
    packageCode: 'PKG-1',
    packageName: 'Iraq 5 GB',
    quantity: 1,
    idempotencyKey: `key-${id}`,
    retailUnit: money(1250, 'USD'),
    retailTotal: money(1250, 'USD'),
    ...overrides,
  };
}

export function newTopUp(overrides: Partial<NewTopUp> = {}): NewTopUp {
  return {
    id: freshId('t'),
    counterId: 'C1',
    cashierId: null,
    shiftId: null,
    training: false,
    accountRef: ACCOUNT,
    iccid: '8988000000000000001',
    packageCode: 'TOPUP-1GB',
    packageName: 'Top-up 1 GB',
    retail: money(600, 'USD'),
    quotedCost: money(450, 'USD'),
    before: {
      totalMb: 1024,
      remainingMb: 100,
      expiresAt: '2026-12-01T00:00:00.000Z',
      status: 'ACTIVE',
      takenAt: '2026-11-22T10:00:00.000Z',
    },
    beforeRaw: '{"success":true}',
    ...overrides,
  };
}
