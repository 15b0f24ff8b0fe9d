import type { TopUp } from '../../../shared/domain/topup';
import type { Logger } from '../log';
import { PosFailure } from '../pos/failure';
import type { LedgerTimeouts } from '../shop/ledger-address';
import type { ShopLedger } from '../shop/shop-ledger';
import {
  leaseHeldElsewhere,
  otherCountersTopUps,
  releaseTopUpLease,
  type ShopTopUp,
  type TopUpLease,
  takeTopUpLease,
} from '../shop/topup-leases';

/**
 * One top-up in flight per eSIM across a shop's counters: before sending, a counter in a shop ledger
 * takes a lease on the eSIM there (ledger migration 0005) and reads the other counters' top-ups of it
 * for the repeat question. It waits for the ledger briefly; a ledger out of reach is the repeat
 * question with its reason, never a top-up refused outright.
 */

/** How long the top-up waits for the ledger: a shop network answers in milliseconds. */
export const LEASE_TIMEOUTS: LedgerTimeouts = { connectMs: 3_000, queryMs: 3_000 };

/** How often a release the ledger did not take is tried again, until the lease has expired anyway. */
const RELEASE_RETRY_MS = 3_000;
/** A lease expires on its own two minutes after it was taken (ledger migration 0005). */
const LEASE_HOLD_MS = 2 * 60_000;

export type ShopCheck =
  /** A counter in no shop ledger: its own journal is the whole shop. */
  | { readonly kind: 'alone' }
  /** The lease is this top-up's until its outcome is journalled. */
  | { readonly kind: 'taken' }
  /** The top-ups of other counters that make this one a repeat (asked before anything is sent). */
  | { readonly kind: 'repeat'; readonly others: readonly ShopTopUp[] }
  /** Another counter is topping this eSIM up now: nothing is sent. */
  | { readonly kind: 'held'; readonly lease: TopUpLease }
  /** The ledger could not be asked: the other counters' top-ups are unknown. */
  | { readonly kind: 'unchecked'; readonly problem: string };

export interface ShopTopUps {
  /** Asks the shop about a top-up of `iccid` about to be sent as `topUpId`, and takes its lease. */
  check(input: {
    readonly iccid: string;
    readonly topUpId: string;
    readonly confirmRepeat: boolean;
    readonly since: Date;
  }): Promise<ShopCheck>;
  /** A journalled state of a top-up: its lease, if it has one, is released once it has ended. */
  settled(topUp: Pick<TopUp, 'id' | 'state'>): void;
  /** A top-up that was not sent after all (refused before its intent was written). */
  dropped(topUpId: string): void;
}

/** A counter on its own. */
export const SHOP_OF_ONE: ShopTopUps = {
  check: async () => ({ kind: 'alone' }),
  settled: () => undefined,
  dropped: () => undefined,
};

type Outcome = 'completed' | 'failed' | 'in_doubt';

const OUTCOMES: Readonly<Partial<Record<TopUp['state'], Outcome>>> = {
  completed: 'completed',
  failed: 'failed',
  in_doubt: 'in_doubt',
};

export class LedgerShopTopUps implements ShopTopUps {
  /** The ICCID of each top-up whose lease this counter may hold (asked for, not yet released). */
  private readonly leased = new Map<string, { readonly iccid: string; readonly askedAt: number }>();

  constructor(
    private readonly ledger: Pick<ShopLedger, 'place' | 'withClient'>,
    private readonly log: Logger,
    private readonly timeouts: LedgerTimeouts = LEASE_TIMEOUTS,
  ) {}

  async check(input: Parameters<ShopTopUps['check']>[0]): Promise<ShopCheck> {
    if (this.ledger.place() === null) return { kind: 'alone' };
    try {
      return await this.ledger.withClient(async (client) => {
        const others = input.confirmRepeat ? [] : await otherCountersTopUps(client, input.iccid, input.since);
        if (others.length > 0) {
          // One of them may be on its way still: refused as its lease refuses a confirmed repeat,
          // rather than asked a question whose "yes" would be refused.
          const holding = await leaseHeldElsewhere(client, input.iccid);
          return holding ? { kind: 'held', lease: holding } : { kind: 'repeat', others };
        }
        // Asked for before the answer comes: a lease taken by an answer lost on the way is released too.
        this.leased.set(input.topUpId, { iccid: input.iccid, askedAt: Date.now() });
        const { answer, lease } = await takeTopUpLease(client, {
          iccid: input.iccid,
          topUpId: input.topUpId,
          repeatConfirmed: input.confirmRepeat,
        });
        if (answer === 'taken') return { kind: 'taken' };
        this.leased.delete(input.topUpId);
        if (answer === 'held') return { kind: 'held', lease };
        const state = lease.outcome ?? 'sent';
        return {
          kind: 'repeat',
          others: [
            {
              id: lease.topUpId,
              state,
              createdAt: lease.takenAt,
              counterCode: lease.counterCode,
              counterName: lease.counterName,
            },
          ],
        };
      }, this.timeouts);
    } catch (error) {
      const problem = error instanceof PosFailure ? error.message : String(error);
      this.log.warn('the shop ledger could not be asked about a top-up', { error: problem });
      return { kind: 'unchecked', problem };
    }
  }

  settled(topUp: Pick<TopUp, 'id' | 'state'>): void {
    const outcome = OUTCOMES[topUp.state];
    if (outcome) this.release(topUp.id, outcome);
  }

  dropped(topUpId: string): void {
    this.release(topUpId, 'failed');
  }

  /** Tells the ledger, now and again until it has heard or the lease has expired anyway. */
  private release(topUpId: string, outcome: Outcome): void {
    const leased = this.leased.get(topUpId);
    if (!leased) return;
    this.leased.delete(topUpId);
    const attempt = (): void => {
      this.ledger
        .withClient(
          (client) => releaseTopUpLease(client, { iccid: leased.iccid, topUpId, outcome }),
          this.timeouts,
        )
        .catch((error: unknown) => {
          // A counter that left the ledger (or stopped) has nothing left to release.
          if (error instanceof PosFailure && error.code === 'INVALID_STATE') return;
          if (Date.now() + RELEASE_RETRY_MS > leased.askedAt + LEASE_HOLD_MS) return;
          this.log.warn('a top-up lease could not be released yet', { topUpId, error: String(error) });
          setTimeout(attempt, RELEASE_RETRY_MS).unref();
        });
    };
    attempt();
  }
}
