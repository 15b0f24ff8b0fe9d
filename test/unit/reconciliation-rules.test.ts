import { describe, expect, it } from 'vitest';
import { balanceBridge, recordOfIn } from '../../electron/core/reconciliation/balance-bridge';
import {
  type MatchInput,
  matchOrders,
  type StatusRead,
} from '../../electron/core/reconciliation/match-orders';
import { bridgeFindings } from '../../electron/core/reconciliation/reconciler';
import type { JournalRecord } from '../../electron/core/reconciliation/reconciliation-journal';
import { bridgeSection, kitOf } from '../../electron/core/reports/reconciliation-document';
import { businessDayOf, businessDayWindow } from '../../shared/business-day';
import type { ProviderOrder } from '../../shared/domain/provider-order';
import { BalanceBridgeSchema, type BridgeCause } from '../../shared/domain/reconciliation';
import { type Currency, type Money, minor } from '../../shared/money';
import { reportText } from '../../shared/report-text';

/**
 * The rules of Leg A and Leg B on the cases a day against the simulator does not produce by itself:
 * amounts that differ, orders the provider failed or cancelled, refunds in transit, charges the
 * provider does not know, orders hidden by the currency filter, the margin around the cut-off.
 */

const DAY = { from: new Date('2026-03-01T01:00:00.000Z'), to: new Date('2026-03-02T01:00:00.000Z') };
const INSIDE = '2026-03-01T10:00:00.000Z';

function usd(amount: number, currency: Currency = 'USD'): Money {
  return { amount: minor(amount), currency };
}

let receipt = 0;
function record(
  reference: string | null,
  state: JournalRecord['state'],
  cost: Money | null,
  more: Partial<JournalRecord> = {},
): JournalRecord {
  receipt += 1;
  return {
    ref: { kind: 'sale', id: `sale-${receipt}`, receiptNumber: receipt },
    state,
    orderReference: reference,
    cost,
    quotedCost: cost ?? usd(500),
    packageCode: 'PKG-1',
    packageName: 'Package 1',
    iccid: null,
    createdAt: INSIDE,
    stoppedWaitingAt: null,
    ...more,
  };
}

function order(
  reference: string,
  status: ProviderOrder['status'],
  amount: Money | null,
  createdAt = INSIDE,
): ProviderOrder {
  return {
    id: null,
    orderReference: reference,
    packageName: null,
    packageCode: 'PKG-1',
    amount,
    status,
    statusText: status,
    createdAt,
    iccid: null,
  };
}

function rowsOf(input: Partial<MatchInput>): ReturnType<typeof matchOrders> {
  return matchOrders({
    periodKey: '2026-03-01',
    period: DAY,
    accountCurrency: 'USD',
    records: [],
    orders: [],
    statusReads: new Map<string, StatusRead>(),
    journalledElsewhere: () => null,
    refunds: [],
    settledNow: new Set(),
    ...input,
  });
}

function match(input: Partial<MatchInput>): [string, string, string | number | null][] {
  return rowsOf(input).map((row) => [
    row.kind,
    row.severity,
    row.orderReference ?? row.record?.receiptNumber ?? null,
  ]);
}

describe('Leg A: every row classified', () => {
  it('tells a matched order from one whose cost differs, and a charge the provider undid', () => {
    const same = record('R-1', 'completed', usd(500));
    const dearer = record('R-2', 'completed', usd(500));
    const cancelled = record('R-3', 'completed', usd(500));
    const failed = record('R-4', 'completed', usd(500));
    expect(
      match({
        records: [same, dearer, cancelled, failed],
        orders: [
          order('R-1', 'completed', usd(500)),
          order('R-2', 'completed', usd(650)),
          order('R-3', 'cancelled', usd(500)),
          order('R-4', 'failed', usd(500)),
        ],
      }),
    ).toEqual([
      ['matched', 'info', 'R-1'],
      ['cost_differs', 'warning', 'R-2'],
      ['provider_not_charged', 'critical', 'R-3'],
      ['provider_not_charged', 'critical', 'R-4'],
    ]);
  });

  it('names a record the journal failed that the provider completed and charged', () => {
    const failedHere = record('R-13', 'failed', null, { quotedCost: usd(500) });
    const [row] = rowsOf({ records: [failedHere], orders: [order('R-13', 'completed', usd(500))] });
    expect(row).toMatchObject({
      kind: 'failed_but_charged',
      severity: 'critical',
      orderReference: 'R-13',
      record: failedHere.ref,
      journalState: 'failed',
      providerAmount: usd(500),
    });
    expect(row?.note).toBe('The journal says failed; the provider says completed and charged $5.00.');
    for (const language of ['en', 'ar'] as const) {
      const kinds = reportText(language).reconcileKinds;
      expect(kinds.failed_but_charged).not.toBe(kinds.unrecorded);
    }
  });

  it('reads a cancellation record: refunded to the balance, or a refund still in transit', () => {
    const toBalance = record('R-5', 'completed', usd(500));
    const byRequest = record('R-6', 'completed', usd(500));
    expect(
      match({
        records: [toBalance, byRequest],
        orders: [order('R-5', 'cancelled', usd(500)), order('R-6', 'cancelled', usd(500))],
        refunds: [
          { orderReference: 'R-5', amount: usd(500), method: 'balance', creditedAt: INSIDE },
          { orderReference: 'R-6', amount: usd(500), method: 'refund_request', creditedAt: null },
        ],
      }),
    ).toEqual([
      ['refunded', 'info', 'R-5'],
      ['refund_in_transit', 'warning', 'R-6'],
    ]);
  });

  it('reads a cancellation whose refund method went unsaid as a refund not known to be credited', () => {
    const listed = record('R-7', 'completed', usd(500));
    const silent = record('R-8', 'completed', usd(500));
    const rows = rowsOf({
      records: [listed, silent],
      // The list says the order was cancelled, or says nothing of it; the counter cancelled both.
      orders: [order('R-7', 'cancelled', usd(500)), order('R-8', null, usd(500))],
      refunds: [
        { orderReference: 'R-7', amount: usd(500), method: null, creditedAt: null },
        { orderReference: 'R-8', amount: usd(500), method: null, creditedAt: null },
      ],
    });
    expect(rows.map((row) => [row.kind, row.severity, row.orderReference])).toEqual([
      ['refund_in_transit', 'warning', 'R-7'],
      ['refund_in_transit', 'warning', 'R-8'],
    ]);
    expect(rows[0]?.note).toBe(
      'Refund of $5.00: the provider did not say how it refunds it, so it is not known to have reached the balance.',
    );
  });

  it("lets a settled record's own answer stand where the list states no status or an unlisted one; an open record waits", () => {
    const alone = (reference: string, amount: Money | null = null): ProviderOrder => ({
      ...order(reference, null, amount),
      statusText: null,
    });
    const settled = record('R-12', 'completed', usd(500));
    const rows = rowsOf({
      records: [
        record('R-8', 'completed', usd(500)),
        record('R-9', 'completed', usd(500)),
        record('R-10', 'completed', usd(500)),
        record('R-11', 'pending', null),
        settled,
        record('R-13', 'completed', usd(500)),
        record('R-14', 'pending', null),
      ],
      orders: [
        alone('R-8', usd(500)),
        { ...order('R-9', null, usd(500)), statusText: 'on_hold' },
        alone('R-10', usd(700)),
        alone('R-11'),
        alone('R-12'),
        alone('R-13'),
        { ...order('R-14', null, null), statusText: 'on_hold' },
      ],
      settledNow: new Set([settled.ref.id]),
      refunds: [{ orderReference: 'R-13', amount: usd(500), method: 'balance', creditedAt: INSIDE }],
    });
    expect(rows.map((row) => [row.kind, row.orderReference, row.note])).toEqual([
      ['matched', 'R-8', ''],
      [
        'matched',
        'R-9',
        'The provider words its status "on_hold", which the API does not list: the answer that settled it stands.',
      ],
      ['cost_differs', 'R-10', 'The journal recorded $5.00; the provider lists $7.00.'],
      ['journal_open', 'R-11', "The provider's answer states no status for this order: nothing is decided."],
      [
        'settled_now',
        'R-12',
        'The provider had completed it; settled now from its records (nothing was sent).',
      ],
      ['refunded', 'R-13', `Refunded $5.00 to the balance on ${INSIDE}.`],
      [
        'journal_open',
        'R-14',
        'The provider\'s status "on_hold" is not one the API lists: nothing is decided.',
      ],
    ]);
  });

  it('asks the status of a reference the list lacks: unknown, hidden by the currency filter, or dated elsewhere', () => {
    const unknown = record('R-7', 'completed', usd(500));
    const dinars = record('R-8', 'completed', usd(7000, 'IQD'));
    const lateDated = record('R-9', 'completed', usd(500));
    const reads = new Map<string, StatusRead>([
      ['R-7', { kind: 'not_found' }],
      ['R-8', { kind: 'found', status: 'completed', amount: usd(7000, 'IQD'), createdAt: INSIDE }],
      ['R-9', { kind: 'found', status: 'completed', amount: usd(500), createdAt: '2026-03-02T02:00:00Z' }],
    ]);
    expect(match({ records: [unknown, dinars, lateDated], statusReads: reads })).toEqual([
      ['missing_at_provider', 'critical', 'R-7'],
      ['currency_hidden', 'warning', 'R-8'],
      ['boundary', 'info', 'R-9'],
    ]);
  });

  it('keeps the margin around the cut-off out of the day, and never merges a candidate', () => {
    const inDoubt = record(null, 'in_doubt', null, { quotedCost: usd(500) });
    const yesterday = record('R-0', 'completed', usd(500), { createdAt: '2026-02-28T23:59:00Z' });
    expect(
      match({
        records: [inDoubt],
        orders: [
          order('R-10', 'completed', usd(500), '2026-03-01T00:50:00Z'),
          order('R-0', 'completed', usd(500), '2026-03-01T00:59:00Z'),
          order('R-11', 'completed', usd(500)),
          order('R-12', 'failed', usd(500)),
        ],
        journalledElsewhere: (reference) => (reference === 'R-0' ? yesterday : null),
      }),
    ).toEqual([
      ['journal_open', 'info', inDoubt.ref.receiptNumber],
      ['boundary', 'info', 'R-10'],
      ['boundary', 'info', 'R-0'],
      ['unrecorded', 'warning', 'R-11'],
      ['unrecorded', 'info', 'R-12'],
    ]);
  });
});

describe('Leg A: a top-up whose answer was lost', () => {
  it('is proposed for an order placed while it was waited for, never for one placed after its counter stopped waiting', () => {
    const lost = record(null, 'in_doubt', null, {
      ref: { kind: 'topup', id: 'topup-lost', receiptNumber: 77 },
      iccid: '8988247000100000015',
      stoppedWaitingAt: '2026-03-01T10:00:30.000Z',
    });
    const of = (reference: string, createdAt: string): ProviderOrder => ({
      ...order(reference, 'completed', usd(500), createdAt),
      iccid: '8988247000100000015',
    });
    const rows = rowsOf({
      records: [lost],
      orders: [of('T-WHILE', '2026-03-01T10:00:10.000Z'), of('T-AFTER', '2026-03-01T10:00:30.030Z')],
    });
    const candidates = Object.fromEntries(
      rows.filter((row) => row.kind === 'unrecorded').map((row) => [row.orderReference, row.candidates]),
    );
    expect(candidates).toEqual({ 'T-WHILE': [lost.ref], 'T-AFTER': [] });
    expect(rows.some((row) => row.kind === 'matched')).toBe(false);
  });
});

describe('Leg B: the balance bridge', () => {
  const opening = { purpose: 'opening' as const, takenAt: '2026-03-01T01:00:00.000Z', balance: usd(100_000) };
  const closing = (amount: number) => ({
    purpose: 'closing' as const,
    takenAt: '2026-03-02T00:00:00.000Z',
    balance: usd(amount),
  });

  it('closes to zero: opening − charges + refunds + deposits', () => {
    const bridge = balanceBridge({
      currency: 'USD',
      opening,
      closing: closing(100_000 - 500 - 700 + 500 + 2_500),
      orders: [
        order('R-1', 'completed', usd(500)),
        order('R-2', 'cancelled', usd(700)),
        order('R-3', 'failed', usd(900)),
        order('R-4', 'completed', usd(300), '2026-03-02T00:30:00Z'),
      ],
      refunds: [{ orderReference: 'R-2', amount: usd(500), method: 'balance', creditedAt: INSIDE }],
      deposits: [
        { id: 'd', businessDay: '2026-03-01', amount: usd(2_500), note: '', enteredBy: 'M', at: INSIDE },
      ],
      otherCurrency: null,
      recordOf: () => null,
    });
    expect(bridge).toMatchObject({
      charges: usd(1_200),
      refunds: usd(500),
      deposits: usd(2_500),
      remainder: usd(0),
      likelyCauses: [],
    });
  });

  it('lists the likely causes of a remainder, and says when a snapshot is missing', () => {
    const bridge = balanceBridge({
      currency: 'USD',
      opening,
      closing: closing(100_000),
      orders: [order('R-2', 'cancelled', usd(700))],
      refunds: [],
      deposits: [],
      otherCurrency: null,
      recordOf: () => null,
    });
    expect(bridge.remainder).toEqual(usd(700));
    expect(bridge.likelyCauses).toEqual([
      { cause: 'order_cancelled', orderReference: 'R-2', amount: usd(700) },
      { cause: 'deposit_not_entered' },
      { cause: 'clock_straddle' },
    ]);
    const missing = balanceBridge({
      ...{ currency: 'USD' as const, opening: null, closing: closing(1) },
      orders: [],
      refunds: [],
      deposits: [],
      otherCurrency: { listed: 'USD', records: 2 },
      recordOf: () => null,
    });
    expect(missing).toMatchObject({
      remainder: null,
      expectedClosing: null,
      likelyCauses: [{ cause: 'no_opening_reading' }],
    });
  });

  it('counts no refund whose method went unsaid, and names its cancelled order as a likely cause', () => {
    const bridge = balanceBridge({
      currency: 'USD',
      opening,
      closing: closing(100_000 - 700 + 700),
      orders: [order('R-2', 'cancelled', usd(700))],
      refunds: [{ orderReference: 'R-2', amount: usd(700), method: null, creditedAt: null }],
      deposits: [],
      otherCurrency: null,
      recordOf: () => null,
    });
    expect(bridge).toMatchObject({ charges: usd(700), refunds: usd(0), remainder: usd(700) });
    expect(bridge.likelyCauses[0]).toEqual({
      cause: 'order_cancelled',
      orderReference: 'R-2',
      amount: usd(700),
    });
  });

  it("words every likely cause in the reader's language, and one stored in words as it was stored", () => {
    const causes: BridgeCause[] = [
      { cause: 'no_opening_reading' },
      { cause: 'no_closing_reading' },
      { cause: 'order_undated', orderReference: 'R-1' },
      { cause: 'order_unpriced', orderReference: 'R-2' },
      { cause: 'order_failed', orderReference: 'R-3' },
      { cause: 'order_cancelled', orderReference: 'R-4', amount: usd(700) },
      { cause: 'deposit_not_entered' },
      { cause: 'other_currency', orders: { listed: 'USD', records: 2 } },
      { cause: 'clock_straddle' },
    ];
    const money = (value: Money) => `[${value.amount} ${value.currency}]`;
    for (const language of ['en', 'ar'] as const) {
      const { bridgeCause, otherCurrency } = reportText(language).ledger;
      const words = causes.map((cause) => bridgeCause(cause, money));
      // Each cause has words of its own, naming its order and amount.
      expect(new Set(words).size).toBe(causes.length);
      for (const said of words) expect(said).toMatch(language === 'ar' ? /[\u0600-\u06ff]/ : /^[A-Z]/);
      expect(words[2]).toContain('R-1');
      expect(words[5]).toContain('R-4');
      expect(words[5]).toContain('[700 USD]');
      expect(words[7]).toBe(otherCurrency({ listed: 'USD', records: 2 }));
      expect(words[7]).toMatch(/USD.*2|2.*USD/);
      // A run stored before causes were facts keeps the words it was stored with.
      expect(bridgeCause('A deposit to the provider account that was not entered.', money)).toBe(
        'A deposit to the provider account that was not entered.',
      );
      expect(otherCurrency('as stored')).toBe('as stored');
    }
    expect(reportText('ar').ledger.bridgeCause({ cause: 'deposit_not_entered' }, money)).toBe(
      'إيداع في حساب المزوّد لم يُسجَّل.',
    );
    // The printed report words them as the screen does, and a stored bridge of words still reads.
    const stored = BalanceBridgeSchema.parse({
      ...balanceBridge({
        currency: 'USD',
        opening,
        closing: closing(100_700),
        orders: [],
        refunds: [],
        deposits: [],
        otherCurrency: null,
        recordOf: () => null,
      }),
      likelyCauses: [{ cause: 'deposit_not_entered' }, 'An order dated as stored.'],
    });
    const printed = bridgeSection(kitOf({ language: 'ar', timeZone: 'UTC', counterCode: null }), stored).text;
    expect(printed).toContain('<li>إيداع في حساب المزوّد لم يُسجَّل.</li>');
    expect(printed).toContain('<li>An order dated as stored.</li>');
  });

  it('prices and dates an order the list names alone from the record that holds it', () => {
    const terse = (reference: string): ProviderOrder => ({
      ...order(reference, null, null),
      status: null,
      statusText: null,
      createdAt: null,
    });
    const records = [
      record('R-1', 'completed', usd(500)),
      record('R-2', 'failed', null),
      // Made after the closing reading: the next day's bridge holds it.
      record('R-3', 'completed', usd(900), { createdAt: '2026-03-02T00:30:00.000Z' }),
      record('R-6', 'completed', usd(200), { createdAt: '2026-03-01T01:00:30.000Z' }),
    ];
    // R-6 is stated only to the minute of the opening reading: its record's time places it after.
    const orders = [
      terse('R-1'),
      terse('R-2'),
      terse('R-3'),
      terse('R-4'),
      order('R-6', 'completed', usd(200), '2026-03-01T01:00:00Z'),
    ];
    const input = {
      currency: 'USD' as const,
      opening,
      closing: closing(100_000 - 500 - 300 - 200),
      refunds: [],
      deposits: [],
      otherCurrency: null,
    };
    const elsewhere = record('R-4', 'completed', usd(300));
    const bridged = balanceBridge({
      ...input,
      orders,
      recordOf: recordOfIn(records, (reference) => (reference === 'R-4' ? elsewhere : null)),
    });
    expect(bridged).toMatchObject({ charges: usd(1_000), remainder: usd(0), likelyCauses: [] });
    // An order no record holds cannot be dated or priced: no remainder, and the order is named.
    const unplaced = balanceBridge({ ...input, orders, recordOf: recordOfIn(records, () => null) });
    expect(unplaced).toMatchObject({ remainder: null, expectedClosing: null, charges: usd(700) });
    expect(unplaced.likelyCauses).toEqual([{ cause: 'order_undated', orderReference: 'R-4' }]);

    // Its finding says so in the reader's language, not that a balance reading is missing.
    const [finding] = bridgeFindings('2026-03-01', unplaced, true);
    expect(finding).toMatchObject({ kind: 'bridge_incomplete', severity: 'warning' });
    // The core's own note, for support and the CSV files, names the order in English.
    expect(finding?.note).toBe(
      'Order R-4 has no date precise enough to place it: it may be in this bridge or not.',
    );
    expect(reportText('en').ledger.rowNote(finding!, String)).toBe(
      'The provider lists orders without their amount or a precise time, and no record here states them: the bridge cannot be closed.',
    );
    expect(reportText('ar').ledger.rowNote(finding!, String)).toMatch(/^يذكر المزوّد طلبات دون مبلغها/);
    const noOpening = balanceBridge({ ...input, opening: null, orders, recordOf: () => null });
    const [noReading] = bridgeFindings('2026-03-01', noOpening, true);
    expect(reportText('en').ledger.rowNote(noReading!, String)).toMatch(/^A balance reading is missing/);
    // Nor can a pending record's order: its answer stated no charge.
    const pending = balanceBridge({
      ...input,
      orders: [terse('R-5')],
      recordOf: recordOfIn([record('R-5', 'pending', null)], () => null),
    });
    expect(pending.remainder).toBeNull();
    expect(pending.likelyCauses).toEqual([{ cause: 'order_unpriced', orderReference: 'R-5' }]);
  });
});

describe('the business day window', () => {
  it('is the inverse of businessDayOf, across a change of clocks', () => {
    for (const [zone, day] of [
      ['Asia/Baghdad', '2026-11-23'],
      ['Europe/Berlin', '2026-03-29'],
      ['America/New_York', '2026-11-01'],
    ] as const) {
      const window = businessDayWindow(day, zone, '04:00');
      expect(businessDayOf(window.from, zone, '04:00')).toBe(day);
      expect(businessDayOf(new Date(window.to.getTime() - 1), zone, '04:00')).toBe(day);
      expect(businessDayOf(window.to, zone, '04:00')).not.toBe(day);
    }
  });
});
