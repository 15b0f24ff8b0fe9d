import type { TillView } from '../../../shared/domain/shift';
import type { HandlerGroup } from '../context';
import type { CashierTable } from './cashier-table';
import type { ShopStaff } from './shop-staff';

export type CashierMethods =
  | 'listCashiers'
  | 'addCashier'
  | 'updateCashier'
  | 'checkApproval'
  | 'signIn'
  | 'signOut';

/**
 * Cashiers and the quick switch at the counter. `changed` pushes the new till view to every window;
 * `lockAfterMinutes` is the shop's idle time, recorded with a lock. With a shop ledger (`staff`), a
 * manager's changes go to the shop's staff.
 */
export function cashierHandlers(
  cashiers: CashierTable,
  staff: ShopStaff | null,
  changed: () => TillView,
  lockAfterMinutes: () => number,
): HandlerGroup<CashierMethods> {
  return {
    listCashiers: async () => ({ cashiers: cashiers.list() }),
    addCashier: async ({ approval, ...input }) => {
      const manager = cashiers.approve(approval, 'Adding a cashier');
      const added = await (staff ?? cashiers).add(input, manager);
      changed();
      return added;
    },
    updateCashier: async ({ id, approval, ...patch }) => {
      const manager = cashiers.approve(approval, 'Changing a cashier');
      const updated = await (staff ?? cashiers).update(id, patch, manager);
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
