import { create } from 'zustand';
import type { EsimDetails } from '../../../shared/domain/esim';
import type { TopUp, TopUpOption } from '../../../shared/domain/topup';
import type { PosError } from '../../../shared/errors';
import { type IccidProblem, iccidProblem } from '../../../shared/iccid';
import { pos } from '../bridge/pos';
import { tenderToSend } from '../shift/tender-store';
import { usePending } from './pending-store';
import { useSession } from './session-store';

/**
 * A top-up by ICCID: enter → looking → found → confirm → sending → result. Top-ups have no
 * idempotency key, so this store sends each one exactly once and never retries; a second top-up of
 * the same eSIM within minutes goes through the explicit "repeat" confirmation the core asks for.
 */

export type TopUpPhase = 'enter' | 'looking' | 'found' | 'confirm' | 'repeat' | 'sending' | 'result';

interface TopUpState {
  readonly iccid: string;
  readonly problem: IccidProblem | null;
  readonly esim: EsimDetails | null;
  readonly options: readonly TopUpOption[];
  readonly chosen: TopUpOption | null;
  readonly phase: TopUpPhase;
  readonly topUp: TopUp | null;
  readonly error: PosError | null;
  readonly lost: boolean;
  setIccid(text: string): void;
  lookUp(): Promise<void>;
  choose(option: TopUpOption): void;
  cancel(): void;
  confirm(): Promise<void>;
  reset(): void;
  applyTopUp(topUp: TopUp): void;
}

/** Scanners and people add spaces or dashes between digit groups; the ICCID is the digits. */
export function cleanIccid(text: string): string {
  return text.replace(/[\s-]+/g, '');
}

const START = {
  iccid: '',
  problem: 'empty' as IccidProblem | null,
  esim: null,
  options: [],
  chosen: null,
  phase: 'enter' as TopUpPhase,
  topUp: null,
  error: null,
  lost: false,
};

export const useTopUp = create<TopUpState>()((set, get) => ({
  ...START,

  setIccid(text) {
    const iccid = cleanIccid(text);
    // A new number starts a new top-up: whatever was shown belongs to the previous eSIM.
    set({ ...START, iccid, problem: iccidProblem(iccid) });
  },

  async lookUp() {
    const { iccid, problem, phase } = get();
    if (problem || phase === 'looking' || phase === 'sending') return;
    set({ phase: 'looking', error: null, esim: null, options: [] });
    const esim = await pos().lookupEsim({ iccid });
    if (get().iccid !== iccid) return;
    if (!esim.ok) {
      set({ phase: 'enter', error: esim.error });
      return;
    }
    if (!esim.value.toppable) {
      set({ phase: 'found', esim: esim.value, options: [] });
      return;
    }
    const options = await pos().listTopUpPackages({ iccid });
    if (get().iccid !== iccid) return;
    set(
      options.ok
        ? { phase: 'found', esim: esim.value, options: options.value.packages }
        : { phase: 'found', esim: esim.value, options: [], error: options.error },
    );
  },

  choose(option) {
    if (get().phase === 'found') set({ chosen: option, phase: 'confirm', error: null });
  },

  cancel() {
    const { phase } = get();
    if (phase === 'confirm' || phase === 'repeat') set({ phase: 'found', chosen: null });
  },

  async confirm() {
    const { iccid, chosen, phase } = get();
    if (!chosen || (phase !== 'confirm' && phase !== 'repeat')) return;
    const confirmRepeat = phase === 'repeat';
    const tender = tenderToSend(chosen.retail);
    if (!tender) return;
    set({ phase: 'sending', error: null });
    const result = await pos().topUp({ iccid, packageCode: chosen.code, confirmRepeat, tender });
    if (!result.ok) {
      if (result.error.code === 'CONFIRMATION_REQUIRED') {
        set({ phase: 'repeat' });
      } else if (result.error.details?.source === 'host' && result.error.code === 'OFFLINE') {
        set({ phase: 'result', lost: true });
        void usePending.getState().load();
      } else {
        set({ phase: 'found', chosen: null, error: result.error });
      }
      return;
    }
    const topUp = result.value;
    if (topUp.state === 'failed') {
      set({ phase: 'found', chosen: null, error: topUp.error });
      return;
    }
    set({ phase: 'result', topUp });
    if (topUp.state === 'completed' && topUp.newBalance)
      useSession.getState().applyNewBalance(topUp.newBalance);
    usePending.getState().applyTopUp(topUp);
  },

  reset() {
    set({ ...START });
  },

  applyTopUp(topUp) {
    if (get().topUp?.id !== topUp.id) return;
    set({ topUp });
    if (topUp.state === 'completed' && topUp.newBalance)
      useSession.getState().applyNewBalance(topUp.newBalance);
  },
}));
