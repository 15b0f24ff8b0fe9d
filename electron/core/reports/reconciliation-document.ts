import type {
  BalanceBridge,
  CashLegLine,
  CashRefundLine,
  ReconcileException,
  ReconcileRow,
  Reconciliation,
} from '../../../shared/domain/reconciliation';
import type { Money } from '../../../shared/money';
import { receiptNumberText } from '../../../shared/printed-numbers';
import { type ReportText, reportText } from '../../../shared/report-text';
import { type Html, html, trusted } from '../receipts/html';
import { ltr, type Row, rows } from '../receipts/receipt-document';
import { defaultReceiptLocale, type ReceiptFormat, receiptFormat } from '../receipts/receipt-format';
import { receiptText } from '../receipts/receipt-text';
import { a4Css, documentHeader, type ReportContext } from './report-document';

export interface Kit {
  readonly text: ReportText;
  readonly format: ReceiptFormat;
  readonly counterCode: string | null;
}

/** A report's words and formats in its language, on the shop's clock. */
export function kitOf(ctx: Pick<ReportContext, 'language' | 'timeZone' | 'counterCode'>): Kit {
  return {
    text: reportText(ctx.language),
    format: receiptFormat(defaultReceiptLocale(ctx.language), ctx.timeZone, ctx.language === 'ar'),
    counterCode: ctx.counterCode,
  };
}

/**
 * A period's reconciliation with the provider as a complete A4 document (no script, no network): the
 * result, the balance bridge, both halves of the cash leg, the exceptions with their age and
 * resolution, and every order row. The shell or the browser turns it into a PDF; the core stays
 * without one.
 */
export function renderReconciliationDocument(
  report: Reconciliation,
  ctx: Omit<ReportContext, 'paper' | 'reconciliation'>,
): string {
  const kit = kitOf(ctx);
  const { text, format } = kit;
  const words = text.ledger;
  const period =
    report.firstDay === report.lastDay ? report.firstDay : `${report.firstDay} – ${report.lastDay}`;
  const training = ctx.training ? receiptText(ctx.language).training : null;
  const doc = html`<!doctype html>
<html lang="${ctx.language}" dir="${ctx.language === 'ar' ? 'rtl' : 'ltr'}" data-report="reconciliation">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${text.reconciliation} ${period}</title>
<style>${trusted(a4Css(ctx.language) + RECONCILIATION_CSS)}</style>
</head>
<body>
${documentHeader(ctx.shop, training)}
<h2 class="title">${text.reconciliation}</h2>
<p class="mark result">${text.reconciliationResults[report.result]}</p>
<div class="sections">
<section class="part">${rows([
    [words.period, ltr(period)],
    [text.exceptionsOpen, format.number(report.openExceptions), 'total'],
  ])}
<p class="note">${words.runAt(format.dateTime(report.runAt))}</p>
${report.confirmedAt ? html`<p class="note">${words.confirmedAt(format.dateTime(report.confirmedAt))}</p>` : null}
${report.unconfirmedReason ? html`<p class="note">${words.unconfirmed(report.unconfirmedReason)}</p>` : null}
${report.currencyNote ? html`<p class="note">${words.otherCurrency(report.currencyNote)}</p>` : null}
${report.shopLedger?.state === 'unreachable' ? html`<p class="note">${words.ledgerUnreachable(report.shopLedger.problem ?? '')}</p>` : null}
</section>
${report.bridge ? bridgeSection(kit, report.bridge) : null}
${report.cash.length > 0 ? cashSection(kit, report.cash) : null}
${report.cashRefunds.length > 0 ? refundsSection(kit, report.cashRefunds) : null}
</div>
${exceptionsTable(kit, report.exceptions)}
${rowsTable(kit, report.rows)}
<hr>
${rows([[text.printed, format.dateTime(ctx.printedAt)]])}
${training ? html`<p class="mark">${training}</p>` : null}
</body>
</html>
`;
  return doc.text;
}

export function section(title: string, body: Html): Html {
  return html`<section class="part"><h3>${title}</h3>${body}</section>`;
}

function moneyOrNotRead({ text, format }: Kit, value: Money | null | undefined): string {
  return value ? format.money(value) : text.ledger.notRead;
}

export function bridgeSection(kit: Kit, bridge: BalanceBridge): Html {
  const { text, format } = kit;
  const words = text.ledger;
  const lines: Row[] = [
    [words.opening, moneyOrNotRead(kit, bridge.opening?.balance)],
    [words.charges, format.money({ ...bridge.charges, amount: -bridge.charges.amount as Money['amount'] })],
    [words.refunds, format.money(bridge.refunds)],
    [words.deposits, format.money(bridge.deposits)],
    ...(bridge.otherShops
      ? ([
          [words.otherShopsRefunds, format.money(bridge.otherShops.refunds)],
          [words.otherShopsDeposits, format.money(bridge.otherShops.deposits)],
        ] as Row[])
      : []),
    [words.expectedClosing, moneyOrNotRead(kit, bridge.expectedClosing), 'total'],
    [words.closing, moneyOrNotRead(kit, bridge.closing?.balance), 'total'],
  ];
  // In a shop the account's remainder is the shop day's to explain, never this counter's.
  if (!bridge.shop) lines.push([words.remainder, moneyOrNotRead(kit, bridge.remainder), 'total']);
  return section(
    `${words.bridge} ${bridge.currency}`,
    html`${rows(lines)}${bridge.shop ? html`<p class="note">${words.shopBridge}</p>` : null}${
      bridge.likelyCauses.length > 0 && !bridge.shop
        ? html`<p class="note">${words.likelyCauses}:</p><ul class="causes">${bridge.likelyCauses.map((cause) => html`<li>${words.bridgeCause(cause, format.money)}</li>`)}</ul>`
        : null
    }`,
  );
}

function cashSection({ text, format }: Kit, lines: readonly CashLegLine[]): Html {
  const words = text.ledger;
  return section(
    words.cash,
    html`${lines.map((line) =>
      rows([
        [line.currency, '', 'currency'],
        [words.cashCompleted, format.money(line.completed)],
        [words.cashTaken, format.money(line.drawerTakings)],
        [words.cashHeld, format.money(line.heldForOpen)],
        [words.remainder, format.money(line.remainder), 'total'],
      ]),
    )}`,
  );
}

function refundsSection({ text, format }: Kit, lines: readonly CashRefundLine[]): Html {
  const words = text.ledger;
  return section(
    words.cashRefunds,
    html`${lines.map((line) =>
      rows([
        [line.currency, '', 'currency'],
        [words.cashRefunded, format.money(line.refunded)],
        [words.cashRecovered, format.money(line.recovered)],
        [words.cashNotYetRecovered, format.money(line.notYetRecovered), 'total'],
        [words.cashNotRecoverable, format.money(line.notRecoverable)],
      ]),
    )}`,
  );
}

/** Who found what and when, and how a manager resolved it: the exceptions, critical first. */
function exceptionsTable(
  { text, format, counterCode }: Kit,
  exceptions: readonly ReconcileException[],
): Html | null {
  if (exceptions.length === 0) return null;
  const words = text.ledger;
  return html`<section class="table-part"><h3>${words.exceptions}</h3>
<table><thead><tr><th>${words.severity}</th><th>${words.note}</th><th>${words.amountLabel}</th><th>${words.reference}</th><th>${words.firstSeen}</th></tr></thead>
<tbody>${exceptions.map(
    (exception) => html`<tr class="${exception.severity}">
<td>${words.severities[exception.severity]}</td>
<td>${text.reconcileKinds[exception.kind]}<br><span class="explained">${words.rowNote(exception, format.money)}</span>${
      exception.packageName ? html`<br>${words.package}: ${exception.packageName}` : null
    }${
      exception.resolution
        ? html`<br><span class="resolution">${words.resolvedAs(
            words.classes[exception.resolution.classification],
            exception.resolution.by,
            exception.resolution.reason,
          )}</span>`
        : null
    }</td>
<td class="amount">${exception.amount ? format.money(exception.amount) : ''}</td>
<td>${subject(exception, counterCode)}</td>
<td>${format.dateTime(exception.firstSeenAt)}</td>
</tr>`,
  )}</tbody></table></section>`;
}

function rowsTable({ text, format, counterCode }: Kit, list: readonly ReconcileRow[]): Html | null {
  if (list.length === 0) return null;
  const words = text.ledger;
  return html`<section class="table-part"><h3>${words.rows}</h3>
<table><thead><tr><th>${words.note}</th><th>${words.reference}</th><th>${words.journalCost}</th><th>${words.providerAmount}</th></tr></thead>
<tbody>${list.map(
    (row) => html`<tr>
<td>${text.reconcileKinds[row.kind]}${row.counter ? html`<br>${words.heldBy(row.counter.code, row.counter.name)}` : null}</td>
<td>${subject(row, counterCode)}</td>
<td class="amount">${row.journalCost ? format.money(row.journalCost) : ''}</td>
<td class="amount">${row.providerAmount ? format.money(row.providerAmount) : ''}</td>
</tr>`,
  )}</tbody></table></section>`;
}

/** The order reference, and the receipt when the journal has the record. */
function subject(row: ReconcileRow, counterCode: string | null): Html {
  return html`${row.orderReference ? ltr(row.orderReference) : null}${
    row.record
      ? html`${row.orderReference ? html`<br>` : null}${ltr(receiptNumberText(row.record.receiptNumber, counterCode))}`
      : null
  }`;
}

const RECONCILIATION_CSS = `
.result { font-size: 1.4em; }
.rows dt.currency { font-weight: 800; margin-top: 1mm; }
.causes { margin: 0.5mm 0 0; padding-inline-start: 5mm; font-size: 0.9em; }
.table-part { margin-top: 5mm; }
.table-part h3 { font-size: 1.1em; border-bottom: 0.3mm solid #000; margin-bottom: 1mm; }
table { width: 100%; border-collapse: collapse; font-size: 0.92em; }
th, td { text-align: start; vertical-align: top; padding: 0.6mm 1.5mm; border-bottom: 0.2mm solid #999; }
td.amount, td bdi { white-space: nowrap; }
td.amount { text-align: end; }
tr { break-inside: avoid; }
tr.critical td:first-child { font-weight: 800; }
.resolution, .explained { font-size: 0.9em; }
`;
