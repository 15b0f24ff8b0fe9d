import type { ShopCounterRef } from '../../../shared/domain/reconciliation';
import type { Logger } from '../log';
import { PosFailure } from '../pos/failure';
import { ledgerCounters, orderClaims } from '../shop/ledger-reads';
import { otherShopClaims } from '../shop/shop-day-ledger';
import type { ShopLedger } from '../shop/shop-ledger';
import type { ClaimsElsewhere } from '../topups/topup-search';

/**
 * Who holds the provider orders no record of this counter holds: at a counter in a shop, the shop
 * ledger's claims (an order belongs to the counter whose record holds its reference; a unique index
 * keeps it to one), and for the orders no counter of the shop holds, another shop's (by its name). A claim is evidence; an order that only looks like another counter's is not
 * attributed to it.
 */
export type Attribution =
  /** A counter on its own: every order of the account that it does not hold is its question. */
  | { readonly kind: 'alone' }
  /**
   * The ledger was read: the other counters of the shop that hold some of the orders asked about, and
   * the other shops of the account that hold others, by name.
   */
  | {
      readonly kind: 'read';
      readonly holders: ReadonlyMap<string, ShopCounterRef>;
      readonly shops: ReadonlyMap<string, string>;
    }
  /** In a shop whose ledger could not be read now: nothing is attributed, and this says why. */
  | { readonly kind: 'unreachable'; readonly problem: string };

export type AttributionSource = (references: readonly string[]) => Promise<Attribution>;

export const ALONE: AttributionSource = async () => ({ kind: 'alone' });

/** The shop ledger's claims on `references`, read as this counter, other counters' only. */
export function ledgerAttribution(
  ledger: Pick<ShopLedger, 'place' | 'withClient'>,
  counterId: string,
  log: Logger,
): AttributionSource {
  return async (references) => {
    if (ledger.place() === null) return { kind: 'alone' };
    if (references.length === 0) return { kind: 'read', holders: new Map(), shops: new Map() };
    try {
      return await ledger.withClient(async (client) => {
        const claims = await orderClaims(client, references);
        const counters = new Map((await ledgerCounters(client)).map((counter) => [counter.id, counter]));
        const holders = new Map<string, ShopCounterRef>();
        for (const claim of claims) {
          const holder = counters.get(claim.counterId);
          // This counter's own claim is its journal's business, never another counter's order.
          if (claim.counterId === counterId || !holder) continue;
          holders.set(claim.orderReference, { code: holder.code, name: holder.name });
        }
        // What the shop's claims leave: another shop's orders, by its name only.
        const held = new Set(claims.map((claim) => claim.orderReference));
        const shops = await otherShopClaims(
          client,
          references.filter((reference) => !held.has(reference)),
        );
        return { kind: 'read', holders, shops };
      });
    } catch (error) {
      const problem = error instanceof PosFailure ? error.message : String(error);
      log.warn('the shop ledger could not attribute the orders', { error: problem });
      return { kind: 'unreachable', problem };
    }
  };
}

/**
 * The top-up proof's "another counter" rule, from the same claims: the references another counter of
 * the shop holds, or null when they cannot be checked (a counter on its own, or the ledger out of reach).
 */
export function claimsElsewhereOf(attribution: AttributionSource): ClaimsElsewhere {
  return {
    held: async (references) => {
      const read = await attribution(references);
      return read.kind === 'read' ? new Set(read.holders.keys()) : null;
    },
  };
}
