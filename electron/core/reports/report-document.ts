import type { Language } from '../../../shared/domain/common';
import type { JournalCheck } from '../../../shared/domain/journal-check';
import type { Reconciliation } from '../../../shared/domain/reconciliation';
import type { ShiftReport, TakingsLine } from '../../../shared/domain/shift-report';
import { journalCheckSentence, journalCheckText } from '../../../shared/journal-check-text';
import { type Money, negated } from '../../../shared/money';
import { receiptNumberText, zNumberText } from '../../../shared/printed-numbers';
import { type ReportText, reportText } from '../../../shared/report-text';
import { type Html, html, trusted } from '../receipts/html';
import type { ReceiptShop } from '../receipts/receipt-context';
import { codeField, ltr, type Row, rows } from '../receipts/receipt-document';
import { defaultReceiptLocale, isolate, type ReceiptFormat, receiptFormat } from '../receipts/receipt-format';
import { type PaperLayout, paperLayout, receiptCss } from '../receipts/receipt-style';
import { receiptText } from '../receipts/receipt-text';

export type ReportPaper = '58' | '80' | 'a4';

export interface ReportContext {
  readonly shop: ReceiptShop;
  readonly language: Language;
  readonly paper: ReportPaper;
  /** The counter is in training mode: nothing on the report is real money. */
  readonly training: boolean;
  readonly printedAt: string;
  /** The shop's time zone: the report's times are on the shop's clock. */
  readonly timeZone: string;
  /** The counter's code in its shop ledger, printed with its Z and receipt numbers (null: in none). */
  readonly counterCode: string | null;
  /** A Z prints its business day's reconciliation with the provider as it stands (undefined on an X). */
  readonly reconciliation?: Reconciliation | null;
  /** A Z prints the journal's check run for it: whether the chain holds, or where it first breaks. */
  readonly journalCheck?: JournalCheck;
}

interface Kit {
  readonly text: ReportText;
  readonly format: ReceiptFormat;
  readonly counterCode: string | null;
}

/**
 * An X or Z report as a complete, self-contained HTML document: on a 58 or 80 mm roll (drawn like a
 * receipt, sized to its content when printed) or on an A4 page. No script, no network.
 */
export function renderReportDocument(report: ShiftReport, ctx: ReportContext): string {
  const kit: Kit = {
    text: reportText(ctx.language),
    format: receiptFormat(defaultReceiptLocale(ctx.language), ctx.timeZone, ctx.language === 'ar'),
    counterCode: ctx.counterCode,
  };
  const { text, format } = kit;
  const title =
    report.kind === 'z' ? `${text.zTitle} ${zNumberText(report.zNumber ?? 0, ctx.counterCode)}` : text.xTitle;
  const training = ctx.training ? receiptText(ctx.language).training : null;
  const body = html`<h2 class="title">${report.kind === 'z' ? html`${text.zTitle} <bdi dir="ltr">${zNumberText(report.zNumber ?? 0, ctx.counterCode)}</bdi>` : text.xTitle}</h2>
${report.kind === 'x' ? html`<p class="mark">${text.xNote}</p>` : null}
${report.kind === 'z' && !report.counted ? html`<p class="mark">${text.notCounted}</p><p class="mark-note">${text.notCountedNote}</p>` : null}
<div class="sections">
${headerSection(kit, report)}
${takingsSection(kit, text.sales, report.sales, true)}
${cancelledSection(kit, report)}
${takingsSection(kit, text.topUps, report.topUps, false)}
${tendersSection(kit, report)}
${report.cash.map((line) => cashSection(kit, report, line))}
${countsSection(kit, report)}
${movementsSection(kit, report)}
${exceptionsSection(kit, report)}
${correctionsSection(kit, report)}
${ratesSection(kit, report)}
${ctx.reconciliation === undefined ? null : reconciliationSection(kit, ctx.reconciliation)}
</div>
<hr>
<section class="chain">
${report.chainHead ? codeField(`${text.chainHead} #${format.number(report.chainHead.seq)}`, report.chainHead.hash) : null}
${ctx.journalCheck ? journalCheckSection(kit, ctx.journalCheck, ctx.language) : null}
<p class="note">${text.chainNote}</p>
</section>`;
  return reportShell(kit, ctx, { report: report.kind, title, training }, body);
}

/**
 * A report's whole document around its body: its paper and style, the shop's header, and when it
 * was printed. No script, no network.
 */
export function reportShell(
  { text, format }: Pick<Kit, 'text' | 'format'>,
  ctx: Pick<ReportContext, 'shop' | 'language' | 'paper' | 'printedAt'>,
  page: { readonly report: string; readonly title: string; readonly training: string | null },
  body: Html,
): string {
  const { roll, css } = reportPaper(ctx.paper, ctx.language);
  const doc = html`<!doctype html>
<html lang="${ctx.language}" dir="${ctx.language === 'ar' ? 'rtl' : 'ltr'}"${roll ? trusted(` data-paper-width-mm="${roll.widthMm}"`) : ''} data-report="${page.report}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${page.title}</title>
<style>${trusted(css)}</style>
</head>
<body>
${documentHeader(ctx.shop, page.training)}
${body}
${rows([[text.printed, format.dateTime(ctx.printedAt)]])}
${page.training ? html`<p class="mark">${page.training}</p>` : null}
</body>
</html>
`;
  return doc.text;
}

/** The journal's check: a broken journal is said as loudly as a Z not counted. */
function journalCheckSection({ format }: Kit, check: JournalCheck, language: Language): Html {
  const words = journalCheckText(language);
  const sentence = journalCheckSentence(check, language, format.number);
  return html`<p class="${check.firstBreak ? 'mark' : 'note'}" data-journal-check="${check.firstBreak ? 'broken' : 'holds'}">${sentence}</p>
${rows([[`${words.title} · ${words.checkedAt}`, format.dateTime(check.checkedAt)]])}`;
}

function section(title: string, body: Html | null): Html {
  return html`<section class="part"><h3>${title}</h3>${body}</section>`;
}

function headerSection({ text, format }: Kit, report: ShiftReport): Html {
  return html`<section class="part">${rows([
    [text.businessDay, format.date(`${report.businessDay}T12:00:00.000Z`)],
    [text.counter, ltr(report.counterId)],
    [text.opened, format.dateTime(report.openedAt)],
    report.closedAt ? [text.closed, format.dateTime(report.closedAt)] : null,
    [text.openedBy, report.openedBy],
    report.closedBy ? [text.closedBy, report.closedBy] : null,
    [text.cashiers, report.cashiers.map((each) => each.name).join(', ') || text.none],
  ])}</section>`;
}

function takingsSection(
  { text, format }: Kit,
  title: string,
  lines: readonly TakingsLine[],
  esims: boolean,
): Html {
  if (lines.length === 0) return section(title, html`<p>${text.none}</p>`);
  return section(
    title,
    html`${lines.map((line) =>
      rows([
        [text.count, format.number(line.count)],
        esims ? [text.esims, format.number(line.units)] : null,
        [text.retail, format.money(line.retail), 'total'],
        line.cost ? [text.cost, format.money(line.cost)] : null,
        line.margin ? [text.margin, format.money(line.margin)] : null,
      ]),
    )}`,
  );
}

/**
 * The sales the provider cancelled on the shift, when there are any: how many, what came off the
 * takings and what they are net of it, and the cash the drawer gave back (one of its refunds).
 */
function cancelledSection({ text, format }: Kit, report: ShiftReport): Html | null {
  if (report.cancelled.length === 0) return null;
  const lines: Row[] = report.cancelled.flatMap((line): Row[] => [
    [text.count, format.number(line.count)],
    [text.offTheTakings, format.money(negated(line.retail))],
    [text.netTakings, format.money(line.net), 'total'],
  ]);
  for (const amount of report.cancelledCashBack) lines.push([text.cashGivenBack, format.money(amount)]);
  return section(text.cancelledSales, rows(lines));
}

function tendersSection({ text, format }: Kit, report: ShiftReport): Html {
  const lines: Row[] = report.tenders.map((line) => [
    text.tenderLine(text.methods[line.method], format.number(line.count)),
    format.money(line.amount),
  ]);
  if (report.untendered > 0) lines.push([text.untendered, format.number(report.untendered)]);
  return section(text.tenders, lines.length > 0 ? rows(lines) : html`<p>${text.none}</p>`);
}

function signedMoney(format: Kit['format'], value: Money): string {
  return value.amount > 0 ? `+${format.money(value)}` : format.money(value);
}

function cashSection({ text, format }: Kit, report: ShiftReport, line: ShiftReport['cash'][number]): Html {
  const signed = (value: Money): string => signedMoney(format, value);
  const isZ = report.kind === 'z';
  return section(
    text.cash(line.currency),
    rows([
      [text.opening, format.money(line.opening)],
      [text.cashIn, format.money(line.cashIn)],
      [text.change, format.money(line.change)],
      [text.refunds, format.money(line.refunds)],
      [text.payIns, format.money(line.payIns)],
      [text.payOuts, format.money(line.payOuts)],
      line.expected
        ? [text.expected, format.money(line.expected), 'total']
        : [text.expected, text.expectedHidden],
      isZ || line.counted
        ? [text.counted, line.counted ? format.money(line.counted) : text.notCounted, 'total']
        : null,
      line.variance ? [text.variance, signed(line.variance), 'total'] : null,
      isZ && report.varianceReason ? [text.reason, report.varianceReason] : null,
      isZ && report.approvedBy ? [text.approvedBy, report.approvedBy] : null,
    ]),
  );
}

/**
 * Every closing count, oldest first, with its variance where the reader may see it: a recount hides
 * none. A shift counted once shows its count in the cash lines alone.
 */
function countsSection({ text, format }: Kit, report: ShiftReport): Html | null {
  if (report.counts.length < 2) return null;
  const lines = report.counts.flatMap((count, index) =>
    count.lines.map(
      (line): Row => [
        text.countLine(format.number(index + 1), format.dateTime(count.at), count.countedBy ?? ''),
        line.variance
          ? `${format.money(line.counted)} (${signedMoney(format, line.variance)})`
          : format.money(line.counted),
      ],
    ),
  );
  return section(text.counts, rows(lines));
}

function movementsSection({ text, format }: Kit, report: ShiftReport): Html {
  const lines: Row[] = report.movements.map((line) => [
    text.movementLine(text.movementKinds[line.kind], text.reasons[line.reason], format.number(line.count)),
    format.money(line.amount),
  ]);
  lines.push(
    ...report.floatDifference.map(
      (diff): Row => [`${text.floatDifference} ${diff.currency}`, format.money(diff)],
    ),
  );
  lines.push(
    [text.noSaleOpens, format.number(report.noSaleOpens)],
    [text.reprints, format.number(report.reprints)],
  );
  return section(text.movements, rows(lines));
}

function exceptionsSection({ text, format, counterCode }: Kit, report: ShiftReport): Html {
  const open: Row[] = report.carriedForward.map((each) => [
    `${text.receiptNo(isolate(receiptNumberText(each.receiptNumber, counterCode)))} · ${text.states[each.state] ?? each.state}`,
    format.money(each.amount),
  ]);
  const held: Row[] = report.cashHeld.map((amount) => [text.cashHeld, format.money(amount), 'total']);
  return section(
    text.carriedForward,
    open.length > 0 ? rows([...open, ...held]) : rows([[text.cashHeld, text.none]]),
  );
}

/**
 * The day's reconciliation: its result on a line of its own (a narrow roll has no room for it beside
 * the time), the exceptions still open (critical first) with their amounts, and the balance's remainder.
 */
function reconciliationSection(
  { text, format, counterCode }: Kit,
  reconciliation: Reconciliation | null,
): Html {
  if (!reconciliation) return section(text.reconciliation, rows([[text.reconciliationNotRun, '']]));
  const open = reconciliation.exceptions.filter((exception) => exception.resolution === null);
  const remainder = reconciliation.bridge?.remainder;
  const exceptions = open.map((exception) => {
    const reference =
      exception.orderReference ??
      (exception.record ? receiptNumberText(exception.record.receiptNumber, counterCode) : null);
    return html`${rows([[text.reconcileKinds[exception.kind], exception.amount ? format.money(exception.amount) : '']])}${
      reference || exception.packageName
        ? html`<p class="note">${reference ? ltr(reference) : null}${reference && exception.packageName ? ' · ' : ''}${exception.packageName ?? ''}</p>`
        : null
    }`;
  });
  const totals: Row[] = [
    ...(remainder && remainder.amount !== 0
      ? [[text.balanceUnexplained, format.money(remainder)] as Row]
      : []),
    ...reconciliation.cashRefunds
      .filter((line) => line.notYetRecovered.amount !== 0)
      .map((line): Row => [text.ledger.cashNotYetRecovered, format.money(line.notYetRecovered)]),
  ];
  return section(
    text.reconciliation,
    html`<p class="result">${text.reconciliationResults[reconciliation.result]}</p>
<p class="note">${text.ledger.runAt(format.dateTime(reconciliation.confirmedAt ?? reconciliation.runAt))}</p>
${rows([[text.exceptionsOpen, format.number(open.length)]])}${exceptions}${totals.length > 0 ? rows(totals) : null}`,
  );
}

function correctionsSection({ text, format, counterCode }: Kit, report: ShiftReport): Html | null {
  if (report.corrections.length === 0) return null;
  return section(
    text.corrections,
    html`${report.corrections.map((line) => {
      const z = line.zNumber === null ? '—' : zNumberText(line.zNumber, counterCode);
      const variance =
        line.expected !== null
          ? {
              amount: (line.amount.amount - line.expected.amount) as Money['amount'],
              currency: line.currency,
            }
          : null;
      return rows([
        [
          line.kind === 'late_count' ? text.lateCount(z) : text.adjustment(z),
          format.money(line.amount),
          'total',
        ],
        line.expected ? [text.expected, format.money(line.expected)] : null,
        variance ? [text.variance, format.money(variance)] : null,
        [text.reason, line.reason],
        line.approvedBy ? [text.approvedBy, line.approvedBy] : null,
      ]);
    })}`,
  );
}

function ratesSection({ text, format }: Kit, report: ShiftReport): Html | null {
  if (report.rates.length === 0) return null;
  return section(
    text.rates,
    rows(
      report.rates.flatMap((rate): Row[] => [
        [text.rateBuy(rate.base), format.money({ amount: rate.buyPer100, currency: rate.quote })],
        [text.rateSell(rate.base), format.money({ amount: rate.sellPer100, currency: rate.quote })],
      ]),
    ),
  );
}

// A report's values are amounts and times: kept whole on their line, the label wraps instead.
const REPORT_CSS = `
.part .rows { grid-template-columns: minmax(0, 1fr) auto; }
.part .rows dd { white-space: nowrap; overflow-wrap: normal; }
.part h3 { font-size: 1.05em; margin: 2mm 0 0.5mm; border-bottom: 0.3mm solid #000; }
.note { font-size: 0.9em; margin-top: 1mm; }
.part .result { font-weight: 800; font-size: 1.1em; }
.chain .code { font-size: 0.85em; }
`;

/** A report's paper: a 58 or 80 mm roll drawn like a receipt, or an A4 page; and its style. */
export function reportPaper(
  paper: ReportPaper,
  language: Language,
): { readonly roll: PaperLayout | null; readonly css: string } {
  const roll = paper === 'a4' ? null : paperLayout(paper === '58' ? 58 : 80);
  return { roll, css: roll ? receiptCss(roll, language) + REPORT_CSS : a4Css(language) };
}

/** A report's top: the shop's name and address as its receipts print them, and the training mark. */
export function documentHeader(shop: ReceiptShop, training: string | null): Html {
  return html`<header class="shop">
${shop.shopName.trim() ? html`<h1 class="shop-name">${shop.shopName}</h1>` : null}
${shop.shopAddress.trim() ? html`<p class="shop-line">${shop.shopAddress}</p>` : null}
</header>
${training ? html`<p class="mark">${training}</p>` : null}`;
}

export function a4Css(language: Language): string {
  const fonts =
    language === 'ar'
      ? `'Noto Sans Arabic', 'Noto Naskh Arabic', Tahoma, 'Segoe UI', 'DejaVu Sans', sans-serif`
      : `'Segoe UI', 'Helvetica Neue', Arial, 'Noto Sans', 'DejaVu Sans', sans-serif`;
  return `
@page { size: A4; margin: 15mm; }
* { box-sizing: border-box; }
html { background: #fff; color: #000; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 9.5pt/1.25 ${fonts}; }
h1, h2, h3, p, dl, dd { margin: 0; }
.shop { text-align: center; margin-bottom: 3mm; }
.shop-name { font-size: 1.6em; }
.title { text-align: center; font-size: 1.5em; margin: 2mm 0; }
.mark { border: 0.5mm solid #000; text-align: center; font-weight: 800; padding: 1mm; margin: 2mm 0; }
.mark-note { text-align: center; margin-bottom: 2mm; }
.sections { display: grid; grid-template-columns: 1fr 1fr; column-gap: 10mm; row-gap: 3mm; }
.part { break-inside: avoid; }
.part h3 { font-size: 1.1em; border-bottom: 0.3mm solid #000; margin-bottom: 1mm; }
.rows { display: grid; grid-template-columns: auto 1fr; column-gap: 4mm; row-gap: 0.5mm; }
.rows dd { text-align: end; font-weight: 700; }
.rows .total { font-size: 1.1em; }
hr { border: 0; border-top: 0.3mm solid #000; margin: 3mm 0; }
.field-label { font-size: 0.9em; }
.code { font-family: 'DejaVu Sans Mono', Consolas, Menlo, monospace; word-break: break-all; }
[dir='rtl'] .code { text-align: right; }
.note { font-size: 0.9em; margin-top: 1mm; }
bdi { unicode-bidi: isolate; }
`;
}
