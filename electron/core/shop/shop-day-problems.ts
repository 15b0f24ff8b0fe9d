import type { ShopCounterRef, ShopDayRow } from '../../../shared/domain/shop-day';
import { findingRow } from '../reconciliation/reconciler';
import type { LedgerProblem } from './ledger-reads';

/**
 * What the shop ledger found critical, as exceptions of the shop day: a counter's chain that forked
 * (its records since are not in the ledger) and an order a second record claims. Each stays open
 * until a manager resolves it; its key names no period, so one resolution holds for every day.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function problemRows(
  problems: readonly LedgerProblem[],
  counters: ReadonlyMap<string, ShopCounterRef>,
): ShopDayRow[] {
  const named = (id: string): string => {
    const counter = counters.get(id);
    return counter ? `counter ${counter.code} (${counter.name})` : `counter ${id}`;
  };
  return problems.map((problem) => {
    const claimedBy = (problem.detail.claimedBy ?? {}) as Readonly<Record<string, unknown>>;
    const reference = problem.kind === 'second_claim' ? text(problem.detail.orderReference) || null : null;
    const note =
      problem.kind === 'chain_fork'
        ? `The shop ledger holds another link ${problem.seq} of ${named(problem.counterId)}: its journal was restored from an older copy or changed. What it wrote from link ${problem.seq} on is not in the ledger.`
        : `Order ${reference ?? ''} is held by ${text(claimedBy.type)} ${text(claimedBy.subject)} of ${named(text(claimedBy.counter))} (link ${String(claimedBy.seq ?? '')}), and claimed again by ${text(problem.detail.type)} ${text(problem.detail.subject)} of ${named(problem.counterId)} (link ${problem.seq}).`;
    return {
      ...findingRow('ledger', problem.kind, 'critical', `${problem.counterId}:${problem.seq}`, null, note),
      orderReference: reference,
      counter: counters.get(problem.counterId) ?? null,
      cashier: null,
      amount: null,
      packageCode: null,
    };
  });
}
