import { type ReactNode, useEffect, useMemo } from 'react';
import type { CataloguePackage } from '../../../../shared/domain/catalogue';
import { countryName } from '../../catalogue/destination-names';
import { PackageFacts } from '../../components/PackageFacts';
import { days, gigabytes } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';
import { chosenOf, useSale } from '../../stores/sale-store';
import { optionId } from './SearchBox';
import '../../components/package-line.css';

/** Names carried by more than one of the packages found: those lines also show their networks. */
function sharedNames(packages: readonly CataloguePackage[]): ReadonlySet<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const pkg of packages) {
    if (seen.has(pkg.name)) shared.add(pkg.name);
    else seen.add(pkg.name);
  }
  return shared;
}

/** What the search read besides destinations: corrected typos and the data and days typed. */
function SearchReading(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const result = useCatalogue((state) => state.result);
  const read: string[] = result.corrections.map(([typed, meant]) =>
    t.find.readAs(typed, meant.map((word) => `"${word}"`).join(t.find.or)),
  );
  if (result.typedUnlimited) read.push(t.sell.unlimited);
  if (result.typedDataGb !== null) read.push(t.sell.dataAtLeast(gigabytes(result.typedDataGb, language)));
  if (result.typedValidityDays !== null)
    read.push(t.sell.validityAtLeast(days(result.typedValidityDays, language)));
  if (read.length === 0) return null;
  return (
    <p className="search-reading">
      {t.find.fromSearch}: {read.join(' · ')}
    </p>
  );
}

export function Results({ listId }: { readonly listId: string }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const result = useCatalogue((state) => state.result);
  // With no catalogue yet, no search can find anything: the catalogue's state says why instead.
  const noCatalogue = useCatalogue((state) => state.index?.packages.length === 0);
  const visible = useCatalogue((state) => state.visible);
  const showMore = useCatalogue((state) => state.showMore);
  const text = useCatalogue((state) => state.query.text);
  const asking = useCatalogue((state) => state.askingCountry);
  const activeIndex = useCatalogue((state) => state.active);
  const onMove = useCatalogue((state) => state.setActive);
  const selected = useSale((state) => chosenOf(state.flow)?.pkg ?? null);
  const select = useSale((state) => state.select);

  useEffect(() => {
    document.getElementById(optionId(listId, activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const shown = result.packages.slice(0, visible);
  const shared = useMemo(() => sharedNames(result.packages), [result.packages]);
  return (
    <section className="results" aria-label={t.sell.results}>
      <p className="result-count" aria-live="polite">
        {t.sell.resultCount(result.packages.length)}
        {text.trim() && result.destinations.length > 0 ? (
          <span className="destinations">
            {' · '}
            {t.sell.destinationsFound}:{' '}
            {result.destinations
              .slice(0, 4)
              .map((code) => `${countryName(code, language)} (${code})`)
              .join(', ')}
          </span>
        ) : null}
      </p>
      {text.trim() ? <SearchReading /> : null}
      {asking ? (
        <p className="empty" role="status">
          {t.sell.askingProvider(countryName(asking, language))}
        </p>
      ) : result.packages.length === 0 && text.trim() && !noCatalogue ? (
        <p className="empty">{t.sell.noResults}</p>
      ) : null}
      <div id={listId} role="listbox" aria-label={t.sell.results} className="result-list">
        {shown.map((pkg, i) => (
          // Options are chosen from the search field (arrows and Enter, the combobox pattern) or with the mouse.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox owns the keyboard for its listbox
          <div
            key={pkg.code}
            id={optionId(listId, i)}
            role="option"
            tabIndex={-1}
            aria-selected={selected?.code === pkg.code}
            className={i === activeIndex && text.trim() ? 'result active' : 'result'}
            onClick={() => {
              onMove(i);
              select(pkg);
            }}
          >
            <PackageFacts pkg={pkg} distinguish={shared.has(pkg.name)} />
          </div>
        ))}
      </div>
      {result.packages.length > shown.length ? (
        <button type="button" className="secondary" onClick={showMore}>
          {t.sell.showMore(result.packages.length - shown.length)}
        </button>
      ) : null}
    </section>
  );
}
