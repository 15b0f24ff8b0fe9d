import type { ReactNode } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { dateTime, time } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';
import { useSession } from '../../stores/session-store';

/**
 * How the catalogue stands. A counter with none yet tells the cashier how far its sync is (and how
 * long it should still take), or why it failed and when the counter tries again: never an empty
 * search that looks like a missing destination.
 */
export function CatalogueState(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const index = useCatalogue((state) => state.index);
  const syncedAt = useCatalogue((state) => state.syncedAt);
  const syncing = useCatalogue((state) => state.syncing);
  const error = useCatalogue((state) => state.error);
  const sync = useCatalogue((state) => state.sync);
  const core = useSession((state) => state.status?.catalogue);
  const empty = index !== null && index.packages.length === 0;
  const progress = core?.progress ?? null;
  const failure = core?.failure ?? null;
  let state: ReactNode = null;
  if (empty && progress)
    state = (
      <p role="status">{t.sell.catalogueProgress(progress.packages, progress.total, progress.etaSeconds)}</p>
    );
  else if (empty && failure && !syncing)
    state = (
      <div role="status">
        <ErrorPanel error={failure.error} title={t.sell.catalogueFailed} />
        <p>
          {failure.retryAt
            ? t.sell.catalogueRetryAt(time(failure.retryAt, language))
            : t.sell.catalogueRetryManual}
        </p>
      </div>
    );
  else if (empty)
    state = <p role="status">{syncing || core?.syncing ? t.sell.catalogueLoading : t.sell.catalogueEmpty}</p>;
  return (
    <div className="catalogue-state">
      {state}
      {syncedAt ? <span className="hint">{t.sell.catalogueAge(dateTime(syncedAt, language))}</span> : null}
      <button type="button" className="secondary small" disabled={syncing} onClick={() => void sync()}>
        {syncing ? t.sell.syncing : t.sell.syncCatalogue}
      </button>
      {error && !(empty && failure) ? <ErrorPanel error={error} /> : null}
    </div>
  );
}
