import type { CashierTable } from '../cashiers/cashier-table';
import type { CoreContext, HandlerGroup } from '../context';
import { admitTypedIccid } from '../esims/typed-iccid';
import type { MoneyWork } from '../money-work';
import { PosFailure } from '../pos/failure';
import { topUp } from './topup';

/** Topping up an eSIM, the top-ups journal, and a manager's decision on a top-up in doubt. */
export function topUpHandlers(
  ctx: Pick<CoreContext, 'db'>,
  money: MoneyWork,
  cashiers: CashierTable,
): HandlerGroup<'topUp' | 'getTopUp' | 'decideTopUp' | 'listTopUps'> {
  return {
    topUp: async (input) => {
      admitTypedIccid(ctx.db, input);
      return money.answered(await topUp(money.topUpContext, input));
    },
    // Asking about an in-doubt top-up looks at its eSIM now (a read; the top-up is never re-sent).
    getTopUp: async ({ id }) => {
      const found = money.topUpContext.topUpsJournal.get(id);
      if (!found) throw new PosFailure('NOT_FOUND', `No top-up with id ${id}.`);
      if (found.state !== 'in_doubt') return found;
      return money.topUpWatcher.check(id).catch(() => money.topUpContext.topUpsJournal.require(id));
    },
    decideTopUp: async (input) => money.topUpWatcher.decide(cashiers, input),
    listTopUps: async (filter) => ({ topUps: money.topUpContext.topUpsJournal.list(filter) }),
  };
}
