import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { Sale } from '../../../shared/domain';
import { addMinor, type Currency, type Money, minor } from '../../../shared/money';
import { ErrorPanel } from '../components/ErrorPanel';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { integer, money, time } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { matchingTopUps, useJournal } from '../stores/journal-store';

/** Completed takings per currency (a counter's account has one, but money is never added across two). */
function takings(sales: readonly Sale[]): Money[] {
  const totals = new Map<Currency, Money>();
  for (const sale of sales) {
    if (sale.state !== 'completed') continue;
    const { currency } = sale.retailTotal;
    const before = totals.get(currency)?.amount ?? minor(0);
    totals.set(currency, { currency, amount: addMinor(before, sale.retailTotal.amount) });
  }
  return [...totals.values()];
}

export function TodayScreen(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const sales = useJournal((state) => state.sales);
  const allTopUps = useJournal((state) => state.topUps);
  const search = useJournal((state) => state.search);
  const error = useJournal((state) => state.error);
  const topUpsError = useJournal((state) => state.topUpsError);
  const load = useJournal((state) => state.load);
  const setSearch = useJournal((state) => state.setSearch);
  const view = useJournal((state) => state.view);
  useFocusOnScreen('today', searchRef);
  useEffect(() => {
    void load();
  }, [load]);
  const completed = sales.filter((sale) => sale.state === 'completed').length;
  const topUps = matchingTopUps(allTopUps, search);

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
      </div>
      {error ? <ErrorPanel error={error} /> : null}
      <p className="totals">
        {t.today.totals(
          integer(completed, language),
          takings(sales)
            .map((total) => money(total, language))
            .join(' + ') || '—',
        )}
      </p>
      {sales.length === 0 ? (
        <p className="empty">{t.today.empty}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t.today.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t.today.time}</th>
              <th scope="col">{t.today.receipt}</th>
              <th scope="col">{t.today.package}</th>
              <th scope="col">{t.today.quantity}</th>
              <th scope="col">{t.today.amount}</th>
              <th scope="col">{t.today.state}</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((sale) => (
              <tr key={sale.id} className={`state-${sale.state}`}>
                <td>{time(sale.createdAt, language)}</td>
                <td>
                  <button
                    type="button"
                    className="link"
                    aria-label={`${t.today.details} ${integer(sale.receiptNumber, language)}`}
                    onClick={() => void view(sale.id)}
                  >
                    {integer(sale.receiptNumber, language)}
                  </button>
                </td>
                <td>{sale.packageName}</td>
                <td>{integer(sale.quantity, language)}</td>
                <td>{money(sale.retailTotal, language)}</td>
                <td>{t.states[sale.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t.today.topUps}</h2>
      {topUpsError ? <ErrorPanel error={topUpsError} /> : null}
      {topUps.length === 0 ? (
        <p className="empty">{t.today.topUpsEmpty}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t.today.topUps}</caption>
          <thead>
            <tr>
              <th scope="col">{t.today.time}</th>
              <th scope="col">{t.today.receipt}</th>
              <th scope="col">{t.today.iccid}</th>
              <th scope="col">{t.today.package}</th>
              <th scope="col">{t.today.amount}</th>
              <th scope="col">{t.today.state}</th>
            </tr>
          </thead>
          <tbody>
            {topUps.map((topUp) => (
              <tr key={topUp.id} className={`state-${topUp.state}`}>
                <td>{time(topUp.createdAt, language)}</td>
                <td>{integer(topUp.receiptNumber, language)}</td>
                <td className="mono" dir="ltr">
                  {topUp.iccid}
                </td>
                <td>{topUp.packageName}</td>
                <td>{money(topUp.retail, language)}</td>
                <td>{t.states[topUp.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
