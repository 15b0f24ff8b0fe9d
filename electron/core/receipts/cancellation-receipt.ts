import type { Cancellation } from '../../../shared/domain/cancellation';
import { receiptNumberText } from '../../../shared/printed-numbers';
import { html } from './html';
import type { ReceiptContext } from './receipt-context';
import { codeField, ltr, receiptDocument, receiptKit, rows } from './receipt-document';

/** A cancellation the provider confirmed, or a goodwill refund: the records that have a receipt. */
export type SettledCancellation = Cancellation & { readonly state: 'cancelled' | 'recorded' };

/**
 * The receipt of a cancellation or a goodwill refund: it names the original receipt, the reason,
 * what the provider refunds and how, and the cash handed back (a goodwill refund is not recoverable).
 */
export function renderCancellationReceipt(cancellation: SettledCancellation, ctx: ReceiptContext): string {
  const kit = receiptKit(ctx, cancellation.training);
  const { text, format } = kit;
  const goodwill = cancellation.kind === 'goodwill';
  const body = html`
${rows([
  [text.originalReceipt, ltr(receiptNumberText(cancellation.originalReceiptNumber, ctx.counterCode))],
  [text.reason, cancellation.reason],
  cancellation.orderReference ? [text.orderReference, ltr(cancellation.orderReference)] : null,
])}
${cancellation.iccid ? codeField(text.iccid, cancellation.iccid) : null}
<hr>
${rows([
  cancellation.providerRefund && cancellation.refundMethod
    ? [
        text.providerRefund,
        `${format.money(cancellation.providerRefund)} · ${text.refundMethods[cancellation.refundMethod]}`,
      ]
    : null,
  cancellation.cashRefund
    ? cancellation.cashRefunded
      ? [text.cashRefund, format.money(cancellation.cashRefund), 'total']
      : [text.cashRefundPending, format.money(cancellation.cashRefund)]
    : null,
  goodwill ? [text.notRecoverable, ''] : null,
])}
`;
  return receiptDocument(kit, {
    title: goodwill ? text.goodwillTitle : text.cancellationTitle,
    receiptNumber: cancellation.receiptNumber,
    completedAt: cancellation.settledAt ?? cancellation.createdAt,
    recordTraining: cancellation.training,
    body,
  });
}
