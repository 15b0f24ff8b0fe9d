import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SaleCancellation } from '../../../shared/domain/cancellation';
import type { SaleSummary } from '../../../shared/domain/sale';
import type { ShopTopUp, TopUp } from '../../../shared/domain/topup';
import { negated } from '../../../shared/money';
import { type CareText, careText } from '../care/care-text';
import { TopUpCareDialog } from '../care/TopUpCareDialog';
import { type Column, DataTable } from '../components/DataTable';
import { ErrorPanel } from '../components/ErrorPanel';
import { WindowedTable } from '../components/WindowedTable';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { clockTime, daySpelled, integer, moneyText, time } from '../i18n/format';
import { useCounterCode, usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { matchingTopUps, useJournal } from '../stores/journal-store';
import './journal.css';

/** A sale the provider cancelled reads cancelled, with its cancellation receipt; one refused stays sold. */
function stateText(
  sale: SaleSummary,
  saleState: string,
  care: CareText,
  receipt: (receiptNumber: number, counterCode?: string | null) => string,
): string {
  const cancellation = sale.cancellation;
  if (!cancellation) return saleState;
  if (cancellation.state === 'cancelled') {
    return care.cancelledBy(receipt(cancellation.receiptNumber, cancellation.counterCode));
  }
  return cancellation.state === 'refused' ? care.cancellationRefused : care.cancellationInDoubt;
}

/** The line of a sale's cancellation receipt, just after the sale's own. */
interface CancellationLine {
  readonly id: string;
  readonly state: 'cancellation';
  readonly sale: SaleSummary;
  readonly cancellation: SaleCancellation;
}

type TodayLine = SaleSummary | CancellationLine;

// One line per cancelled sale, kept with the sale it follows: an event re-renders only its own rows.
const cancellationLines = new WeakMap<SaleSummary, CancellationLine>();

/** The sales in their order, each cancelled one followed by its cancellation receipt. */
function withCancellations(sales: readonly SaleSummary[]): readonly TodayLine[] {
  if (!sales.some((sale) => sale.cancellation?.state === 'cancelled')) return sales;
  return sales.flatMap((sale): TodayLine[] => {
    const cancellation = sale.cancellation;
    if (cancellation?.state !== 'cancelled') return [sale];
    let line = cancellationLines.get(sale);
    if (!line) {
      line = { id: cancellation.id, state: 'cancellation', sale, cancellation };
      cancellationLines.set(sale, line);
    }
    return [sale, line];
  });
}

function isCancellation(line: TodayLine): line is CancellationLine {
  return line.state === 'cancellation';
}

/** A row of Today's top-ups: this counter's, or another counter's that a search found in the shop ledger. */
type TodayTopUp = TopUp | ShopTopUp;

function isOtherCounters(topUp: TodayTopUp): topUp is ShopTopUp {
  return 'counterCode' in topUp;
}

export function TodayScreen(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const printed = usePrintedNumbers();
  const counterCode = useCounterCode();
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const sales = useJournal((state) => state.sales);
  // Of the whole day, however much of it is loaded (completed takings per currency: never added across two).
  const totals = useJournal((state) => state.salesTotals);
  const loadMoreSales = useJournal((state) => state.loadMoreSales);
  const allTopUps = useJournal((state) => state.topUps);
  const search = useJournal((state) => state.search);
  const otherTopUps = useJournal((state) => state.otherTopUps);
  const otherCounters = useJournal((state) => state.otherCounters);
  const error = useJournal((state) => state.error);
  const topUpsError = useJournal((state) => state.topUpsError);
  const load = useJournal((state) => state.load);
  const setSearch = useJournal((state) => state.setSearch);
  const day = useJournal((state) => state.day);
  const today = useJournal((state) => state.today);
  const dayCutOff = useJournal((state) => state.dayCutOff);
  const setDay = useJournal((state) => state.setDay);
  const dayId = useId();
  const [caring, setCaring] = useState<TopUp | null>(null);
  const view = useJournal((state) => state.view);
  useFocusOnScreen('today', searchRef);
  useEffect(() => {
    void load();
  }, [load]);
  // Kept between renders so a sale event re-renders only the row it changes.
  const saleColumns = useMemo<readonly Column<TodayLine>[]>(() => {
    const care = careText(language);
    return [
      {
        header: t.today.time,
        cell: (line) =>
          time(
            isCancellation(line)
              ? (line.cancellation.settledAt ?? line.cancellation.createdAt)
              : line.createdAt,
            language,
          ),
      },
      {
        header: t.today.receipt,
        cell: (line) => {
          // A cancellation receipt opens its sale's details, where it prints again.
          const sale = isCancellation(line) ? line.sale : line;
          // Each number as its counter prints it: another counter's sale (or cancellation) with its code.
          const receipt = isCancellation(line)
            ? printed.receipt(line.cancellation.receiptNumber, line.cancellation.counterCode)
            : printed.receipt(line.receiptNumber, line.counterCode);
          return (
            <button
              type="button"
              className="link"
              aria-label={`${isCancellation(line) ? care.cancellationDetails : t.today.details} ${receipt}`}
              onClick={() => void view(sale.id)}
            >
              {receipt}
            </button>
          );
        },
      },
      {
        header: t.today.package,
        cell: (line) =>
          isCancellation(line)
            ? care.cancellationReceipt(
                printed.receipt(line.cancellation.receiptNumber, line.cancellation.counterCode),
                printed.receipt(line.cancellation.originalReceiptNumber, line.sale.counterCode),
              )
            : line.packageName,
      },
      {
        header: t.today.quantity,
        cell: (line) => (isCancellation(line) ? null : integer(line.quantity, language)),
      },
      {
        header: t.today.amount,
        cell: (line) =>
          isCancellation(line)
            ? line.cancellation.cashRefund && line.cancellation.cashRefunded
              ? moneyText(negated(line.cancellation.cashRefund), language)
              : null
            : moneyText(line.retailTotal, language),
      },
      {
        header: t.today.state,
        className: 'state',
        cell: (line) =>
          isCancellation(line)
            ? care.states.cancelled
            : stateText(line, t.states[line.state], care, printed.receipt),
      },
    ];
  }, [t, language, view, printed]);
  const lines = useMemo(() => withCancellations(sales), [sales]);
  // Another counter's top-ups follow this counter's; they are cared for at the counter that made them.
  const topUps: readonly TodayTopUp[] = [...matchingTopUps(allTopUps, search, counterCode), ...otherTopUps];
  const refunded = (totals?.refunded ?? []).map((total) => moneyText(total, language)).join(' + ');
  const spelledDay = daySpelled(day || today, language);

  return (
    <div className="screen today-screen">
      <h1>{t.today.title}</h1>
      <div className="search-box">
        <label htmlFor={searchId}>{t.today.search}</label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          placeholder={t.today.searchHint}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label htmlFor={dayId}>{t.today.day}</label>
        <input
          id={dayId}
          type="date"
          max={today}
          value={day || today}
          aria-describedby={`${dayId}-spelled`}
          onChange={(event) => setDay(event.target.value === today ? '' : event.target.value)}
        />
        <span id={`${dayId}-spelled`} className="hint">
          {/* At 01:30 the day field holds yesterday's date: the day's hours say why. */}
          {dayCutOff && dayCutOff !== '00:00'
            ? t.today.dayRuns(spelledDay, clockTime(dayCutOff, language))
            : spelledDay}
        </span>
      </div>
      {error ? <ErrorPanel error={error} /> : null}
      {otherCounters === 'unreachable' ? (
        <p role="alert" className="notice">
          {t.today.otherCountersUnreachable}
        </p>
      ) : null}
      <p className="totals">
        {t.today.totals(
          totals?.completed ?? 0,
          (totals?.takings ?? []).map((total) => moneyText(total, language)).join(' + ') || '—',
        )}
        {refunded ? ` (${t.today.netOfRefunds(totals?.cancelled ?? 0, refunded)})` : null}
      </p>
      {sales.length === 0 ? (
        <p className="empty">{t.today.empty}</p>
      ) : (
        <WindowedTable
          caption={t.today.title}
          rows={lines}
          total={totals ? totals.count + totals.cancelled : undefined}
          onNearEnd={loadMoreSales}
          columns={saleColumns}
        />
      )}
      <h2>{t.today.topUps}</h2>
      {topUpsError ? <ErrorPanel error={topUpsError} /> : null}
      {topUps.length === 0 ? (
        <p className="empty">{t.today.topUpsEmpty}</p>
      ) : (
        <DataTable
          caption={t.today.topUps}
          rows={topUps}
          columns={[
            { header: t.today.time, cell: (topUp) => time(topUp.createdAt, language) },
            {
              header: t.today.receipt,
              cell: (topUp) =>
                isOtherCounters(topUp) ? (
                  printed.receipt(topUp.receiptNumber, topUp.counterCode)
                ) : (
                  <button
                    type="button"
                    className="link"
                    aria-label={`${careText(language).topUpDetails} ${printed.receipt(topUp.receiptNumber)}`}
                    onClick={() => setCaring(topUp)}
                  >
                    {printed.receipt(topUp.receiptNumber)}
                  </button>
                ),
            },
            { header: t.today.iccid, className: 'mono', dir: 'ltr', cell: (topUp) => topUp.iccid },
            { header: t.today.package, cell: (topUp) => topUp.packageName },
            { header: t.today.amount, cell: (topUp) => moneyText(topUp.retail, language) },
            {
              header: t.today.state,
              className: 'state',
              cell: (topUp) =>
                isOtherCounters(topUp)
                  ? t.today.toppedUpAt(t.states[topUp.state], topUp.counterCode)
                  : t.states[topUp.state],
            },
          ]}
        />
      )}
      {caring ? <TopUpCareDialog topUp={caring} onClose={() => setCaring(null)} /> : null}
    </div>
  );
}
