import type { Sale } from '../../../shared/domain/sale';
import type { TenderInput } from '../../../shared/domain/till';
import { requireSameAccount, scopeOf } from '../money/scope';
import { PosFailure } from '../pos/failure';
import { checkProvisioning } from './provisioning-check';
import { recordIntent, type SellContext, send } from './sell';

/**
 * The one place a sale is sent or checked. Work on one sale never runs twice at once: a cashier's
 * "check again", start-up recovery, the pending poller and a webhook all join the work already running
 * for that sale instead of sending its key a second time in parallel.
 */
export class SaleResolver {
  private readonly busy = new Map<string, Promise<Sale>>();

  constructor(private readonly ctx: SellContext) {}

  /** Journals a new sale, then sends it. */
  sell(input: { packageCode: string; quantity: number; tender?: TenderInput | undefined }): Promise<Sale> {
    const connection = this.ctx.connection();
    const intent = recordIntent(this.ctx, connection, input);
    return this.once(intent.id, () => send(this.ctx, intent, connection));
  }

  /**
   * Tries now to settle a sale: one left in intent, sent or in doubt is re-sent with its stored key
   * (replay or first execution, never a second charge); a pending or support sale is checked with the
   * provider. Settled sales are returned as they are.
   */
  resolve(id: string): Promise<Sale> {
    return this.once(id, async () => {
      const sale = this.ctx.salesJournal.get(id);
      if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
      if (sale.state === 'completed' || sale.state === 'failed') return sale;
      const connection = this.ctx.connection();
      requireSameAccount(this.ctx.salesJournal.inScope(id, scopeOf(connection)), sale, 'sale');
      switch (sale.state) {
        case 'intent':
        case 'sent':
        case 'in_doubt':
          return send(this.ctx, sale, connection);
        case 'pending':
        case 'support':
          return checkProvisioning(this.ctx, sale, connection);
      }
    });
  }

  /** Waits for all work in progress (the core is closing). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.busy.values()]);
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
 * Start-up recovery: every sale of the connected account left in intent, sent or in doubt (a crash, a
 * lost answer) is re-sent with its stored key, one at a time, and its outcome pushed to the cashier.
 * Sales of another mode or account are left alone until the counter is connected to it again.
 */
export async function recoverSales(
  ctx: SellContext,
  resolver: SaleResolver,
  signal: AbortSignal,
): Promise<Partial<Record<Sale['state'], number>>> {
  const outcomes: Partial<Record<Sale['state'], number>> = {};
  const open = ctx.salesJournal.unresolved(scopeOf(ctx.connection()));
  for (const sale of open) {
    if (signal.aborted) break;
    try {
      const { state } = await resolver.resolve(sale.id);
      outcomes[state] = (outcomes[state] ?? 0) + 1;
    } catch (error) {
      ctx.log.warn('recovery of a sale failed', { saleId: sale.id, error: String(error) });
    }
  }
  if (open.length > 0) ctx.log.info('recovered sales', { found: open.length, ...outcomes });
  return outcomes;
}
