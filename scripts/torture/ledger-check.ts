import Database from 'better-sqlite3';
import { SALE_SENDABLE_STATES, type SaleState } from '../../shared/domain/sale-states';

/**
 * The torture's verdict: the counter's journal against the provider's own records (the simulator's
 * ledger of every charge and refund). Read straight from the journal file, not through the app.
 */

export interface SimControl {
  readonly controlUrl: string;
  readonly controlToken: string;
  readonly accessCode: string;
}

export interface LedgerEntry {
  readonly kind: 'order' | 'topup' | 'refund' | 'adjustment';
  readonly orderReference: string | null;
  readonly idempotencyKey: string | null;
  readonly amountMinor: number;
}

export interface Ledger {
  readonly balanceMinor: number;
  readonly entries: readonly LedgerEntry[];
}

/** States in which the provider has charged for the sale's order. */
const CHARGED_STATES: readonly SaleState[] = ['pending', 'completed', 'support'];

interface JournalSale {
  readonly id: string;
  readonly state: SaleState;
  readonly idempotency_key: string;
  readonly order_reference: string | null;
  readonly quantity: number;
  readonly cost_minor: number | null;
  readonly attempts: number;
  readonly last_error_json: string | null;
  /** On the clock of the counter process that wrote it. */
  readonly created_at: string;
}

export interface Verdict {
  readonly journalSales: number;
  readonly byState: Readonly<Record<string, number>>;
  /** Failed sales by the error that failed them. */
  readonly failedBy: Readonly<Record<string, number>>;
  /** Sales the app sent again with their key (recovery, a cashier's check); the client's own retry not counted. */
  readonly resent: number;
  readonly charges: number;
  readonly refunds: number;
  readonly chargedMinor: number;
  readonly openingMinor: number;
  readonly closingMinor: number;
  /**
   * Sales left in doubt for the manager, none lost, doubled or phantom: `charged`, the API charged
   * their key once and no other sale holds that charge; `notCharged`, the API made no charge for it.
   */
  readonly inDoubt: { readonly charged: number; readonly notCharged: number };
  /** Sales charged and still waiting for their eSIMs (pending, or handed to support), and how many each bought. */
  readonly chargedOpen: readonly {
    readonly id: string;
    readonly state: SaleState;
    readonly quantity: number;
  }[];
  readonly breaches: readonly string[];
}

/** A call to the simulator's control API (its eSIM lifecycle, its faults): fails on any refusal. */
export async function simControl(
  sim: SimControl,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${sim.controlUrl}${path}`, {
    method,
    headers: { 'x-sim-control-token': sim.controlToken, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`the simulator's control ${method} ${path} answered ${response.status}`);
  return response.json();
}

export async function readLedger(sim: SimControl): Promise<Ledger> {
  const query = new URLSearchParams({ accessCode: sim.accessCode });
  const response = await fetch(`${sim.controlUrl}/ledger?${query}`, {
    headers: { 'x-sim-control-token': sim.controlToken },
  });
  if (!response.ok) throw new Error(`the simulator's ledger answered ${response.status}`);
  return (await response.json()) as Ledger;
}

export function readJournalSales(journalFile: string): JournalSale[] {
  const db = new Database(journalFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(`SELECT id, state, idempotency_key, order_reference, quantity, cost_minor, attempts, last_error_json,
         created_at FROM sales`)
      .all() as JournalSale[];
  } finally {
    db.close();
  }
}

/**
 * Checks the three invariants of the money paths, and that nothing is left unresolved:
 * every charge the API made has exactly one journal sale (same key, same order, same amount); no
 * journal sale claims a charge the API did not make; the balance moved by exactly the charges (orders
 * and top-ups, less refunds) since `openingMinor`. A sale left in doubt for the manager breaks none of them when its key
 * was charged at most once and no other sale has that key: the journal holds it with the key that
 * finds the charge, and the manager settles it with the facts. Such sales are counted, not breaches;
 * any other sale left open is a breach.
 */
export async function checkLedger(
  sim: SimControl,
  journalFile: string,
  openingMinor: number,
): Promise<Verdict> {
  const ledger = await readLedger(sim);
  const sales = readJournalSales(journalFile);
  const breaches: string[] = [];
  const charges = ledger.entries.filter((e) => e.kind === 'order');
  const refunds = ledger.entries.filter((e) => e.kind === 'refund');
  const byKey = new Map<string, JournalSale[]>();
  for (const sale of sales)
    byKey.set(sale.idempotency_key, [...(byKey.get(sale.idempotency_key) ?? []), sale]);
  const chargedKeys = new Map<string, number>();
  /** Charges whose one journal sale is in doubt, holding no order: what they cost. */
  let heldInDoubtMinor = 0;
  let chargedInDoubt = 0;

  for (const charge of charges) {
    const key = charge.idempotencyKey ?? '';
    chargedKeys.set(key, (chargedKeys.get(key) ?? 0) + 1);
    const withKey = byKey.get(key) ?? [];
    const claimed = withKey.filter((s) => s.order_reference === charge.orderReference);
    const [only] = withKey;
    if (claimed.length === 0 && withKey.length === 1 && only?.state === 'in_doubt' && !only.order_reference) {
      heldInDoubtMinor += charge.amountMinor;
      chargedInDoubt += 1;
      continue;
    }
    if (claimed.length !== 1) {
      const states = withKey.map((s) => `${s.id} (${s.state}, order ${s.order_reference ?? 'none'})`);
      breaches.push(
        `charge ${charge.orderReference} (key ${key}) has ${claimed.length} journal sales with its order; sales with its key: ${states.join(', ') || 'none'}`,
      );
      continue;
    }
    const sale = claimed[0]!;
    if (!CHARGED_STATES.includes(sale.state)) {
      breaches.push(`charge ${charge.orderReference} belongs to sale ${sale.id}, which is ${sale.state}`);
    } else if (sale.cost_minor !== null && sale.cost_minor !== charge.amountMinor) {
      breaches.push(
        `sale ${sale.id} records a cost of ${sale.cost_minor}, the API charged ${charge.amountMinor}`,
      );
    }
  }
  for (const [key, count] of chargedKeys) {
    if (count > 1) breaches.push(`key ${key} was charged ${count} times`);
  }
  for (const sale of sales) {
    const charged = chargedKeys.has(sale.idempotency_key);
    if (CHARGED_STATES.includes(sale.state) && !charged) {
      breaches.push(`sale ${sale.id} is ${sale.state} but the API made no charge for its key`);
    }
    if (sale.state === 'failed' && charged) {
      breaches.push(`sale ${sale.id} is failed but the API charged its key`);
    }
    if (SALE_SENDABLE_STATES.includes(sale.state) && sale.state !== 'in_doubt') {
      breaches.push(`sale ${sale.id} is still ${sale.state}`);
    }
  }
  const chargedMinor = charges.reduce((sum, e) => sum + e.amountMinor, 0);
  const refundedMinor = refunds.reduce((sum, e) => sum + e.amountMinor, 0);
  // Top-ups are charged too (topup-check.ts holds them to account): the balance moved by both.
  const toppedUpMinor = ledger.entries
    .filter((e) => e.kind === 'topup')
    .reduce((sum, e) => sum + e.amountMinor, 0);
  if (openingMinor - chargedMinor - toppedUpMinor + refundedMinor !== ledger.balanceMinor) {
    breaches.push(
      `the balance moved from ${openingMinor} to ${ledger.balanceMinor}, not by the charges (${chargedMinor} for orders, ${toppedUpMinor} for top-ups) less refunds (${refundedMinor})`,
    );
  }
  // A sale holding its order is charged whether or not every eSIM has arrived: a pending one (an
  // order that named fewer eSIMs than were bought) is read again at its next check.
  const journalCost = sales
    .filter((s) => CHARGED_STATES.includes(s.state))
    .reduce((sum, s) => sum + (s.cost_minor ?? 0), 0);
  if (journalCost + heldInDoubtMinor !== chargedMinor) {
    breaches.push(
      `the journal's charged sales cost ${journalCost} and its charged sales in doubt ${heldInDoubtMinor}, the API charged ${chargedMinor}`,
    );
  }
  const notChargedInDoubt = sales.filter(
    (s) => s.state === 'in_doubt' && !chargedKeys.has(s.idempotency_key),
  ).length;
  const byState: Record<string, number> = {};
  const failedBy: Record<string, number> = {};
  for (const sale of sales) {
    byState[sale.state] = (byState[sale.state] ?? 0) + 1;
    if (sale.state === 'failed') {
      const code = (JSON.parse(sale.last_error_json ?? '{}') as { code?: string }).code ?? 'unknown';
      failedBy[code] = (failedBy[code] ?? 0) + 1;
    }
  }
  return {
    journalSales: sales.length,
    byState,
    failedBy,
    resent: sales.filter((s) => s.attempts > 1).length,
    charges: charges.length,
    refunds: refunds.length,
    chargedMinor,
    openingMinor,
    closingMinor: ledger.balanceMinor,
    inDoubt: { charged: chargedInDoubt, notCharged: notChargedInDoubt },
    chargedOpen: sales
      .filter((s) => s.state === 'pending' || s.state === 'support')
      .map(({ id, state, quantity }) => ({ id, state, quantity })),
    breaches,
  };
}
