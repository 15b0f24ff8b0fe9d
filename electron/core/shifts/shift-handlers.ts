import type { TillView } from '../../../shared/domain/shift';
import type { HandlerGroup } from '../context';
import type { EndOfDay } from './end-of-day';

export type ShiftMethods =
  | 'getTill'
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

/** The drawer's shift, its reports and the day's rates. `changed` pushes the new till view to every window. */
export function shiftHandlers(endOfDay: EndOfDay, changed: () => TillView): HandlerGroup<ShiftMethods> {
  return {
    getTill: async () => endOfDay.view(),
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
      const rate = endOfDay.setRate(input);
      changed();
      return rate;
    },
    updateEndOfDaySettings: async ({ patch, approval }) => {
      const settings = endOfDay.updateSettings(patch, approval);
      changed();
      return settings;
    },
  };
}
