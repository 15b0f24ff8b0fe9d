import type { ReactNode } from 'react';
import { CodeFact } from '../../components/CodeFact';
import { ErrorPanel } from '../../components/ErrorPanel';
import { date, megabytes, percent } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useTopUp } from '../../stores/topup-store';

export function EsimDetailsView(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const esim = useTopUp((state) => state.esim);
  if (!esim) return null;
  return (
    <section className="esim-details" aria-label={t.topUp.esim}>
      <h2>{esim.packageName}</h2>
      <dl className="facts">
        <CodeFact term={t.topUp.iccid} value={esim.iccid} />
        <dt>{t.topUp.status}</dt>
        <dd>{esim.status}</dd>
        <dt>{t.topUp.used}</dt>
        <dd>
          {esim.unlimited
            ? `${megabytes(esim.usedMb, language)} · ${t.sell.unlimited}`
            : t.topUp.usage(
                megabytes(esim.usedMb, language),
                megabytes(esim.totalMb, language),
                percent(esim.usagePercent, language),
              )}
        </dd>
        {!esim.unlimited ? (
          <>
            <dt>{t.topUp.remaining}</dt>
            <dd>{megabytes(esim.remainingMb, language)}</dd>
          </>
        ) : null}
        <dt>{t.topUp.expires}</dt>
        <dd>
          {esim.expiresAt ? date(esim.expiresAt, language) : '—'}
          {esim.expired ? ` · ${t.topUp.expired}` : ''}
        </dd>
      </dl>
      {!esim.toppable ? (
        <ErrorPanel
          title={t.topUp.notToppable}
          error={{
            code: esim.notToppableReason ?? 'ESIM_NOT_TOPPABLE',
            message: `status ${esim.status}`,
            details: { status: esim.status },
          }}
        />
      ) : null}
    </section>
  );
}
