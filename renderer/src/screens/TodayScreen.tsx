import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SaleSummary } from '../../../shared/domain/sale';
import type { TopUp } from '../../../shared/domain/topup';
import { type CareText, careText } from '../care/care-text';
import { TopUpCareDialog } from '../care/TopUpCareDialog';
import { type Column, DataTable } from '../components/DataTable';
import { ErrorPanel } from '../components/ErrorPanel';
import { WindowedTable } from '../components/WindowedTable';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { integer, moneyText, time } from '../i18n/format';
import { useCounterCode, usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { matchingTopUps, useJournal } from '../stores/journal-store';
import './journal.css';

/** YYYY-MM-DD of an instant on this computer's calendar, as a date field holds it. */
function localDay(at: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A sale the provider cancelled reads cancelled, with the receipt that cancelled it beside it. */
function stateText(
  sale: SaleSummary,
  saleState: string,
  care: CareText,
  receipt: (receiptNumber: number) => string,
): string {
  const cancellation = sale.cancellation;
  if (!cancellation) return saleState;
  return cancellation.state === 'cancelled'
    ? care.cancelledBy(receipt(cancellation.receiptNumber))
    : care.cancellationInDoubt;
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
  const error = useJournal((state) => state.error);
  const topUpsError = useJournal((state) => state.topUpsError);
  const load = useJournal((state) => state.load);
  const setSearch = useJournal((state) => state.setSearch);
  const day = useJournal((state) => state.day);
  const setDay = useJournal((state) => state.setDay);
  const dayId = useId();
  const [caring, setCaring] = useState<TopUp | null>(null);
  const view = useJournal((state) => state.view);
  useFocusOnScreen('today', searchRef);
  useEffect(() => {
    void load();
  }, [load]);
  // Kept between renders so a sale event re-renders only the row it changes.
  const saleColumns = useMemo<readonly Column<SaleSummary>[]>(
    () => [
      { header: t.today.time, cell: (sale) => time(sale.createdAt, language) },
      {
        header: t.today.receipt,
        cell: (sale) => (
          <button
            type="button"
            className="link"
            aria-label={`${t.today.details} ${printed.receipt(sale.receiptNumber)}`}
            onClick={() => void view(sale.id)}
          >
            {printed.receipt(sale.receiptNumber)}
          </button>
        ),
      },
      { header: t.today.package, cell: (sale) => sale.packageName },
      { header: t.today.quantity, cell: (sale) => integer(sale.quantity, language) },
      { header: t.today.amount, cell: (sale) => moneyText(sale.retailTotal, language) },
      {
        header: t.today.state,
        className: 'state',
        cell: (sale) => stateText(sale, t.states[sale.state], careText(language), printed.receipt),
      },
    ],
    [t, language, view, printed],
  );
  const topUps = matchingTopUps(allTopUps, search, counterCode);
  const refunded = (totals?.refunded ?? []).map((total) => moneyText(total, language)).join(' + ');

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
          max={localDay(new Date())}
          value={day || localDay(new Date())}
          onChange={(event) => setDay(event.target.value === localDay(new Date()) ? '' : event.target.value)}
        />
      </div>
      {error ? <ErrorPanel error={error} /> : null}
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
          rows={sales}
          total={totals?.count}
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
              cell: (topUp) => (
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
            { header: t.today.state, className: 'state', cell: (topUp) => t.states[topUp.state] },
          ]}
        />
      )}
      {caring ? <TopUpCareDialog topUp={caring} onClose={() => setCaring(null)} /> : null}
    </div>
  );
}
