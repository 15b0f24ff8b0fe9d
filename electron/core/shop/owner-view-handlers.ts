import type { HandlerGroup } from '../context';
import type { OwnerViewDesk } from './owner-view';

/** The owner's view across shops and staff access per shop: a manager's calls, with the owner's login for that call only. */
export function ownerViewHandlers(desk: OwnerViewDesk): HandlerGroup<'getOwnerView' | 'setStaffAccess'> {
  return {
    getOwnerView: async ({ day, ownerName, ownerPassword, approval }) =>
      desk.read(day, { user: ownerName, password: ownerPassword }, approval),
    setStaffAccess: async ({ staffId, shopId, access, ownerName, ownerPassword, approval }) => {
      await desk.setAccess(
        { staffId, shopId, access },
        { user: ownerName, password: ownerPassword },
        approval,
      );
      return { staffId, shopId, access };
    },
  };
}
