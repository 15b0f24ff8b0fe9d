import type { PackageType } from '../../../shared/api/common';
import type { Language } from '../../../shared/domain/common';

/**
 * Names under which a destination is searched and shown. Country names come from Intl.DisplayNames
 * (every ISO 3166 region in every language); a few everyday names it does not give are added here.
 */

const displayNames = new Map<string, Intl.DisplayNames>();

function namer(language: Language, style: 'long' | 'short'): Intl.DisplayNames {
  const key = `${language}:${style}`;
  let found = displayNames.get(key);
  if (!found) {
    found = new Intl.DisplayNames([language], { type: 'region', style, fallback: 'code' });
    displayNames.set(key, found);
  }
  return found;
}

/** The country's name in the language, or its code when the code is not a known region. */
export function countryName(code: string, language: Language): string {
  try {
    return namer(language, 'long').of(code) ?? code;
  } catch {
    // A malformed code from a provider (e.g. three letters) is shown as given.
    return code;
  }
}

/** Names people use that Intl.DisplayNames does not give (its English name of TR is "Türkiye"). */
const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['USA', 'America', 'أمريكا'],
  GB: ['UK', 'Britain', 'England', 'Scotland', 'Wales', 'بريطانيا', 'إنجلترا'],
  AE: ['UAE', 'Emirates', 'Dubai', 'Abu Dhabi', 'دبي', 'أبوظبي'],
  TR: ['Turkey'],
  CZ: ['Czech Republic'],
  KR: ['Korea'],
  NL: ['Holland'],
  SA: ['KSA'],
  CI: ['Ivory Coast'],
  MM: ['Burma'],
  CV: ['Cape Verde'],
  SZ: ['Swaziland'],
};

/** Every name a country is searched under: its code, its names in English and Arabic, and aliases. */
export function countrySearchNames(code: string): string[] {
  const names = [code];
  for (const language of ['en', 'ar'] as const) {
    for (const style of ['long', 'short'] as const) {
      try {
        const name = namer(language, style).of(code);
        if (name) names.push(name);
      } catch {
        // Not a region code: the code alone is searchable.
      }
    }
  }
  return names.concat(COUNTRY_ALIASES[code] ?? []);
}

/** Arabic names of the regions providers use, matched on the English region text they send. */
const REGION_ARABIC: ReadonlyArray<readonly [RegExp, string]> = [
  [/middle\s*east|mena/i, 'الشرق الأوسط'],
  [/gulf|gcc/i, 'الخليج'],
  [/north\s*america/i, 'أمريكا الشمالية'],
  [/south\s*america/i, 'أمريكا الجنوبية'],
  [/latin\s*america/i, 'أمريكا اللاتينية'],
  [/americas/i, 'الأمريكتين'],
  [/caribbean/i, 'الكاريبي'],
  [/europe/i, 'أوروبا'],
  [/balkans/i, 'البلقان'],
  [/asia/i, 'آسيا'],
  [/africa/i, 'أفريقيا إفريقيا'],
  [/oceania|pacific|australia/i, 'أوقيانوسيا'],
  [/global|world/i, 'العالم عالمي'],
];

export function regionSearchNames(region: string): string[] {
  const names = [region];
  for (const [pattern, arabic] of REGION_ARABIC) if (pattern.test(region)) names.push(arabic);
  return names;
}

/** The words a package type is found by, in both languages ("global" finds every global plan). */
export const TYPE_SEARCH_NAMES: Readonly<Record<PackageType, string>> = {
  local: 'local محلي',
  regional: 'regional إقليمي اقليمي',
  global: 'global worldwide عالمي',
  enterprise: 'enterprise مؤسسات',
};
