import type { Messages } from './messages';

/**
 * The provider's own words (eSIM statuses such as NEW, DEPLETED, IN_USE) in the cashier's language.
 * They are compared without letter case, spaces or dashes ("In use", "in-use"); a word the counter
 * does not know is shown as the provider sent it and said to be the provider's.
 */
export function esimStatusText(status: string, t: Messages): string {
  const key = status
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const known = Object.hasOwn(t.providerWords.esimStatus, key)
    ? t.providerWords.esimStatus[key as keyof Messages['providerWords']['esimStatus']]
    : undefined;
  return known ?? t.providerWords.unknown(status);
}
