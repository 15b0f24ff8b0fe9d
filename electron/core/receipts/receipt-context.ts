import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Language } from '../../../shared/domain/common';
import type { Settings } from '../../../shared/domain/settings';

export type PaperWidthMm = Settings['paperWidthMm'];

export type ReceiptShop = Pick<Settings, 'shopName' | 'shopAddress' | 'shopPhone' | 'receiptFooter'>;

/**
 * What the receipt says about the package beyond its name: from the catalogue cache for a sale, from
 * the top-up option for a top-up. Coverage and activation policy are optional because top-up
 * options do not carry them.
 */
export type ReceiptPackageInfo = Pick<CataloguePackage, 'dataGb' | 'isUnlimited' | 'validityDays'> &
  Partial<Pick<CataloguePackage, 'region' | 'countries' | 'activationPolicy'>>;

/** Everything a receipt needs besides the sale or top-up itself. */
export interface ReceiptContext {
  readonly shop: ReceiptShop;
  readonly language: Language;
  readonly paperWidthMm: PaperWidthMm;
  /** The app's mode now; a record made in training says TRAINING whatever the mode is today. */
  readonly training: boolean;
  readonly cashierName: string | null;
  /** The counter's code in its shop ledger, printed before the receipt number (null: in none). */
  readonly counterCode: string | null;
  /** Null for the original; 1, 2, … for reprints, which say COPY. */
  readonly copyNumber: number | null;
  /** When this print is made (ISO 8601): a copy shows it beside COPY. */
  readonly printedAt: string;
  /** IANA time zone of the shop, e.g. "Asia/Baghdad". */
  readonly timeZone: string;
  /** BCP 47 locale for numbers and dates; defaults from the language. */
  readonly locale?: string;
  readonly packageInfo: ReceiptPackageInfo | null;
  /**
   * A sale the provider cancelled: its cancellation receipt's number, which the receipt names, and the
   * code of the counter that cancelled it (this counter's, or another of the shop's; null: in none).
   */
  readonly cancelledBy?: { readonly receiptNumber: number; readonly counterCode: string | null } | null;
}
