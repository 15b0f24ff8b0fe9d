import { type ReactNode, useId } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';
import { useSale } from '../../stores/sale-store';
import { useSettings } from '../../stores/settings-store';
import { CatalogueState } from './CatalogueState';
import { ConfirmSale } from './ConfirmSale';
import { Filters } from './Filters';
import { PickButtons } from './PickButtons';
import { Results } from './Results';
import { SaleResult } from './SaleResult';
import { SearchBox } from './SearchBox';
import { SelectedPackage } from './SelectedPackage';
import './sell.css';

const NO_CODES: readonly string[] = [];

export function SellScreen(): ReactNode {
  const t = useMessages();
  const listId = useId();
  const step = useSale((state) => state.flow.step);
  const text = useCatalogue((state) => state.query.text);
  const bestSellers = useCatalogue((state) => state.bestSellers);
  const pinned = useSettings((state) => state.settings?.pinnedPackageCodes ?? NO_CODES);

  // One h1 for the screen, whichever step it shows; the result's own heading is the sale's state.
  const heading = <h1 className="visually-hidden">{t.sell.title}</h1>;
  if (step === 'result' || step === 'lost') {
    return (
      <div className="screen sell-screen">
        {heading}
        <SaleResult />
      </div>
    );
  }
  return (
    <div className="screen sell-screen">
      <div className="sell-browse">
        {heading}
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
