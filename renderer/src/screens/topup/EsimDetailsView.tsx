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
  const message = `status ${esim.status ?? 'not reported'}`;
  const code = esim.notToppableReason ?? 'ESIM_NOT_TOPPABLE';
  // Only ESIM_NOT_TOPPABLE carries the status (when the provider gave one); any other reason is its code alone.
  return code === 'ESIM_NOT_TOPPABLE' && esim.status !== null
    ? { code, message, details: { esimStatus: esim.status } }
    : ({ code, message } as PosError);
}

/** A figure the provider reported, or "not reported": an absent figure is never shown as zero. */
function reported<T>(value: T | null, show: (value: T) => string, notReported: string): string {
  return value === null ? notReported : show(value);
}

export function EsimDetailsView(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const esim = useTopUp((state) => esimOf(state.flow));
  if (!esim) return null;
  const none = t.topUp.notReported;
  const mb = (value: number): string => megabytes(value, language);
  return (
    <section className="esim-details" aria-label={t.topUp.esim}>
      <h2>{esim.packageName ?? none}</h2>
      <dl className="facts">
        <CodeFact term={t.topUp.iccid} value={esim.iccid} />
        <dt>{t.topUp.status}</dt>
        <dd>{esim.status === null ? none : esimStatusText(esim.status, t)}</dd>
        <dt>{t.topUp.used}</dt>
        <dd>
          {esim.unlimited
            ? `${reported(esim.usedMb, mb, none)} · ${t.sell.unlimited}`
            : esim.totalMb === null || esim.usedMb === null
              ? reported(esim.usedMb, mb, none)
              : t.topUp.usage(
                  mb(esim.usedMb),
                  mb(esim.totalMb),
                  reported(esim.usagePercent, (value) => percent(value, language), none),
                )}
        </dd>
        {!esim.unlimited ? (
          <>
            <dt>{t.topUp.remaining}</dt>
            <dd>{reported(esim.remainingMb, mb, none)}</dd>
          </>
        ) : null}
        <dt>{t.topUp.expires}</dt>
        <dd>
          {esim.expiresAt ? date(esim.expiresAt, language) : none}
          {esim.expired ? ` · ${t.topUp.expired}` : ''}
        </dd>
      </dl>
      {!esim.toppable ? <ErrorPanel title={t.topUp.notToppable} error={notToppable(esim)} /> : null}
    </section>
  );
}
