import { accountRefOf } from '../../electron/core/journal/account-scope';
import type { KeptAnswer } from '../../electron/core/journal/answers';
import { type LoggedRecord, recordOfLink } from '../../electron/core/journal/chain-record';
import type { Db } from '../../electron/core/journal/database';
import type { NewSale, SaleCompletion } from '../../electron/core/journal/sales-journal';
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

/** An answer to a record's first send, as the journal keeps it. */
export function keptAnswer(body: string, overrides: Partial<KeptAnswer> = {}): KeptAnswer {
  return {
    request: 'POST /esims/order',
    send: 1,
    attempt: 1,
    status: 200,
    whole: true,
    receivedAt: '2026-11-22T10:00:00.000Z',
    body,
    ...overrides,
  };
}

/** The provider's answer to a one-eSIM order, as the sales journal records it. */
export function saleCompletion(overrides: Partial<SaleCompletion> = {}): SaleCompletion {
  return {
    orderReference: 'ORD-1',
    cost: money(1000, 'USD'),
    newBalance: money(49000, 'USD'),
    answers: [keptAnswer('{"success":true}')],
    esims: [
      {
        iccid: '8944500000000000000',
        lpa: 'LPA:1$smdp.example.net$AC-1',
        smdpAddress: 'smdp.example.net',
        activationCode: 'AC-1',
        appleInstallUrl: null,
        androidInstallUrl: null,
        status: 'New',
        totalVolumeBytes: 5 * 1073741824,
        validityDays: 30,
        expiresAt: null,
      },
    ],
    ...overrides,
  };
}

/**
 * The records of the journal's log (its chain) in the order they were written, kept to those `keep`
 * accepts: what a test reads to see which records a change wrote.
 */
export function loggedRecords(db: Db, keep: (record: LoggedRecord) => boolean = () => true): LoggedRecord[] {
  const links = db.prepare('SELECT record, record_encoding FROM chain ORDER BY counter_id, seq').all() as {
    record: Buffer;
    record_encoding: string;
  }[];
  return links.map((link) => recordOfLink(link.record, link.record_encoding)).filter(keep);
}
