import Database from 'better-sqlite3';
import type { TopUpAnswer } from './api-tap';
import type { LedgerEntry } from './ledger-check';

/**
 * The torture's verdict on top-ups, across every counter of the shop: each journal's top-ups against
 * the provider's charges and the answers the tap passed back. The API has no idempotency key for
 * top-ups, so the only proof that an order is a counter's own is the provider's answer to that
 * counter's request; a phantom top-up is one a journal books on an order without that proof.
 */

export interface TopUpCounter {
  readonly name: string;
  readonly journalFile: string;
  /** The tap labels of every process the counter has been. */
  readonly labels: readonly string[];
}

interface JournalTopUp {
  readonly id: string;
  readonly state: string;
  readonly order_reference: string | null;
  readonly inferred: number;
  readonly decision_json: string | null;
}

export interface TopUpVerdict {
  readonly byCounter: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly charges: number;
  /** Top-ups left in doubt for the manager: each may hold one charge no journal books. */
  readonly inDoubt: number;
  /** Top-up charges no journal books: at most one for each top-up in doubt. */
  readonly unbooked: number;
  /**
   * A journal booking an order no answer to its own requests named, an order two top-ups book, or a
   * top-up completed without its order, without proof or on an order the provider did not charge.
   */
  readonly phantoms: readonly string[];
  /** Top-ups left unsettled other than in doubt, or more charges unbooked than top-ups in doubt. */
  readonly breaches: readonly string[];
}

function readTopUps(journalFile: string): JournalTopUp[] {
  const db = new Database(journalFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id, state, order_reference, inferred, decision_json FROM topups')
      .all() as JournalTopUp[];
  } finally {
    db.close();
  }
}

export function checkTopUps(
  counters: readonly TopUpCounter[],
  answers: readonly TopUpAnswer[],
  ledger: readonly LedgerEntry[],
): TopUpVerdict {
  const charged = new Set(
    ledger.flatMap((e) => (e.kind === 'topup' && e.orderReference ? [e.orderReference] : [])),
  );
  const phantoms: string[] = [];
  const breaches: string[] = [];
  const booked = new Map<string, string[]>();
  const byCounter: Record<string, Record<string, number>> = {};
  let inDoubt = 0;
  for (const counter of counters) {
    const own = new Set(
      answers.flatMap((a) =>
        counter.labels.includes(a.label) && a.orderReference ? [a.orderReference] : [],
      ),
    );
    const states: Record<string, number> = {};
    byCounter[counter.name] = states;
    for (const topUp of readTopUps(counter.journalFile)) {
      const name = `${counter.name} top-up ${topUp.id}`;
      states[topUp.state] = (states[topUp.state] ?? 0) + 1;
      if (topUp.state === 'in_doubt') inDoubt += 1;
      if (topUp.state === 'intent' || topUp.state === 'sent')
        breaches.push(`${name} is still ${topUp.state}`);
      if (topUp.state !== 'completed') continue;
      const reference = topUp.order_reference;
      if (reference === null) {
        phantoms.push(`${name} is completed without an order`);
        continue;
      }
      booked.set(reference, [...(booked.get(reference) ?? []), name]);
      if (!charged.has(reference))
        phantoms.push(`${name} books ${reference}, which the provider never charged`);
      // A manager's decision is recorded as such; without one, only the counter's own answer is proof.
      if (topUp.decision_json !== null) continue;
      if (topUp.inferred === 1) phantoms.push(`${name} is completed on ${reference} without proof`);
      else if (!own.has(reference)) phantoms.push(`${name} books ${reference}, which no answer to it named`);
    }
  }
  for (const [reference, names] of booked) {
    if (names.length > 1) phantoms.push(`${reference} is booked by ${names.join(' and ')}`);
  }
  const unbooked = [...charged].filter((reference) => !booked.has(reference)).length;
  if (unbooked > inDoubt) {
    breaches.push(
      `${unbooked} top-up charges are booked by no journal, with only ${inDoubt} top-ups in doubt`,
    );
  }
  return { byCounter, charges: charged.size, inDoubt, unbooked, phantoms, breaches };
}
