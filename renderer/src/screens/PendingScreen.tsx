import { type ReactNode, useEffect, useRef } from 'react';
import type { Language, Sale } from '../../../shared/domain';
import { ErrorPanel } from '../components/ErrorPanel';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { useNow } from '../hooks/use-now';
import { duration, integer, time } from '../i18n/format';
import type { Messages } from '../i18n/messages';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { useJournal } from '../stores/journal-store';
import { usePending } from '../stores/pending-store';

function waitingSince(sale: Sale): string {
  switch (sale.state) {
    case 'pending':
      return sale.pendingSince;
    case 'in_doubt':
    case 'support':
      return sale.since;
    default:
      return sale.createdAt;
  }
}

function nextStep(sale: Sale, t: Messages, language: Language): string {
  switch (sale.state) {
    case 'pending':
      return t.pending.nextPending(time(sale.nextCheckAt, language), time(sale.giveUpAt, language));
    case 'in_doubt':
      return t.pending.nextInDoubt;
    case 'support':
      return t.pending.nextSupport(sale.orderReference);
    case 'sent':
      return t.pending.nextSent;
    default:
      return t.pending.nextIntent;
  }
}

export function PendingScreen(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const now = useNow();
  const sales = usePending((state) => state.sales);
  const topUps = usePending((state) => state.topUps);
  const error = usePending((state) => state.error);
  const load = usePending((state) => state.load);
  const resolve = usePending((state) => state.resolve);
  const view = useJournal((state) => state.view);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnScreen('pending', headingRef);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="screen pending-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        {t.pending.title}
      </h1>
      {error ? <ErrorPanel error={error} /> : null}
      {sales.length === 0 ? (
        <p className="empty">{t.pending.empty}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t.pending.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t.pending.receipt}</th>
              <th scope="col">{t.pending.package}</th>
              <th scope="col">{t.pending.quantity}</th>
              <th scope="col">{t.pending.state}</th>
              <th scope="col">{t.pending.waiting}</th>
              <th scope="col">{t.pending.next}</th>
              <th scope="col">
                <span className="visually-hidden">{t.pending.open}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sales.map((sale) => (
              <tr key={sale.id} className={`state-${sale.state}`}>
                <td>{integer(sale.receiptNumber, language)}</td>
                <td>{sale.packageName}</td>
                <td>{integer(sale.quantity, language)}</td>
                <td>{t.states[sale.state]}</td>
                <td>{duration(now.getTime() - Date.parse(waitingSince(sale)), language)}</td>
                <td>{nextStep(sale, t, language)}</td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`${t.pending.open} ${integer(sale.receiptNumber, language)}`}
                    onClick={() => void view(sale.id)}
                  >
                    {t.pending.open}
                  </button>
                  {sale.state === 'in_doubt' || sale.state === 'intent' ? (
                    <button type="button" className="secondary small" onClick={() => void resolve(sale.id)}>
                      {t.sell.checkNow}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {topUps.length > 0 ? (
        <section aria-label={t.pending.topUpsTitle}>
          <h2>{t.pending.topUpsTitle}</h2>
          <ul>
            {topUps.map((topUp) => (
              <li key={topUp.id}>
                {integer(topUp.receiptNumber, language)} · <span className="mono">{topUp.iccid}</span> ·{' '}
                {topUp.packageName} · {t.states[topUp.state]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
