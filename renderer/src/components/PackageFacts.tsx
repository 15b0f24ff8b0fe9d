import type { ReactNode } from 'react';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Language } from '../../../shared/domain/common';
import { countryName } from '../catalogue/destination-names';
import { days, gigabytes, moneyText } from '../i18n/format';
import type { Messages } from '../i18n/messages';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { networksLine } from './PackageDetails';

type DataShape = Pick<CataloguePackage, 'dataGb' | 'isUnlimited'>;

// A provider may leave out what a package holds; the counter says so rather than guess.

export function dataText(pkg: DataShape, t: Messages, language: Language): string {
  if (pkg.isUnlimited) return t.sell.unlimited;
  return pkg.dataGb === null ? t.sell.dataNotStated : gigabytes(pkg.dataGb, language);
}

export function validityText(
  pkg: Pick<CataloguePackage, 'validityDays'>,
  t: Messages,
  language: Language,
): string {
  return pkg.validityDays === null ? t.sell.validityNotStated : days(pkg.validityDays, language);
}

export function coverageText(pkg: CataloguePackage, t: Messages, language: Language): string {
  const [only] = pkg.countries;
  if (pkg.countries.length === 1 && only) return countryName(only, language);
  if (pkg.countries.length === 0) return pkg.region || t.sell.coverageNotStated;
  return `${pkg.region ? `${pkg.region} · ` : ''}${t.sell.countries(pkg.countries.length)}`;
}

/** What the package includes besides data: voice, SMS, 5G, hotspot, where the provider says so. */
export function extrasText(pkg: CataloguePackage, t: Messages): string[] {
  const extras: string[] = [];
  if (pkg.hasVoice) extras.push(pkg.voiceMinutes ? t.sell.voice(pkg.voiceMinutes) : t.sell.voiceYes);
  if (pkg.hasSms) extras.push(pkg.smsCount ? t.sell.sms(pkg.smsCount) : t.sell.smsYes);
  if (pkg.hasVoice === false && pkg.hasSms === false) extras.push(t.sell.dataOnly);
  if (pkg.has5g) extras.push(t.sell.fiveG);
  if (pkg.hasHotspot) extras.push(t.sell.hotspot);
  return extras;
}

/**
 * One package as a line of facts: data, validity, coverage, extras and the retail price; with
 * `distinguish` (another package on the list has its name) also its networks.
 */
export function PackageFacts({
  pkg,
  distinguish = false,
}: {
  readonly pkg: CataloguePackage;
  readonly distinguish?: boolean;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const networks = distinguish ? networksLine(pkg, t) : null;
  return (
    <>
      <span className="pkg-name">{pkg.name}</span>
      <span className="pkg-data">{dataText(pkg, t, language)}</span>
      <span className="pkg-validity">{validityText(pkg, t, language)}</span>
      <span className="pkg-coverage">{coverageText(pkg, t, language)}</span>
      <span className="pkg-extras">
        {extrasText(pkg, t).join(' · ')}
        {networks ? <span className="pkg-networks"> · {networks}</span> : null}
      </span>
      <span className="pkg-price">{moneyText(pkg.retail, language)}</span>
    </>
  );
}
