import type { Sale } from '../../../shared/domain/sale';
import type { PosError } from '../../../shared/errors';
import type { Connection } from '../connection';
import { evidenceFacts } from '../money/order-evidence';
import { requireSameAccount, scopeOf } from '../money/scope';
import { PosFailure } from '../pos/failure';
import { checkProvisioning } from './provisioning-check';
import { type SellContext, settle } from './sale-context';
import { findSaleOrder, type SaleEvidence, settleByReads, settleWith } from './sale-evidence';
import { journalAndMarkSent, type SaleRequest, sendAgain, sendMarked } from './sell';

/**
 * How long a sale's idempotency key is trusted to be remembered by the provider after the sale was
 * first sent. The description promises request ids for 24 hours and says nothing of keys, so past
 * this a re-send with the key may place a new order even if the first one was performed: it is only
 * made after the provider's order list was read and shows no order the sale could have made.
 */
export const KEY_TRUSTED_FOR_MS = 24 * 60 * 60_000;

const NEVER_SENT: PosError = {
  code: 'INTERNAL',
  message: 'The app stopped before this sale was sent: never sent, nothing charged.',
};

/**
 * The one place a sale is sent or checked. Work on one sale never runs twice at once: a cashier's
 * "check now", start-up recovery, the pending poller and a webhook join the work already running for
 * that sale; a "send again" waits for it to end. Only `sell` and `resend` send; everything else reads.
 */
export class SaleResolver {
  private readonly busy = new Map<string, Promise<Sale>>();

  constructor(private readonly ctx: SellContext) {}

  /** Journals a new sale, then sends it (the cashier is at the counter). */
  sell(input: SaleRequest): Promise<Sale> {
    const connection = this.ctx.connection();
    const marked = journalAndMarkSent(this.ctx, connection, input);
    return this.once(marked.sale.id, () => sendMarked(this.ctx, marked, connection));
  }

  /**
   * Tries now to settle a sale from the provider's records, never sending anything: a sale whose
   * answer was lost is looked for in the order list, a pending or support sale's order is read.
   * Settled sales are returned as they are. A failed read is thrown (the cashier sees why).
   */
  resolve(id: string): Promise<Sale> {
    return this.once(id, async () => {
      const { sale, connection } = this.open(id);
      switch (sale.state) {
        case 'completed':
        case 'failed':
        case 'intent':
          return sale;
        case 'sent':
        case 'in_doubt':
          return settleByReads(this.ctx, sale, connection);
        case 'pending':
        case 'support':
          return checkProvisioning(this.ctx, sale, connection);
      }
    });
  }

  /**
   * The cashier's confirmed "send again" of a sale in doubt: the provider's records are read first
   * (an order found there settles the sale, nothing is sent); otherwise the sale is sent again with
   * its stored key (also when the one order found is one the provider's record says charged nothing).
   * Within KEY_TRUSTED_FOR_MS of the first send the provider replays the order if it
   * was performed, so the re-send charges only if the first never arrived. Past it, the re-send is
   * made only when the list was read and shows no order the sale could have made.
   */
  resend(id: string): Promise<Sale> {
    return this.afterRunning(id, async () => {
      const { sale, connection } = this.open(id);
      if (sale.state !== 'in_doubt') {
        throw new PosFailure(
          'INVALID_STATE',
          `Sale ${sale.receiptNumber} is ${sale.state}: only a sale in doubt can be sent again.`,
          { state: sale.state },
        );
      }
      let found: SaleEvidence | null = null;
      let unreadable: PosFailure | null = null;
      try {
        found = await findSaleOrder(this.ctx, sale, connection);
      } catch (error) {
        if (!(error instanceof PosFailure)) throw error;
        unreadable = error;
      }
      if (found?.evidence.kind === 'found') {
        const settled = await settleWith(this.ctx, sale, connection, found);
        if (settled.state !== 'in_doubt') return settled;
        // The one order the list showed is one the provider's record says charged nothing (failed or
        // refunded; a lagging list may still show it pending): no order of the sale is left to find.
        found = { ...found, evidence: { kind: 'none' } };
      }
      const keyAgeMs = this.ctx.now().getTime() - Date.parse(sale.createdAt);
      if (keyAgeMs >= KEY_TRUSTED_FOR_MS && found?.evidence.kind !== 'none') {
        throw new PosFailure(
          'INVALID_STATE',
          found
            ? "This sale was first sent more than 24 hours ago, and the provider's order list shows an order it may have made. Sending it again could charge twice: check the order list with the manager."
            : "This sale was first sent more than 24 hours ago and the provider's order list could not be read. Sending it again could charge twice: try again when the provider answers.",
          {
            firstSentAt: sale.createdAt,
            ...(found ? evidenceFacts(found.window, found.evidence) : {}),
            ...(unreadable ? { readError: unreadable.toPosError() } : {}),
          },
        );
      }
      return sendAgain(this.ctx, sale, connection);
    });
  }

  /** Waits for all work in progress (the core is closing). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.busy.values()]);
  }

  /** The sale and the connection to reach its account; another account's sale is refused. */
  private open(id: string): { sale: Sale; connection: Connection } {
    const sale = this.ctx.salesJournal.get(id);
    if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
    const connection = this.ctx.connection();
    if (sale.state !== 'completed' && sale.state !== 'failed') {
      requireSameAccount(this.ctx.salesJournal.inScope(id, scopeOf(connection)), sale, 'sale');
    }
    return { sale, connection };
  }

  /**
   * Runs `work` once the work already running on the sale has ended: a confirmed "send again" is not
   * answered by a check that happened to be running (recovery's, the cashier's own).
   */
  private async afterRunning(id: string, work: () => Promise<Sale>): Promise<Sale> {
    for (let running = this.busy.get(id); running; running = this.busy.get(id)) {
      await running.catch(() => undefined);
    }
    return this.once(id, work);
  }

  private once(id: string, work: () => Promise<Sale>): Promise<Sale> {
    const running = this.busy.get(id);
    if (running) return running;
    const started = work().finally(() => this.busy.delete(id));
    this.busy.set(id, started);
    return started;
  }
}

/**
 * Start-up recovery (and after a change of connection), by reads alone: a sale still in intent was
 * never sent and fails, nothing charged; every sale of the connected account left on the wire or in
 * doubt is looked for in the provider's records, one at a time, and settled from them if they show
 * its order. Nothing is sent: a sale they do not settle stays in doubt for the cashier. Sales of
 * another mode or account are left alone until the counter is connected to it again.
 */
export async function recoverSales(
  ctx: SellContext,
  resolver: SaleResolver,
  signal: AbortSignal,
): Promise<Partial<Record<Sale['state'], number>>> {
  const outcomes: Partial<Record<Sale['state'], number>> = {};
  const count = (state: Sale['state']): void => {
    outcomes[state] = (outcomes[state] ?? 0) + 1;
  };
  for (const sale of ctx.salesJournal.neverSent()) {
    count(settle(ctx, ctx.salesJournal.markFailed(sale.id, NEVER_SENT, ctx.now().toISOString())).state);
  }
  const open = ctx.salesJournal.unresolved(scopeOf(ctx.connection()));
  for (const sale of open) {
    if (signal.aborted) break;
    try {
      count((await resolver.resolve(sale.id)).state);
    } catch (error) {
      ctx.log.warn('recovery of a sale failed', { saleId: sale.id, error: String(error) });
      count(ctx.salesJournal.require(sale.id).state);
    }
  }
  if (Object.keys(outcomes).length > 0) ctx.log.info('recovered sales', { found: open.length, ...outcomes });
  return outcomes;
}
