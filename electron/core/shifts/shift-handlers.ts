import type { TillView } from '../../../shared/domain/shift';
import type { HandlerGroup } from '../context';
import type { ShopSettings } from '../shop/shop-settings';
import type { EndOfDay } from './end-of-day';

export type ShiftMethods =
  | 'getTill'
  | 'getBusinessDay'
  | 'openShift'
  | 'moveCash'
  | 'noSale'
  | 'getXReport'
  | 'countDrawer'
  | 'closeShift'
  | 'forceCloseShift'
  | 'countClosedShift'
  | 'correctShift'
  | 'getZReport'
  | 'listShifts'
  | 'setExchangeRate'
  | 'updateEndOfDaySettings';

/**
 * The drawer's shift, its reports and the day's rates. `changed` pushes the new till view to every
 * window. The rate and the end-of-day settings are the shop's in a shop ledger: `shop` makes each
 * change the shop's next version.
 */
export function shiftHandlers(
  endOfDay: EndOfDay,
  changed: () => TillView,
  shop: Pick<ShopSettings, 'change'>,
): HandlerGroup<ShiftMethods> {
  return {
    getTill: async () => endOfDay.view(),
    getBusinessDay: async ({ day }) => endOfDay.businessDay(day),
    openShift: async ({ floats }) => {
      const shift = endOfDay.openShift(floats);
      changed();
      return shift;
    },
    moveCash: async (input) => endOfDay.moveCash(input),
    noSale: async ({ note }) => endOfDay.noSale(note),
    getXReport: async ({ shiftId }) => endOfDay.xReport(shiftId),
    countDrawer: async ({ counts }) => endOfDay.countDrawer(counts),
    closeShift: async (input) => {
      const closed = endOfDay.closeShift(input);
      changed();
      return closed;
    },
    forceCloseShift: async (input) => {
      const closed = endOfDay.forceClose(input);
      changed();
      return closed;
    },
    countClosedShift: async ({ shiftId, counts, approval }) => {
      endOfDay.countLater({ shiftId, lines: counts, approval });
      return endOfDay.shift(shiftId);
    },
    correctShift: async (input) => {
      endOfDay.correct(input);
      return { recorded: true as const };
    },
    getZReport: async ({ shiftId }) => endOfDay.zReport(shiftId),
    listShifts: async ({ limit }) => ({ shifts: endOfDay.listShifts(limit) }),
    setExchangeRate: async (input) => {
      const rate = endOfDay.rateFor(input);
      const kept = await shop.change(
        'rates',
        rate.setBy,
        (current) => [
          ...current.rates.filter((held) => held.base !== rate.base || held.quote !== rate.quote),
          rate,
        ],
        () => endOfDay.keepRate(rate),
      );
      changed();
      return kept;
    },
    updateEndOfDaySettings: async ({ patch, approval }) => {
      const managerId = endOfDay.approveSettings(patch, approval);
      const settings = await shop.change(
        'end_of_day',
        managerId,
        (current) => ({ ...current.end_of_day, ...patch }),
        () => endOfDay.keepSettings(patch, managerId),
      );
      changed();
      return settings;
    },
  };
}
