import { createHash, randomUUID } from 'node:crypto';
import type { ShopPlace } from '../shop/shop-ledger';

/**
 * A new sale's idempotency key, made once with its intent and journalled with it: every later send of
 * the sale reads the key back from the journal, so keys made before a counter joined its shop (or by
 * an older version) keep working. A counter in a shop ledger starts its keys with the shop's and its
 * own code (`MAINSTREET-2-C1A2B3-…`): the provider's support can tell where an order came from. The
 * random part alone makes a key unique on the account.
 */
export function newOrderKey(counterId: string, place: ShopPlace | null): string {
  const origin = place ? `${shopKeyCode(place.shop)}-${place.counterCode}-${counterId}` : counterId;
  return `${origin}-${randomUUID()}`;
}

const SHOP_CODE_CHARS = 16;

/**
 * The shop's name as a key carries it: its Latin letters and digits, upper case, at most 16; a name
 * with none (`المنصور`) by 8 hex digits of its SHA-256, so every shop still has a code.
 */
export function shopKeyCode(shop: string): string {
  const latin = shop
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, SHOP_CODE_CHARS);
  return latin || `S${createHash('sha256').update(shop).digest('hex').slice(0, 8).toUpperCase()}`;
}
