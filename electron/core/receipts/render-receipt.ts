import type { Cancellation } from '../../../shared/domain/cancellation';
import type { Sale } from '../../../shared/domain/sale';
import type { CompletedTopUp, TopUp } from '../../../shared/domain/topup';
import { PosFailure } from '../pos/failure';
import { renderCancellationReceipt, type SettledCancellation } from './cancellation-receipt';
import type { ReceiptContext } from './receipt-context';
import { type CompletedSale, renderSaleReceipt } from './sale-receipt';
import { renderTopUpReceipt } from './topup-receipt';

export type ReceiptRecord =
  | { readonly kind: 'sale'; readonly sale: Sale }
  | { readonly kind: 'topup'; readonly topUp: TopUp }
  | { readonly kind: 'cancellation'; readonly cancellation: Cancellation };

export type CompletedRecord =
  | { readonly kind: 'sale'; readonly sale: CompletedSale }
  | { readonly kind: 'topup'; readonly topUp: CompletedTopUp }
  | { readonly kind: 'cancellation'; readonly cancellation: SettledCancellation };

/**
 * Only completed records have a receipt: a pending sale has no eSIM to hand over yet, and a failed
 * one charged nothing.
 */
export function completedRecord(record: ReceiptRecord): CompletedRecord {
  if (record.kind === 'cancellation') {
    const { cancellation } = record;
    if (cancellation.state === 'cancelled' || cancellation.state === 'recorded') {
      return { kind: 'cancellation', cancellation: { ...cancellation, state: cancellation.state } };
    }
    throw new PosFailure(
      'INVALID_STATE',
      `Cancellation ${cancellation.receiptNumber} is ${cancellation.state}: only a confirmed cancellation has a receipt.`,
      { state: cancellation.state },
    );
  }
  if (record.kind === 'sale') {
    const { sale } = record;
    if (sale.state === 'completed') return { kind: 'sale', sale };
    throw new PosFailure(
      'INVALID_STATE',
      `Sale ${sale.receiptNumber} is ${sale.state}: only a completed sale has a receipt.`,
      { state: sale.state },
    );
  }
  const { topUp } = record;
  if (topUp.state === 'completed') return { kind: 'topup', topUp };
  throw new PosFailure(
    'INVALID_STATE',
    `Top-up ${topUp.receiptNumber} is ${topUp.state}: only a completed top-up has a receipt.`,
    { state: topUp.state },
  );
}

/** The receipt of a sale, a top-up or a cancellation, as a complete HTML document. */
export function renderReceipt(record: ReceiptRecord, ctx: ReceiptContext): string {
  const completed = completedRecord(record);
  switch (completed.kind) {
    case 'sale':
      return renderSaleReceipt(completed.sale, ctx);
    case 'topup':
      return renderTopUpReceipt(completed.topUp, ctx);
    case 'cancellation':
      return renderCancellationReceipt(completed.cancellation, ctx);
  }
}
