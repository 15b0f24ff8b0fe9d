import type { ReactNode } from 'react';
import type { CataloguePackage } from '../../../../shared/domain/catalogue';
import { coverageText, dataText, validityText } from '../../components/PackageFacts';
import { moneyText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useCatalogue } from '../../stores/catalogue-store';
import { useSale } from '../../stores/sale-store';

export function PickButtons({
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
              {validityText(pkg, t, language)}
            </span>
            <span className="pick-price">{moneyText(pkg.retail, language)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
