import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import type { CataloguePackage } from '../../../shared/domain';
import { multiplyMinor } from '../../../shared/money';
import { countryName } from '../catalogue/destination-names';
import type { SearchQuery, SortKey, TypeFilter } from '../catalogue/search-index';
import { Dialog } from '../components/Dialog';
import { ErrorPanel } from '../components/ErrorPanel';
import { coverageText, dataText, extrasText, PackageFacts } from '../components/PackageFacts';
import { SaleView } from '../components/SaleView';
import { useEscape } from '../hooks/use-escape';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { dateTime, days, gigabytes, integer, money } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { useCatalogue } from '../stores/catalogue-store';
import { MAX_QUANTITY, MIN_QUANTITY, useSale } from '../stores/sale-store';
import { useSession } from '../stores/session-store';
import { useSettings } from '../stores/settings-store';

const DATA_STEPS = [1, 3, 5, 10, 20] as const;
const VALIDITY_STEPS = [7, 15, 30, 90] as const;
const TYPES: readonly TypeFilter[] = ['all', 'local', 'regional', 'global'];
const SORTS: readonly SortKey[] = ['relevance', 'price', 'data', 'validity'];
const NO_CODES: readonly string[] = [];

function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

function SearchBox({ listId }: { readonly listId: string }): ReactNode {
  const t = useMessages();
  const ref = useRef<HTMLInputElement>(null);
  const text = useCatalogue((state) => state.query.text);
  const setQuery = useCatalogue((state) => state.setQuery);
  const result = useCatalogue((state) => state.result);
  const visible = useCatalogue((state) => state.visible);
  const activeIndex = useCatalogue((state) => state.active);
  const onMove = useCatalogue((state) => state.setActive);
  const select = useSale((state) => state.select);
  useFocusOnScreen('sell', ref);

  const shown = Math.min(visible, result.packages.length);
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      onMove((activeIndex + step + shown) % shown);
    } else if (event.key === 'Enter') {
      const pkg = result.packages[activeIndex];
      if (text.trim() && pkg) {
        event.preventDefault();
        select(pkg);
      }
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setQuery({ text: '' });
    }
  }

  return (
    <div className="search-box">
      <label htmlFor="destination-search">{t.sell.search}</label>
      <input
        ref={ref}
        id="destination-search"
        type="search"
        role="combobox"
        aria-expanded={shown > 0 && text.trim() !== ''}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown > 0 && text.trim() ? optionId(listId, activeIndex) : undefined}
        aria-keyshortcuts="/"
        placeholder={t.sell.searchHint}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setQuery({ text: event.target.value })}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

function Filters(): ReactNode {
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

function PickButtons({
  title,
  codes,
}: {
  readonly title: string;
  readonly codes: readonly string[];
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const find = useCatalogue((state) => state.find);
  const select = useSale((state) => state.select);
  const packages = codes
    .map((code) => find(code))
    .filter((pkg): pkg is CataloguePackage => pkg !== undefined);
  if (packages.length === 0) return null;
  return (
    <section className="picks" aria-label={title}>
      <h3>{title}</h3>
      <div className="pick-buttons">
        {packages.map((pkg) => (
          <button key={pkg.code} type="button" className="pick" onClick={() => select(pkg)}>
            <span className="pick-name">{pkg.name}</span>
            <span className="pick-facts">
              {coverageText(pkg, t, language)} · {dataText(pkg, t, language)} ·{' '}
              {days(pkg.validityDays, language)}
            </span>
            <span className="pick-price">{money(pkg.retail, language)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

function Results({ listId }: { readonly listId: string }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const result = useCatalogue((state) => state.result);
  const visible = useCatalogue((state) => state.visible);
  const showMore = useCatalogue((state) => state.showMore);
  const text = useCatalogue((state) => state.query.text);
  const activeIndex = useCatalogue((state) => state.active);
  const onMove = useCatalogue((state) => state.setActive);
  const selected = useSale((state) => state.selected);
  const select = useSale((state) => state.select);

  useEffect(() => {
    document.getElementById(optionId(listId, activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const shown = result.packages.slice(0, visible);
  return (
    <section className="results" aria-label={t.sell.results}>
      <p className="result-count" aria-live="polite">
        {t.sell.resultCount(integer(result.packages.length, language))}
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
      {result.packages.length === 0 && text.trim() ? <p className="empty">{t.sell.noResults}</p> : null}
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
            <PackageFacts pkg={pkg} />
          </div>
        ))}
      </div>
      {result.packages.length > shown.length ? (
        <button type="button" className="secondary" onClick={showMore}>
          {t.sell.showMore(integer(result.packages.length - shown.length, language))}
        </button>
      ) : null}
    </section>
  );
}

function SelectedPackage(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const selected = useSale((state) => state.selected);
  const quantity = useSale((state) => state.quantity);
  const error = useSale((state) => state.error);
  const setQuantity = useSale((state) => state.setQuantity);
  const askConfirm = useSale((state) => state.askConfirm);
  const clearSelection = useSale((state) => state.clearSelection);
  const quantityRef = useRef<HTMLInputElement>(null);
  const quantityId = useId();

  useEffect(() => {
    if (selected) {
      quantityRef.current?.focus();
      quantityRef.current?.select();
    }
  }, [selected]);

  if (!selected) return <p className="choose-hint">{t.sell.chooseHint}</p>;
  return (
    <section className="selected" aria-label={t.sell.selected}>
      <h2>{selected.name}</h2>
      <dl className="facts">
        <dt>{t.sell.data}</dt>
        <dd>{dataText(selected, t, language)}</dd>
        <dt>{t.sell.validity}</dt>
        <dd>{days(selected.validityDays, language)}</dd>
        <dt>{t.sell.coverage}</dt>
        <dd>{coverageText(selected, t, language)}</dd>
        <dt>{t.sell.type}</dt>
        <dd>
          {t.sell.types[selected.type]} · {extrasText(selected, t, language).join(' · ')}
        </dd>
        <dt>{t.sell.unitPrice}</dt>
        <dd>{money(selected.retail, language)}</dd>
      </dl>
      <form
        className="sell-form"
        onSubmit={(event) => {
          event.preventDefault();
          askConfirm();
        }}
      >
        <label htmlFor={quantityId}>{t.sell.quantity}</label>
        <input
          ref={quantityRef}
          id={quantityId}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          value={quantity}
          aria-describedby={`${quantityId}-hint`}
          onChange={(event) => setQuantity(Number(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              clearSelection();
              document.getElementById('destination-search')?.focus();
            }
          }}
        />
        <span id={`${quantityId}-hint`} className="hint">
          {t.sell.quantityHint}
        </span>
        <p className="total">
          {t.sell.total}:{' '}
          <strong>
            {money({ ...selected.retail, amount: multiplyMinor(selected.retail.amount, quantity) }, language)}
          </strong>
        </p>
        {error ? <ErrorPanel error={error} /> : null}
        <button type="submit" className="primary">
          {t.sell.sellButton}
        </button>
      </form>
    </section>
  );
}

function ConfirmSale(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const selected = useSale((state) => state.selected);
  const quantity = useSale((state) => state.quantity);
  const phase = useSale((state) => state.phase);
  const confirm = useSale((state) => state.confirm);
  const cancel = useSale((state) => state.cancelConfirm);
  const confirmRef = useRef<HTMLButtonElement>(null);
  if (!selected || (phase !== 'confirm' && phase !== 'sending')) return null;
  const sending = phase === 'sending';
  const total = { ...selected.retail, amount: multiplyMinor(selected.retail.amount, quantity) };
  return (
    <Dialog title={t.sell.confirmTitle} onCancel={sending ? () => {} : cancel} initialFocus={confirmRef}>
      <p className="confirm-line">{t.sell.confirmLine(integer(quantity, language), selected.name)}</p>
      <p>
        {dataText(selected, t, language)} · {days(selected.validityDays, language)} ·{' '}
        {coverageText(selected, t, language)}
      </p>
      <dl className="facts">
        <dt>{t.sell.unitPrice}</dt>
        <dd>{money(selected.retail, language)}</dd>
        <dt>{t.sell.toCharge}</dt>
        <dd className="charge">{money(total, language)}</dd>
      </dl>
      {sending ? (
        <p role="status" className="sending">
          {t.sell.sending}
        </p>
      ) : null}
      <div className="actions">
        <button
          ref={confirmRef}
          type="button"
          className="primary"
          disabled={sending}
          onClick={() => void confirm()}
        >
          {t.sell.confirmButton}
        </button>
        <button type="button" className="secondary" disabled={sending} onClick={cancel}>
          {t.cancel}
        </button>
      </div>
    </Dialog>
  );
}

function SaleResult(): ReactNode {
  const t = useMessages();
  const sale = useSale((state) => state.sale);
  const lost = useSale((state) => state.lost);
  const error = useSale((state) => state.error);
  const newSale = useSale((state) => state.newSale);
  const resolveNow = useSale((state) => state.resolveNow);
  const newSaleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    newSaleRef.current?.focus();
  }, []);
  function startOver(): void {
    newSale();
    // The search field is the start of every sale.
    window.requestAnimationFrame(() => document.getElementById('destination-search')?.focus());
  }
  useEscape(startOver);
  return (
    <div className="sale-result">
      <div className="actions">
        <button
          ref={newSaleRef}
          type="button"
          className="primary"
          aria-keyshortcuts="Escape"
          onClick={startOver}
        >
          {t.sell.newSale}
        </button>
      </div>
      {lost ? (
        <div className="error-panel" role="alert">
          <strong>{t.sell.lostTitle}</strong>
          <p>{t.sell.lostBody}</p>
        </div>
      ) : null}
      {error ? <ErrorPanel error={error} /> : null}
      {sale ? (
        <SaleView
          sale={sale}
          onCheckNow={
            sale.state === 'in_doubt' || sale.state === 'intent' ? () => void resolveNow() : undefined
          }
        />
      ) : null}
    </div>
  );
}

function CatalogueState(): ReactNode {
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

export function SellScreen(): ReactNode {
  const t = useMessages();
  const listId = useId();
  const phase = useSale((state) => state.phase);
  const text = useCatalogue((state) => state.query.text);
  const bestSellers = useCatalogue((state) => state.bestSellers);
  const pinned = useSettings((state) => state.settings?.pinnedPackageCodes ?? NO_CODES);

  if (phase === 'result') {
    return (
      <div className="screen sell-screen">
        <SaleResult />
      </div>
    );
  }
  return (
    <div className="screen sell-screen">
      <div className="sell-browse">
        <h1 className="visually-hidden">{t.sell.title}</h1>
        <SearchBox listId={listId} />
        <Filters />
        {text.trim() === '' ? (
          <>
            <PickButtons title={t.sell.quickPicks} codes={pinned} />
            <PickButtons title={t.sell.bestSellers} codes={bestSellers} />
          </>
        ) : null}
        <Results listId={listId} />
        <CatalogueState />
      </div>
      <div className="sell-side">
        <SelectedPackage />
      </div>
      <ConfirmSale />
    </div>
  );
}
