import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Language } from '../../../shared/domain/common';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import type { TopUp } from '../../../shared/domain/topup';
import { TopUpCareDialog } from '../care/TopUpCareDialog';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable } from '../components/DataTable';
import { ErrorPanel } from '../components/ErrorPanel';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { useNow } from '../hooks/use-now';
import { dateTime, duration, integer, moneyText, time } from '../i18n/format';
import type { Messages } from '../i18n/messages';
import { usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { checkNow } from '../stores/check-now';
import { useJournal } from '../stores/journal-store';
import { usePending } from '../stores/pending-store';
import './journal.css';

function nextStep(sale: SaleSummary, t: Messages, language: Language): string {
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
  const printed = usePrintedNumbers();
  const now = useNow();
  const sales = usePending((state) => state.sales);
  const topUps = usePending((state) => state.topUps);
  const error = usePending((state) => state.error);
  const load = usePending((state) => state.load);
  const resend = usePending((state) => state.resend);
  // The sale whose "send again" waits for the cashier's confirmation, and whether it is on its way.
  const [confirming, setConfirming] = useState<Sale | null>(null);
  const [sending, setSending] = useState(false);
  // The top-up whose details (and, answer lost, the manager's decision) are open.
  const [caring, setCaring] = useState<TopUp | null>(null);
  const sendAgain = async (sale: Sale): Promise<void> => {
    setSending(true);
    await resend(sale.id);
    setSending(false);
    setConfirming(null);
  };
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
        <DataTable
          caption={t.pending.title}
          rows={sales}
          columns={[
            { header: t.pending.receipt, cell: (sale) => printed.receipt(sale.receiptNumber) },
            { header: t.pending.package, cell: (sale) => sale.packageName },
            { header: t.pending.quantity, cell: (sale) => integer(sale.quantity, language) },
            { header: t.pending.state, className: 'state', cell: (sale) => t.states[sale.state] },
            {
              header: t.pending.waiting,
              // The customer has waited since the sale, whatever the counter did since.
              cell: (sale) => duration(now.getTime() - Date.parse(sale.createdAt), language),
            },
            { header: t.pending.next, cell: (sale) => nextStep(sale, t, language) },
            {
              header: t.pending.open,
              hiddenHeader: true,
              className: 'row-actions',
              cell: (sale) => (
                <>
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`${t.pending.open} ${printed.receipt(sale.receiptNumber)}`}
                    onClick={() => void view(sale.id)}
                  >
                    {t.pending.open}
                  </button>
                  {sale.state === 'in_doubt' || sale.state === 'intent' ? (
                    <button type="button" className="secondary small" onClick={() => void checkNow(sale.id)}>
                      {t.sell.checkNow}
                    </button>
                  ) : null}
                  {sale.state === 'in_doubt' ? (
                    <button type="button" className="secondary small" onClick={() => setConfirming(sale)}>
                      {t.pending.sendAgain}
                    </button>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      )}
      {confirming ? (
        <ConfirmDialog
          title={t.pending.sendAgainTitle}
          confirmLabel={t.pending.sendAgainButton}
          sending={sending}
          sendingText={t.pending.sendingAgain}
          onConfirm={() => void sendAgain(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {t.pending.sendAgainFacts(
              dateTime(confirming.createdAt, language),
              moneyText(confirming.retailTotal, language),
              `${integer(confirming.quantity, language)} × ${confirming.packageName}`,
            )}
          </p>
          <p>{t.pending.sendAgainWarning}</p>
        </ConfirmDialog>
      ) : null}
      {topUps.length > 0 ? (
        <section aria-label={t.pending.topUpsTitle}>
          <h2>{t.pending.topUpsTitle}</h2>
          <ul>
            {topUps.map((topUp) => (
              <li key={topUp.id}>
                {printed.receipt(topUp.receiptNumber)} · <span className="mono">{topUp.iccid}</span> ·{' '}
                {topUp.packageName} · {t.states[topUp.state]}{' '}
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`${t.pending.open} ${printed.receipt(topUp.receiptNumber)}`}
                  onClick={() => setCaring(topUp)}
                >
                  {t.pending.open}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {caring ? <TopUpCareDialog topUp={caring} onClose={() => setCaring(null)} /> : null}
    </div>
  );
}
