import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type {
  ReconcileKind,
  ReconcileRow,
  ReconcileSeverity,
  RecordRef,
  ShopCounterRef,
} from '../../../shared/domain/reconciliation';
import { SALE_CHARGED_STATES, SALE_SENT_OPEN_STATES } from '../../../shared/domain/sale-states';
import { TOPUP_CHARGED_STATES, TOPUP_SENT_OPEN_STATES } from '../../../shared/domain/topup-states';
import { type Currency, formatMoney, type Money } from '../../../shared/money';
import type { Attribution } from './attribution';
import type { JournalRecord } from './reconciliation-journal';
import type { RefundFact } from './refunds';

/**
 * Leg A: every journal record of the period and every provider order read for it, matched on the
 * order reference and classified. Pure: what was read goes in, rows come out.
 */

/** What GET /esims/order said about a journal reference the order list lacks. */
export type StatusRead =
  | {
      readonly kind: 'found';
      readonly status: string | null;
      readonly amount: Money | null;
      readonly createdAt: string | null;
    }
  | { readonly kind: 'not_found' };

export interface MatchInput {
  /** Names the period in every row's key, so an exception keeps its age across runs of that period. */
  readonly periodKey: string;
  /** The period itself: provider orders outside it were read only for the margin around the cut-off. */
  readonly period: { readonly from: Date; readonly to: Date };
  readonly accountCurrency: Currency;
  readonly records: readonly JournalRecord[];
  readonly orders: readonly ProviderOrder[];
  readonly statusReads: ReadonlyMap<string, StatusRead>;
  /** A journal record outside the period that holds this reference (an order journalled on another day). */
  readonly journalledElsewhere: (reference: string) => JournalRecord | null;
  readonly refunds: readonly RefundFact[];
  /** Records the read-only settlement completed during this run. */
  readonly settledNow: ReadonlySet<string>;
  /** Who else in the shop holds the orders no record here holds (absent: a counter on its own). */
  readonly attribution?: Attribution;
  /** Orders a record of another shop of the account claims, by that shop's name. */
  readonly otherShops?: ReadonlyMap<string, string>;
}

/** Journal states that took the customer's money and may have charged the provider: sent, not settled. */
const OPEN_STATES: ReadonlySet<JournalRecord['state']> = new Set([
  ...SALE_SENT_OPEN_STATES,
  ...TOPUP_SENT_OPEN_STATES,
]);
/** A record sent and not settled: it waits for the provider's word on its order. */
export function waitsForProvider(record: JournalRecord): boolean {
  return OPEN_STATES.has(record.state);
}

/** Journal states in which the provider charged. */
const CHARGED_STATES: ReadonlySet<JournalRecord['state']> = new Set([
  ...SALE_CHARGED_STATES,
  ...TOPUP_CHARGED_STATES,
]);

interface ProviderSide {
  readonly status: string | null;
  readonly amount: Money | null;
  readonly createdAt: string | null;
  readonly packageName?: string | null;
}

/** An order the list says completed, or states no status of: reading it on its own may settle its record. */
export function mayHaveCompleted(order: ProviderOrder): boolean {
  return order.status === 'completed' || (order.status === null && order.statusText === null);
}

function sideOfOrder(order: ProviderOrder): ProviderSide {
  return {
    status: order.status ?? order.statusText,
    amount: order.amount,
    createdAt: order.createdAt,
    packageName: order.packageName ?? order.packageCode,
  };
}

/**
 * A row's key: the period, the kind, what it is about, and its amount. An exception keeps its age by
 * it across runs; a resolution is stored against it, so it holds for the amount it was given.
 */
export function rowKey(
  periodKey: string,
  kind: ReconcileKind,
  subject: string,
  amount: Money | null,
): string {
  const base = `${periodKey}:${kind}:${subject}`;
  return amount === null ? base : `${base}:${amount.currency}${amount.amount}`;
}

/** The order status record says `pending_details` while provisioning; the list says `pending`. */
export function listStatus(status: string | null): 'completed' | 'pending' | 'failed' | 'cancelled' | null {
  const word = status?.toLowerCase() ?? null;
  if (word === 'pending_details') return 'pending';
  return word === 'completed' || word === 'pending' || word === 'failed' || word === 'cancelled'
    ? word
    : null;
}

function sameMoney(a: Money | null, b: Money | null): boolean | null {
  if (a === null || b === null) return null;
  return a.currency === b.currency && a.amount === b.amount;
}

function text(value: Money | null): string {
  return value === null ? 'unknown' : formatMoney(value);
}

/** Rows about what the journal holds (the customer's money), not what the provider charged. */
const JOURNAL_AMOUNT_KINDS: ReadonlySet<ReconcileKind> = new Set([
  'journal_open',
  'provider_not_charged',
  'missing_at_provider',
]);

function rowOf(
  input: MatchInput,
  kind: ReconcileKind,
  severity: ReconcileSeverity,
  facts: {
    readonly reference: string | null;
    readonly record: JournalRecord | null;
    readonly provider: ProviderSide | null;
    readonly candidates?: readonly RecordRef[];
    readonly counter?: ShopCounterRef;
    readonly shop?: string;
    /** The amount the row is about, when it is neither the provider's charge nor the journal's cost. */
    readonly amount?: Money;
    readonly note: string;
  },
): ReconcileRow {
  const journalCost = facts.record?.cost ?? facts.record?.quotedCost ?? null;
  const amount =
    facts.amount ??
    (JOURNAL_AMOUNT_KINDS.has(kind)
      ? (journalCost ?? facts.provider?.amount ?? null)
      : (facts.provider?.amount ?? journalCost));
  return {
    key: rowKey(input.periodKey, kind, facts.reference ?? facts.record?.ref.id ?? '', amount),
    kind,
    severity,
    orderReference: facts.reference,
    record: facts.record?.ref ?? null,
    journalState: facts.record?.state ?? null,
    journalCost,
    providerStatus: facts.provider?.status ?? null,
    providerAmount: facts.provider?.amount ?? null,
    providerCreatedAt: facts.provider?.createdAt ?? null,
    candidates: [...(facts.candidates ?? [])],
    ...(facts.counter ? { counter: facts.counter } : {}),
    ...(facts.shop ? { shop: facts.shop } : {}),
    amount,
    packageName: facts.record?.packageName ?? facts.provider?.packageName ?? null,
    note: facts.note,
  };
}

/** A journal record with an order reference, against what the provider says of that order. */
function compareRecord(
  input: MatchInput,
  record: JournalRecord,
  reference: string,
  provider: ProviderSide,
): ReconcileRow {
  const facts = { reference, record, provider };
  const refund = input.refunds.find((each) => each.orderReference === reference);
  // A status left unsaid, or worded as the API does not list, tells nothing: the record's own answer
  // stands, the cancellation's when it was cancelled here, the one that settled it otherwise. The
  // amounts are still compared, and the bridge counts what was charged or given back, so a refund
  // under a word nobody listed still shows there.
  const listed = listStatus(provider.status);
  const unlisted = provider.status !== null && listed === null;
  const status = listed ?? standingStatus(record, refund);
  if (status === 'failed' || status === 'cancelled') {
    if (refund) {
      return refund.creditedAt === null
        ? rowOf(input, 'refund_in_transit', 'warning', {
            ...facts,
            amount: refund.amount,
            note:
              refund.method === null
                ? `Refund of ${formatMoney(refund.amount)}: the provider did not say how it refunds it, so it is not known to have reached the balance.`
                : `Refund of ${formatMoney(refund.amount)} requested (${refund.method}), not yet credited to the balance.`,
          })
        : rowOf(input, 'refunded', 'info', {
            ...facts,
            amount: refund.amount,
            note: `Refunded ${formatMoney(refund.amount)} to the balance on ${refund.creditedAt}.`,
          });
    }
    if (record.state === 'failed')
      return rowOf(input, 'matched', 'info', { ...facts, note: 'Failed at both.' });
    if (CHARGED_STATES.has(record.state)) {
      return rowOf(input, 'provider_not_charged', 'critical', {
        ...facts,
        note: `The journal says ${record.state}; the provider says ${status}. The customer may be owed money.`,
      });
    }
    return rowOf(input, 'journal_open', 'warning', {
      ...facts,
      note: `The journal still waits (${record.state}); the provider says ${status}.`,
    });
  }
  if (status === null) {
    return rowOf(input, 'journal_open', 'warning', {
      ...facts,
      note: provider.status
        ? `The provider's status "${provider.status}" is not one the API lists: nothing is decided.`
        : "The provider's answer states no status for this order: nothing is decided.",
    });
  }
  if (record.state === 'failed') {
    return rowOf(input, 'failed_but_charged', 'critical', {
      ...facts,
      note: `The journal says failed; the provider says ${status} and charged ${text(provider.amount)}.`,
    });
  }
  if (status === 'pending' || OPEN_STATES.has(record.state)) {
    const both = status === 'pending' && OPEN_STATES.has(record.state);
    return rowOf(input, 'journal_open', both ? 'info' : 'warning', {
      ...facts,
      note: both
        ? 'Pending at both: carried forward until the provider finishes it.'
        : `The journal says ${record.state}; the provider says ${status}.`,
    });
  }
  const cost = record.cost ?? record.quotedCost;
  if (sameMoney(cost, provider.amount) === false) {
    return rowOf(input, 'cost_differs', 'warning', {
      ...facts,
      note: `The journal recorded ${text(cost)}; the provider lists ${text(provider.amount)}.`,
    });
  }
  if (input.settledNow.has(record.ref.id)) {
    return rowOf(input, 'settled_now', 'info', {
      ...facts,
      note: 'The provider had completed it; settled now from its records (nothing was sent).',
    });
  }
  return rowOf(input, 'matched', 'info', {
    ...facts,
    note: unlisted
      ? `The provider words its status "${provider.status}", which the API does not list: the answer that settled it stands.`
      : '',
  });
}

/** A record its provider's answer settled as charged: no longer waiting, its cost recorded. */
export function settledAsCharged(record: JournalRecord): boolean {
  return CHARGED_STATES.has(record.state) && !OPEN_STATES.has(record.state);
}

/** What a record's own answers say of its order: cancelled here, or settled as charged; else nothing. */
function standingStatus(
  record: JournalRecord,
  refund: RefundFact | undefined,
): 'cancelled' | 'completed' | null {
  if (refund) return 'cancelled';
  return settledAsCharged(record) ? 'completed' : null;
}

function withinPeriod(input: MatchInput, createdAt: string | null): boolean | null {
  const at = createdAt === null ? Number.NaN : Date.parse(createdAt);
  if (Number.isNaN(at)) return null;
  return at >= input.period.from.getTime() && at < input.period.to.getTime();
}

/**
 * Records still without an answer that could be this provider order: never merged, only proposed. A
 * top-up is never proposed for an order placed after its counter stopped waiting for it.
 */
function candidatesFor(order: ProviderOrder, open: readonly JournalRecord[]): RecordRef[] {
  const placed = order.createdAt === null ? Number.NaN : Date.parse(order.createdAt);
  return open
    .filter((record) => {
      if (order.iccid !== null && record.iccid !== null && order.iccid !== record.iccid) return false;
      if (order.packageCode !== null && order.packageCode !== record.packageCode) return false;
      if (record.stoppedWaitingAt !== null && placed > Date.parse(record.stoppedWaitingAt)) return false;
      return sameMoney(order.amount, record.quotedCost) !== false;
    })
    .map((record) => record.ref);
}

/** Why an order no record here holds may be anyone's: who else could have placed it. */
function unrecordedNote(attribution: Attribution | undefined): string {
  switch (attribution?.kind) {
    case 'read':
      return 'Not journalled here, and no counter of the shop holds it: the provider dashboard placed it, or its answer was lost.';
    case 'unreachable':
      return `Not journalled here. The shop ledger could not be read (${attribution.problem}): whether another counter of the shop holds it is not known.`;
    default:
      return 'Not journalled here: another counter or the provider dashboard placed it, or its answer was lost.';
  }
}

/** Leg A's rows: the period's records first (by time), then the provider orders no record holds. */
export function matchOrders(input: MatchInput): ReconcileRow[] {
  const listed = new Map(input.orders.map((order) => [order.orderReference, order]));
  const rows: ReconcileRow[] = [];
  const unanswered = input.records.filter(
    (record) => record.orderReference === null && OPEN_STATES.has(record.state),
  );
  const candidateIds = new Set<string>();
  const claimed = new Set<string>();
  const journalled = new Set(input.records.map((record) => record.orderReference));
  const unclaimed = input.orders.filter((order) => !journalled.has(order.orderReference));
  const orderRows: ReconcileRow[] = [];
  for (const order of unclaimed) {
    const provider = sideOfOrder(order);
    const reference = order.orderReference;
    const elsewhere = input.journalledElsewhere(reference);
    if (elsewhere) {
      orderRows.push(
        rowOf(input, 'boundary', 'info', {
          reference,
          record: elsewhere,
          provider,
          note: `Journalled on another day (receipt ${elsewhere.ref.receiptNumber}).`,
        }),
      );
      continue;
    }
    const inPeriod = withinPeriod(input, order.createdAt);
    if (inPeriod === false) {
      orderRows.push(
        rowOf(input, 'boundary', 'info', {
          reference,
          record: null,
          provider,
          note: 'Dated in the margin around the cut-off: it belongs to another day.',
        }),
      );
      continue;
    }
    const holder = input.attribution?.kind === 'read' ? input.attribution.holders.get(reference) : undefined;
    if (holder) {
      orderRows.push(
        rowOf(input, 'other_counter', 'info', {
          reference,
          record: null,
          provider,
          counter: holder,
          note: `Counter ${holder.code} (${holder.name}) of the shop holds it, as the shop ledger says.`,
        }),
      );
      continue;
    }
    const shop = input.otherShops?.get(reference);
    if (shop) {
      orderRows.push(
        rowOf(input, 'other_shop', 'info', {
          reference,
          record: null,
          provider,
          shop,
          note: `The shop ${shop} holds it, as the shop ledger says.`,
        }),
      );
      continue;
    }
    if (order.status === 'failed') {
      orderRows.push(
        rowOf(input, 'unrecorded', 'info', {
          reference,
          record: null,
          provider,
          note: 'Not journalled here; failed at the provider, so nothing was charged.',
        }),
      );
      continue;
    }
    const candidates = candidatesFor(order, unanswered);
    for (const candidate of candidates) candidateIds.add(candidate.id);
    const unreachable = input.attribution?.kind === 'unreachable' ? input.attribution : null;
    orderRows.push(
      rowOf(input, unreachable ? 'unattributed' : 'unrecorded', 'warning', {
        reference,
        record: null,
        provider,
        candidates,
        note:
          candidates.length > 0
            ? `Not journalled here. It may be the lost answer of receipt ${candidates.map((c) => c.receiptNumber).join(', ')}: a manager decides.`
            : unrecordedNote(input.attribution),
      }),
    );
  }
  for (const record of input.records) {
    const reference = record.orderReference;
    if (reference === null) {
      if (!OPEN_STATES.has(record.state)) continue;
      const proposed = candidateIds.has(record.ref.id);
      rows.push(
        rowOf(input, 'journal_open', proposed ? 'info' : 'warning', {
          reference: null,
          record,
          provider: null,
          note: proposed
            ? `No answer (${record.state}); proposed as the journal record of an order the provider lists.`
            : `No answer yet (${record.state}) and no provider order that could be it.`,
        }),
      );
      continue;
    }
    if (claimed.has(reference)) continue;
    claimed.add(reference);
    const order = listed.get(reference);
    if (order) {
      rows.push(compareRecord(input, record, reference, sideOfOrder(order)));
      continue;
    }
    const read = input.statusReads.get(reference);
    if (!read || read.kind === 'not_found') {
      rows.push(
        rowOf(input, 'missing_at_provider', 'critical', {
          reference,
          record,
          provider: null,
          note: `The journal says ${record.state} for ${text(record.cost ?? record.quotedCost)}; the provider does not know this order.`,
        }),
      );
      continue;
    }
    const compared = compareRecord(input, record, reference, read);
    const hidden = (record.cost ?? record.quotedCost)?.currency;
    if (compared.kind !== 'matched') {
      rows.push(compared);
    } else if (hidden !== undefined && hidden !== input.accountCurrency) {
      rows.push({
        ...compared,
        key: rowKey(input.periodKey, 'currency_hidden', reference, compared.amount),
        kind: 'currency_hidden',
        severity: 'warning',
        note: `Paid in ${hidden}: the order list shows only ${input.accountCurrency} orders, so its status was read one by one.`,
      });
    } else {
      rows.push({
        ...compared,
        key: rowKey(input.periodKey, 'boundary', reference, compared.amount),
        kind: 'boundary',
        note: 'Not in the order list for the window (its provider date is outside it); its status read agrees.',
      });
    }
  }
  return [...rows, ...orderRows];
}
