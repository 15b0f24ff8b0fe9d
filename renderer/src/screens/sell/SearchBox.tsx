import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { useFocusOnScreen } from '../../hooks/use-focus-on-screen';
import { useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';
import { useSale } from '../../stores/sale-store';

export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

export function SearchBox({ listId }: { readonly listId: string }): ReactNode {
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
