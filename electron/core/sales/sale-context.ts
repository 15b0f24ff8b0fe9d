import type { Sale } from '../../../shared/domain/sale';
import type { Money } from '../../../shared/money';
import type { Connection } from '../connection';
import type { CatalogueTable } from '../journal/catalogue-table';
import type { SalesJournal } from '../journal/sales-journal';
import type { MoneyContext } from '../money/money-context';
import type { PendingTiming } from './pending-timing';

/** What selling and settling sales need from the core. */
export interface SellContext extends MoneyContext {
  readonly salesJournal: SalesJournal;
  readonly catalogueTable: CatalogueTable;
  /** Called with every state a send ends in (balance, the pending poller). */
  readonly onOutcome: (sale: Sale) => void;
  readonly pendingTiming: PendingTiming;
}

/** What an order cost, from GET /esims/order (the client finds the account currency its amounts need). */
export async function orderCost(connection: Connection, orderReference: string): Promise<Money | null> {
  return (await connection.client.getOrder(orderReference, { lane: 'sale' })).cost;
}

/** Tells the cashier's screens and the money work (balance, the pending poller) where a sale ended. */
export function settle(ctx: Pick<SellContext, 'emit' | 'onOutcome'>, sale: Sale): Sale {
  ctx.emit({ type: 'sale.updated', sale });
  ctx.onOutcome(sale);
  return sale;
}
