import type { ReactNode } from 'react';
import type { EsimDetails } from '../../../../shared/domain/esim';
import type { PosError } from '../../../../shared/errors';
import { CodeFact } from '../../components/CodeFact';
import { ErrorPanel } from '../../components/ErrorPanel';
import { date, megabytes, percent } from '../../i18n/format';
import { esimStatusText } from '../../i18n/provider-words';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { esimOf, useTopUp } from '../../stores/topup-store';

/** Why the eSIM cannot be topped up, as an error the panel words like any other. */
function notToppable(esim: EsimDetails): PosError {
  const message = `status ${esim.status}`;
  const code = esim.notToppableReason ?? 'ESIM_NOT_TOPPABLE';
  // Only ESIM_NOT_TOPPABLE carries the status; any other reason is its code alone.
  return code === 'ESIM_NOT_TOPPABLE'
    ? { code, message, details: { esimStatus: esim.status } }
    : ({ code, message } as PosError);
}

export function EsimDetailsView(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const esim = useTopUp((state) => esimOf(state.flow));
  if (!esim) return null;
  return (
    <section className="esim-details" aria-label={t.topUp.esim}>
      <h2>{esim.packageName}</h2>
      <dl className="facts">
        <CodeFact term={t.topUp.iccid} value={esim.iccid} />
        <dt>{t.topUp.status}</dt>
        <dd>{esimStatusText(esim.status, t)}</dd>
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
      {!esim.toppable ? <ErrorPanel title={t.topUp.notToppable} error={notToppable(esim)} /> : null}
    </section>
  );
}
