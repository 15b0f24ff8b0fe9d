import { type ReactNode, useId, useState } from 'react';
import type { EsimCare } from '../../../shared/domain/care';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { dateTime, integer, megabytes } from '../i18n/format';
import { esimStatusText } from '../i18n/provider-words';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { download } from '../shift/download';
import { careText } from './care-text';

/**
 * For a customer who comes back: the sale's eSIMs as the provider sees them now (status,
 * installation, usage, validity, network events), and the dispute pack to attach to a support
 * ticket. Resending the install QR is the receipt's reprint, under its rules.
 */
export function EsimCarePanel({ saleId }: { readonly saleId: string }): ReactNode {
  const language = useLanguage();
  const t = careText(language);
  const messages = useMessages();
  const [esims, setEsims] = useState<readonly EsimCare[] | null>(null);
  const [error, setError] = useState<PosError | null>(null);
  const headingId = useId();
  return (
    <section className="card esim-care" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.care}</h3>
      <p className="hint">{t.findHint}</p>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void pos()
            .getEsimCare({ saleId })
            .then((result) => {
              setEsims(result.ok ? result.value.esims : null);
              setError(result.ok ? null : result.error);
            })
        }
      >
        {t.readLive}
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void pos()
            .exportDisputePack({ saleId })
            .then((result) =>
              result.ok
                ? download(result.value.name, result.value.content, 'application/json')
                : setError(result.error),
            )
        }
      >
        {t.disputePack}
      </button>
      {esims?.map((esim) => (
        <ul key={esim.iccid} className="esim-facts">
          <li>
            <bdi>
              {t.esimState(
                esim.iccid,
                esim.status === null ? t.statusNotStated : esimStatusText(esim.status, messages),
              )}
            </bdi>
          </li>
          <li>
            {esim.installed === null
              ? t.installedNotStated
              : esim.installed
                ? t.installedOn(esim.deviceModel ?? '?')
                : t.notInstalled}
          </li>
          {esim.usedMb !== null ? (
            <li>
              {t.usage(
                megabytes(esim.usedMb, language),
                esim.totalMb === null ? messages.sell.unlimited : megabytes(esim.totalMb, language),
              )}
            </li>
          ) : null}
          {esim.activatedAt ? <li>{t.activated(dateTime(esim.activatedAt, language))}</li> : null}
          {esim.expiresAt ? <li>{t.expires(dateTime(esim.expiresAt, language))}</li> : null}
          <li>
            {esim.totalEvents === null && esim.wrongNetworkCount === null
              ? t.eventsNotStated
              : t.events(
                  esim.totalEvents === null ? '?' : integer(esim.totalEvents, language),
                  esim.wrongNetworkCount === null ? '?' : integer(esim.wrongNetworkCount, language),
                )}
          </li>
        </ul>
      ))}
      {error ? <ErrorPanel error={error} /> : null}
    </section>
  );
}
