import { randomUUID } from 'node:crypto';
import type { Pricing } from '../../../shared/domain/pricing';
import type { Connection } from '../connection';
import type { CoreEvent } from '../core-events';
import type { JournalOrigin } from '../journal/record-origin';
import type { UnsavedOutcomes } from '../journal/unsaved-outcomes';
import type { Logger } from '../log';
import type { Till } from '../shifts/till';
import type { ShopPlace } from '../shop/shop-ledger';
import { scopeOf } from './scope';

/** What the sale and top-up paths both need from the core. */
export interface MoneyContext {
  readonly pricing: () => Pricing;
  /** The connection in use now; work captures it once and sends everything over that one. */
  readonly connection: () => Connection;
  readonly counterId: () => string;
  /** The shop ledger this counter is in, and its code there (null: on its own). */
  readonly shopPlace: () => ShopPlace | null;
  readonly now: () => Date;
  readonly emit: (event: CoreEvent) => void;
  readonly log: Logger;
  /** Records the provider's answers, keeping those the journal cannot take until it can. */
  readonly outcomes: UnsavedOutcomes;
  /** Journals each new record with its cashier, shift and tender. */
  readonly till: Till;
}

/**
 * Where a new sale or top-up comes from: a fresh id, this counter, and the account it is sent to.
 * The till adds the cashier and the shift (see Till.record).
 */
export function newRecordOrigin(ctx: MoneyContext, connection: Connection): JournalOrigin {
  const scope = scopeOf(connection);
  return {
    id: randomUUID(),
    counterId: ctx.counterId(),
    cashierId: null,
    shiftId: null,
    training: scope.training,
    accountRef: scope.accountRef,
  };
}
