import { create } from 'zustand';

/** Which screen the cashier is on, and a counter of arrivals so each screen can focus its main field. */

export type Screen = 'sell' | 'topup' | 'pending' | 'shift' | 'today' | 'settings';

export const SCREENS: readonly Screen[] = ['sell', 'topup', 'pending', 'shift', 'today', 'settings'];

interface ScreenState {
  readonly screen: Screen;
  readonly arrival: number;
  go(screen: Screen): void;
}

export const useScreen = create<ScreenState>()((set, get) => ({
  screen: 'sell',
  arrival: 1,
  go(screen) {
    set({ screen, arrival: get().arrival + 1 });
  },
}));
