import type { Tender } from '../../../shared/domain/till';
import { convertAtRate } from '../../../shared/exchange-rate';
import { type Money, minor } from '../../../shared/money';
import { receiptNumberText } from '../../../shared/printed-numbers';
import { type Html, type HtmlValue, html, trusted } from './html';
import type { ReceiptContext } from './receipt-context';
import { defaultReceiptLocale, type ReceiptFormat, receiptFormat } from './receipt-format';
import { type PaperLayout, paperLayout, receiptCss } from './receipt-style';
import { type ReceiptText, receiptText } from './receipt-text';

/** What every receipt kind is drawn with: its words, formats, paper and marks. */
export interface ReceiptKit {
  readonly ctx: ReceiptContext;
  readonly text: ReceiptText;
  readonly format: ReceiptFormat;
  readonly layout: PaperLayout;
  /** TRAINING, COPY and CANCELLED as one short line, repeated on each eSIM so a cut-off part keeps them. */
  readonly marks: string | null;
}

export function receiptKit(ctx: ReceiptContext, recordTraining: boolean): ReceiptKit {
  const text = receiptText(ctx.language);
  const format = receiptFormat(
    ctx.locale ?? defaultReceiptLocale(ctx.language),
    ctx.timeZone,
    ctx.language === 'ar',
  );
  const marks = [
    isTraining(ctx, recordTraining) ? text.training : null,
    ctx.copyNumber !== null ? text.copy(format.number(ctx.copyNumber)) : null,
    ctx.cancelledBy != null ? text.cancelled : null,
  ].filter((mark): mark is string => mark !== null);
  return {
    ctx,
    text,
    format,
    layout: paperLayout(ctx.paperWidthMm),
    marks: marks.length > 0 ? marks.join(' · ') : null,
  };
}

// A record made in training stays a training record, and a receipt printed in training mode is never
// a real one: either is enough to print TRAINING.
function isTraining(ctx: ReceiptContext, recordTraining: boolean): boolean {
  return recordTraining || ctx.training;
}

export type Row = readonly [label: string, value: HtmlValue, className?: string];

/**
 * Label and value pairs, each pair a line of its own: a short label leaves its value the rest of the
 * line, so a value wraps only when the two really do not fit (a table's column would be as wide as
 * the longest label on every line).
 */
export function rows(list: readonly (Row | null)[]): Html {
  const items = list.filter((row): row is Row => row !== null);
  return html`<dl class="rows">${items.map(
    ([label, value, className]) =>
      html`<div${className ? trusted(` class="${className}"`) : ''}><dt>${label}</dt><dd>${value}</dd></div>`,
  )}</dl>`;
}

/**
 * How the customer paid, under the price: the method, the amount in the currency paid with the rate
 * when that is not the price's currency (and what the shop's rounding step added to the price at
 * that rate), and for cash what was handed over and the change.
 */
export function tenderRows(
  { text, format }: ReceiptKit,
  tender: Tender | null,
  price: Money,
): (Row | null)[] {
  if (!tender) return [];
  const ratePer100 = tender.due.currency !== price.currency ? tender.ratePer100 : null;
  const paidIn = (amount: number): string =>
    format.money({ amount: minor(amount), currency: tender.due.currency });
  // Worked out again from the price and the rate the sale stored, so a reprint says what was added
  // then, whatever the step is today.
  const added =
    ratePer100 !== null ? tender.due.amount - convertAtRate(price.amount, price.currency, ratePer100) : 0;
  const cash = tender.method === 'cash';
  return [
    [text.paidBy, text.tenderMethods[tender.method]],
    ratePer100 !== null ? [text.amountPaid, format.money(tender.due), 'total'] : null,
    ratePer100 !== null ? [text.rate, ltr(`100 ${price.currency} = ${paidIn(ratePer100)}`)] : null,
    added > 0 ? [text.roundedUp, ltr(`+${paidIn(added)}`)] : null,
    cash ? [text.cashReceived, format.money(tender.tendered)] : null,
    cash ? [text.change, format.money(tender.change)] : null,
  ];
}

/** Text that is always left to right (codes, phone numbers), kept intact inside Arabic lines. */
export function ltr(value: string): Html {
  return html`<bdi dir="ltr">${value}</bdi>`;
}

/** A code the customer may type into a phone: on its own line, in a face that tells 0 from O. */
export function codeField(label: string, value: string): Html {
  return html`<div class="field"><p class="field-label">${label}</p><p class="code" dir="ltr">${value}</p></div>`;
}

export interface ReceiptParts {
  readonly title: string;
  readonly receiptNumber: number;
  /** When the sale or top-up was completed (ISO 8601): the receipt's date. */
  readonly completedAt: string;
  readonly recordTraining: boolean;
  readonly body: Html;
}

/** A complete, self-contained HTML document: no script, no network, print CSS for the roll width. */
export function receiptDocument(kit: ReceiptKit, parts: ReceiptParts): string {
  const { ctx, text, format, layout } = kit;
  const { shop } = ctx;
  const training = isTraining(ctx, parts.recordTraining);
  const trainingMark = training
    ? html`<p class="mark mark-training">${text.training}</p><p class="mark-note">${text.trainingNote}</p>`
    : null;
  const copyMark =
    ctx.copyNumber !== null
      ? html`<p class="mark mark-copy">${text.copy(format.number(ctx.copyNumber))}</p><p class="mark-note">${text.copyPrinted(format.dateTime(ctx.printedAt))}</p>`
      : null;
  const cancelledMark =
    ctx.cancelledBy != null
      ? html`<p class="mark mark-cancelled">${text.seeCancellation(receiptNumberText(ctx.cancelledBy.receiptNumber, ctx.cancelledBy.counterCode))}</p>`
      : null;
  const dir = ctx.language === 'ar' ? 'rtl' : 'ltr';
  const footer = [shop.receiptFooter.trim(), text.thanks].filter((line) => line !== '').join('\n');
  const doc = html`<!doctype html>
<html lang="${ctx.language}" dir="${dir}" data-paper-width-mm="${layout.widthMm}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${parts.title} ${receiptNumberText(parts.receiptNumber, ctx.counterCode)}</title>
<style>${trusted(receiptCss(layout, ctx.language))}</style>
</head>
<body>
<header class="shop">
${shop.shopName.trim() ? html`<h1 class="shop-name">${shop.shopName}</h1>` : null}
${shop.shopAddress.trim() ? html`<p class="shop-line">${shop.shopAddress}</p>` : null}
${shop.shopPhone.trim() ? html`<p class="shop-line">${ltr(shop.shopPhone)}</p>` : null}
</header>
${trainingMark}
${copyMark}
${cancelledMark}
<h2 class="title">${parts.title}</h2>
${rows([
  [text.date, format.dateTime(parts.completedAt)],
  ctx.cashierName ? [text.cashier, ctx.cashierName] : null,
  [text.receiptNumber, ltr(receiptNumberText(parts.receiptNumber, ctx.counterCode))],
])}
<hr>
${parts.body}
${training ? html`<p class="mark mark-training">${text.training}</p>` : null}
<footer class="footer">${footer}</footer>
</body>
</html>
`;
  return doc.text;
}
