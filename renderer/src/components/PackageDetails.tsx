import { type ReactNode, useMemo } from 'react';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Language } from '../../../shared/domain/common';
import { countryName } from '../catalogue/destination-names';
import type { Messages } from '../i18n/messages';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { useCatalogue } from '../stores/catalogue-store';

/** How many networks a line names before it stops: the selected package lists them all. */
const NETWORKS_ON_A_LINE = 4;

/** The package's networks, each once, with its type ("Turkcell 5G"), in the provider's order. */
export function networkNames(pkg: CataloguePackage): string[] {
  const names = pkg.networks.map((network) =>
    network.networkType ? `${network.operator} ${network.networkType}` : network.operator,
  );
  return [...new Set(names)];
}

/**
 * What tells a package from others of the same name: its networks, on one short line; said to be
 * unstated when the provider names none (never left blank beside a namesake that names its own).
 */
export function networksLine(pkg: CataloguePackage, t: Messages): string {
  const names = networkNames(pkg);
  if (names.length === 0) return t.find.networksShort(t.find.networksNotStated);
  const shown = names.slice(0, NETWORKS_ON_A_LINE).join(', ');
  return t.find.networksShort(names.length > NETWORKS_ON_A_LINE ? `${shown}, …` : shown);
}

function countryList(pkg: CataloguePackage, language: Language): string {
  const collator = new Intl.Collator(language);
  return pkg.countries
    .map((code) => countryName(code, language))
    .sort(collator.compare)
    .join(language === 'ar' ? '، ' : ', ');
}

/**
 * The facts a customer asks about before paying: when the validity starts, which countries a
 * regional plan covers, and the networks and code that tell apart packages sharing a name.
 */
export function PackageDetails({ pkg }: { readonly pkg: CataloguePackage }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const packages = useCatalogue((state) => state.index?.packages);
  const sharesName = useMemo(
    () => (packages ?? []).some((other) => other.name === pkg.name && other.code !== pkg.code),
    [packages, pkg],
  );
  const networks = networkNames(pkg);
  return (
    <>
      {sharesName ? (
        <p className="same-name" role="note">
          {t.find.sameName}
        </p>
      ) : null}
      <dl className="facts package-details">
        <dt>{t.find.activation}</dt>
        <dd>{t.find.activationPolicy[pkg.activationPolicy ?? 'unknown']}</dd>
        {pkg.countries.length > 1 ? (
          <>
            <dt>{t.find.countryList}</dt>
            <dd>{countryList(pkg, language)}</dd>
          </>
        ) : null}
        <dt>{t.find.networks}</dt>
        <dd>{networks.length > 0 ? networks.join(', ') : t.find.networksNotStated}</dd>
        <dt>{t.find.packageCode}</dt>
        <dd dir="ltr">{pkg.code}</dd>
      </dl>
    </>
  );
}
