import type { TillView } from '../../../shared/domain/shift';
import type { HandlerGroup } from '../context';
import type { CashierTable } from './cashier-table';

export type CashierMethods =
  | 'listCashiers'
  | 'addCashier'
  | 'updateCashier'
  | 'checkApproval'
  | 'signIn'
  | 'signOut';

/**
 * Cashiers and the quick switch at the counter. `changed` pushes the new till view to every window;
 * `lockAfterMinutes` is the shop's idle time, recorded with a lock.
 */
export function cashierHandlers(
  cashiers: CashierTable,
  changed: () => TillView,
  lockAfterMinutes: () => number,
): HandlerGroup<CashierMethods> {
  return {
    listCashiers: async () => ({ cashiers: cashiers.list() }),
    addCashier: async ({ approval, ...input }) => {
      const manager = cashiers.approve(approval, 'Adding a cashier');
      const added = cashiers.add(input, manager);
      changed();
      return added;
    },
    updateCashier: async ({ id, approval, ...patch }) => {
      const manager = cashiers.approve(approval, 'Changing a cashier');
      const updated = cashiers.update(id, patch, manager);
      changed();
      return updated;
    },
    checkApproval: async ({ approval }) => cashiers.approve(approval, 'Opening the manager tools'),
    signIn: async ({ cashierId, pin }) => {
      cashiers.signIn(cashierId, pin);
      return changed();
    },
    signOut: async ({ idle }) => {
      cashiers.signOut(idle ? { afterMinutes: lockAfterMinutes() } : undefined);
      return changed();
    },
  };
}
