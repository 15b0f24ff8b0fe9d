import type { Language } from '../../../shared/domain/common';
import type {
  ShopCashLine,
  ShopCounterDay,
  ShopDay,
  ShopDayException,
} from '../../../shared/domain/shop-day';
import type { Money } from '../../../shared/money';
import { receiptNumberText, zNumberText } from '../../../shared/printed-numbers';
import { shopCounterState, shopDayWaitingFor, shopDrawerName } from '../../../shared/report-text';
import { type Html, html } from '../receipts/html';
import { codeField, ltr, type Row, rows } from '../receipts/receipt-document';
import { receiptText } from '../receipts/receipt-text';
import { bridgeSection, type Kit, kitOf, section } from './reconciliation-document';
import { type ReportContext, reportShell } from './report-document';

/**
 * The shop day as a complete document on a 58 or 80 mm roll or an A4 page (no script, no network):
 * its result, every counter with its Zs and the chain heads they printed against what the ledger
 * holds, the balance bridge, the cash per drawer and in total, and the exceptions. Numbers are
 * printed as each counter prints them (`Z2-000001`, `2-000123`); drawers by their counter.
 */
export function renderShopDayDocument(
  day: ShopDay,
  ctx: Omit<ReportContext, 'reconciliation' | 'journalCheck'>,
): string {
  // Each number is printed with its own counter's code, never the code of the counter printing it.
  const kit = kitOf({ ...ctx, counterCode: null });
  const { text, format } = kit;
  const words = text.shop;
  const period = day.firstDay === day.lastDay ? day.firstDay : `${day.firstDay} – ${day.lastDay}`;
  const title = `${words.title} · ${words.number(format.number(day.number))}`;
  const training = ctx.training ? receiptText(ctx.language).training : null;
  const waiting = day.result === 'incomplete' ? shopDayWaitingFor(ctx.language, day.counters) : null;
  const body = html`<h2 class="title">${title}</h2>
<p class="mark result">${words.results[day.result]}</p>
${waiting ? html`<p class="mark-note">${waiting}</p>` : null}
<div class="sections">
<section class="part">${rows([
    [text.ledger.period, ltr(period)],
    [words.runBy, words.counter(day.runBy.code, day.runBy.name)],
    [text.exceptionsOpen, format.number(day.openExceptions), 'total'],
  ])}
<p class="note">${text.ledger.runAt(format.dateTime(day.runAt))}</p>
${day.ordersRead > 0 ? html`<p class="note">${words.attributed(format.number(day.ordersAttributed), format.number(day.ordersRead))}</p>` : null}
${(day.otherShops ?? []).map((other) => html`<p class="note">${words.otherShopOrders(other.shop, format.number(other.orders))}</p>`)}
${day.unconfirmedReason ? html`<p class="note">${text.ledger.unconfirmed(day.unconfirmedReason)}</p>` : null}
</section>
${day.counters.map((counter) => counterSection(kit, ctx.language, counter))}
${day.bridge ? bridgeSection(kit, day.bridge) : null}
${day.cash.map((drawer) =>
  cashSection(kit, `${words.cashPerDrawer}: ${shopDrawerName(ctx.language, day.cash, drawer)}`, drawer.lines),
)}
${day.cashTotal.length > 0 ? cashSection(kit, words.cashTotal, day.cashTotal) : null}
${day.exceptions.length > 0 ? exceptionsSection(kit, day.exceptions) : null}
</div>
<hr>`;
  return reportShell(kit, ctx, { report: 'shop-day', title, training }, body);
}

/** A counter: its state, each Z with the chain head it printed (received as printed or not), its last link. */
function counterSection({ text, format }: Kit, language: Language, counter: ShopCounterDay): Html {
  const words = text.shop;
  const state = shopCounterState(language, counter, format.dateTime);
  const zs = counter.shifts.flatMap((shift) =>
    shift.zNumber === null || shift.zHead === null
      ? []
      : [
          codeField(
            (shift.zHeadReceived ? words.zHead : words.zHeadMissing)(
              zNumberText(shift.zNumber, counter.code),
              format.number(shift.zHead.seq),
            ),
            shift.zHead.hash,
          ),
        ],
  );
  return section(
    words.counter(counter.code, counter.name),
    html`<p>${state}</p>${zs}${
      counter.head ? codeField(words.ledgerHead(format.number(counter.head.seq)), counter.head.hash) : null
    }`,
  );
}

function cashSection({ text, format }: Kit, title: string, lines: readonly ShopCashLine[]): Html {
  const signed = (value: Money): string =>
    value.amount > 0 ? `+${format.money(value)}` : format.money(value);
  return section(
    title,
    html`${lines.map((line) =>
      rows([
        [text.expected, format.money(line.expected)],
        [text.counted, format.money(line.counted), 'total'],
        [text.variance, signed(line.variance), 'total'],
      ]),
    )}`,
  );
}

/** Each exception, critical first: what it is and its amount, its order, its counter, its resolution. */
function exceptionsSection({ text, format }: Kit, exceptions: readonly ShopDayException[]): Html {
  const words = text.ledger;
  return section(
    words.exceptions,
    html`${exceptions.map((exception) => {
      const resolution = exception.resolution;
      const lines: (Row | null)[] = [
        [
          `${words.severities[exception.severity]} · ${text.reconcileKinds[exception.kind]}`,
          exception.amount ? format.money(exception.amount) : '',
          'total',
        ],
        exception.orderReference ? [words.reference, ltr(exception.orderReference)] : null,
        exception.counter
          ? [text.counter, text.shop.counter(exception.counter.code, exception.counter.name)]
          : null,
        exception.record
          ? [
              words.receipt,
              ltr(receiptNumberText(exception.record.receiptNumber, exception.counter?.code ?? null)),
            ]
          : null,
      ];
      return html`<div class="exception">${rows(lines)}${
        resolution
          ? html`<p class="note">${words.resolvedAs(words.classes[resolution.classification], resolution.by, resolution.reason)}${
              resolution.amount ? ` ${text.shop.resolvedFor(format.money(resolution.amount))}` : ''
            }</p>`
          : null
      }</div>`;
    })}`,
  );
}
