import type { ReactNode } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { dateTime } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';
import { useSession } from '../../stores/session-store';

export function CatalogueState(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const index = useCatalogue((state) => state.index);
  const syncedAt = useCatalogue((state) => state.syncedAt);
  const syncing = useCatalogue((state) => state.syncing);
  const error = useCatalogue((state) => state.error);
  const sync = useCatalogue((state) => state.sync);
  const coreSyncing = useSession((state) => state.status?.catalogue.syncing ?? false);
  const empty = index !== null && index.packages.length === 0;
  return (
    <div className="catalogue-state">
      {empty ? (
        <p role="status">{syncing || coreSyncing ? t.sell.catalogueLoading : t.sell.catalogueEmpty}</p>
      ) : null}
      {syncedAt ? <span className="hint">{t.sell.catalogueAge(dateTime(syncedAt, language))}</span> : null}
      <button type="button" className="secondary small" disabled={syncing} onClick={() => void sync()}>
        {syncing ? t.sell.syncing : t.sell.syncCatalogue}
      </button>
      {error ? <ErrorPanel error={error} /> : null}
    </div>
  );
}
