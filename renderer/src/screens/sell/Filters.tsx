import type { ReactNode } from 'react';
import type { SearchQuery, SortKey, TypeFilter } from '../../catalogue/search-index';
import { days, gigabytes } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';

const DATA_STEPS = [1, 3, 5, 10, 20] as const;

const VALIDITY_STEPS = [7, 15, 30, 90] as const;

const TYPES: readonly TypeFilter[] = ['all', 'local', 'regional', 'global'];

const SORTS: readonly SortKey[] = ['relevance', 'price', 'data', 'validity'];

export function Filters(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const query = useCatalogue((state) => state.query);
  const setQuery = useCatalogue((state) => state.setQuery);
  const dataValue = query.unlimitedOnly
    ? 'unlimited'
    : query.minDataGb === null
      ? ''
      : String(query.minDataGb);
  function setData(value: string): void {
    const patch: Partial<SearchQuery> =
      value === 'unlimited'
        ? { unlimitedOnly: true, minDataGb: null }
        : { unlimitedOnly: false, minDataGb: value ? Number(value) : null };
    setQuery(patch);
  }
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t.sell.filters}</legend>
      <label>
        {t.sell.type}
        <select value={query.type} onChange={(event) => setQuery({ type: event.target.value as TypeFilter })}>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {t.sell.types[type]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.sell.data}
        <select value={dataValue} onChange={(event) => setData(event.target.value)}>
          <option value="">{t.sell.dataAny}</option>
          {DATA_STEPS.map((gb) => (
            <option key={gb} value={gb}>
              {t.sell.dataAtLeast(gigabytes(gb, language))}
            </option>
          ))}
          <option value="unlimited">{t.sell.unlimited}</option>
        </select>
      </label>
      <label>
        {t.sell.validity}
        <select
          value={query.minValidityDays ?? ''}
          onChange={(event) =>
            setQuery({ minValidityDays: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">{t.sell.validityAny}</option>
          {VALIDITY_STEPS.map((n) => (
            <option key={n} value={n}>
              {t.sell.validityAtLeast(days(n, language))}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.sell.sort}
        <select value={query.sort} onChange={(event) => setQuery({ sort: event.target.value as SortKey })}>
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t.sell.sorts[sort]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
