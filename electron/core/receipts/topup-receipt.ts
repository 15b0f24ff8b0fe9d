import type { CompletedTopUp } from '../../../shared/domain/topup';
import { html } from './html';
import type { ReceiptContext } from './receipt-context';
import {
  codeField,
  ltr,
  type ReceiptKit,
  receiptDocument,
  receiptKit,
  rows,
  tenderRows,
} from './receipt-document';

/** The receipt of a completed top-up: which eSIM, what was added, and what it holds now. */
export function renderTopUpReceipt(topUp: CompletedTopUp, ctx: ReceiptContext): string {
  const kit = receiptKit(ctx, topUp.training);
  const { text, format } = kit;
  const info = ctx.packageInfo;
  const body = html`
${codeField(text.iccid, topUp.iccid)}
${rows([
  [text.packageAdded, topUp.packageName],
  // What the provider did not state is left off the receipt rather than guessed.
  info?.isUnlimited ? [text.data, text.unlimited] : null,
  info?.dataGb != null ? [text.data, format.gigabytes(info.dataGb)] : null,
  info?.validityDays != null ? [text.validity, format.days(info.validityDays)] : null,
  [text.price, format.money(topUp.retail), 'total'],
  ...tenderRows(kit, topUp.tender, topUp.retail),
])}
<hr>
${rows([
  newDataRow(kit, topUp),
  topUp.newExpiresAt ? [text.validUntil, format.date(topUp.newExpiresAt)] : null,
  topUp.orderReference ? [text.orderReference, ltr(topUp.orderReference)] : null,
])}
<p class="field">${text.topUpNoNewQr}</p>
`;
  return receiptDocument(kit, {
    title: text.topUpTitle,
    receiptNumber: topUp.receiptNumber,
    completedAt: topUp.completedAt,
    recordTraining: topUp.training,
    body,
  });
}

function newDataRow({ text, format }: ReceiptKit, topUp: CompletedTopUp): readonly [string, string] | null {
  if (topUp.newTotalGb === null) return null;
  const total = format.gigabytes(topUp.newTotalGb);
  const value =
    topUp.newRemainingGb === null
      ? total
      : `${total} (${text.remainingData(format.gigabytes(topUp.newRemainingGb))})`;
  return [text.newData, value];
}
