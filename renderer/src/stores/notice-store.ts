import { create } from 'zustand';
import type { PosError } from '../../../shared/errors';
import type { Money } from '../../../shared/money';

/** Notices that must catch the cashier's eye while they work on something else. */

export type Notice =
  | {
      readonly id: number;
      readonly kind: 'sale-ready';
      readonly saleId: string;
      readonly receipt: number;
      readonly name: string;
    }
  | { readonly id: number; readonly kind: 'sale-failed'; readonly saleId: string; readonly receipt: number }
  | {
      readonly id: number;
      readonly kind: 'low-balance';
      readonly balance: Money;
      /** The shop's warning threshold the balance fell below, when the counter knows it. */
      readonly threshold: Money | null;
    }
  | { readonly id: number; readonly kind: 'error'; readonly error: PosError };

type NewNotice = Notice extends infer N ? (N extends Notice ? Omit<N, 'id'> : never) : never;

interface NoticeState {
  readonly notices: readonly Notice[];
  push(notice: NewNotice): void;
  dismiss(id: number): void;
}

let nextId = 1;
const MAX_NOTICES = 5;

export const useNotices = create<NoticeState>()((set, get) => ({
  notices: [],
  push(notice) {
    const next = [...get().notices, { ...notice, id: nextId++ } as Notice];
    set({ notices: next.slice(-MAX_NOTICES) });
  },
  dismiss(id) {
    set({ notices: get().notices.filter((notice) => notice.id !== id) });
  },
}));
