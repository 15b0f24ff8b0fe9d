import { create } from 'zustand';
import type { EsimDetails } from '../../../shared/domain/esim';
import type { TopUp, TopUpOption } from '../../../shared/domain/topup';
import type { PosError } from '../../../shared/errors';
import { type IccidProblem, iccidProblem, isIssuedIccid } from '../../../shared/iccid';
import { pos } from '../bridge/pos';
import { tenderToSend } from '../shift/tender-store';
import { usePending } from './pending-store';

/**
 * A top-up by ICCID, one step at a time: entering → looking → found → confirming → sending → result
 * (or lost, when the counter service's answer never came). Top-ups have no idempotency key, so this
 * store sends each one exactly once and never retries; a second top-up of the same eSIM within
 * minutes goes through the explicit "repeat" confirmation the core asks for.
 */
export interface EarlierTopUp {
  readonly state: string;
  readonly createdAt: string;
  /** The counter of the shop that made it, when another did. */
  readonly counterCode?: string;
}

export type TopUpFlow =
  | { readonly step: 'entering'; readonly error: PosError | null }
  | { readonly step: 'looking' }
  /** The eSIM and what it can be topped up with; `error` when its options could not be listed. */
  | {
      readonly step: 'found';
      readonly esim: EsimDetails;
      readonly options: readonly TopUpOption[];
      readonly error: PosError | null;
    }
  /**
   * `repeat`: the core asked for a second confirmation (another top-up of this eSIM is recent);
   * `earlier` names those top-ups, so the cashier can tell the customer which one went through;
   * `unchecked`: the shop's other counters could not be asked (the shop ledger is out of reach).
   */
  | {
      readonly step: 'confirming';
      readonly esim: EsimDetails;
      readonly options: readonly TopUpOption[];
      readonly chosen: TopUpOption;
      readonly repeat: boolean;
      readonly earlier?: readonly EarlierTopUp[];
      readonly unchecked?: boolean;
    }
  | {
      readonly step: 'sending';
      readonly esim: EsimDetails;
      readonly options: readonly TopUpOption[];
      readonly chosen: TopUpOption;
    }
  | { readonly step: 'result'; readonly topUp: TopUp }
  /** The counter service did not answer `topUp`: the outcome is unknown to this window. */
  | { readonly step: 'lost' };

interface TopUpState {
  /** The ICCID field, whatever step the flow is in. */
  readonly iccid: string;
  readonly problem: IccidProblem | null;
  /**
   * The cashier confirmed a number the ICCID check questions (some eSIMs carry one that fails it):
   * the core is told so with every call about this eSIM.
   */
  readonly checkDigitOverride: boolean;
  readonly flow: TopUpFlow;
  setIccid(text: string): void;
  /** Looks the eSIM up; `anyway`: the cashier confirmed a number the ICCID check questions. */
  lookUp(anyway?: boolean): Promise<void>;
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

/** The eSIM on screen, in whichever step shows it. */
export function esimOf(flow: TopUpFlow): EsimDetails | null {
  switch (flow.step) {
    case 'found':
    case 'confirming':
    case 'sending':
      return flow.esim;
    case 'entering':
    case 'looking':
    case 'result':
    case 'lost':
      return null;
    default: {
      const unknown: never = flow;
      return unknown;
    }
  }
}

/**
 * Whether the cashier may confirm the number as it is: it fails the check (digit or length) but can be
 * an ICCID the provider issued.
 */
export function mayConfirmIccid(iccid: string, problem: IccidProblem | null): boolean {
  return problem !== null && problem !== 'empty' && isIssuedIccid(iccid);
}

const START = {
  iccid: '',
  problem: 'empty',
  checkDigitOverride: false,
  flow: { step: 'entering', error: null },
} as const;

export const useTopUp = create<TopUpState>()((set, get) => ({
  ...START,

  setIccid(text) {
    const iccid = cleanIccid(text);
    // A new number starts a new top-up: whatever was shown belongs to the previous eSIM.
    set({ ...START, iccid, problem: iccidProblem(iccid) });
  },

  async lookUp(anyway = false) {
    const { iccid, problem, flow } = get();
    const checkDigitOverride = anyway && mayConfirmIccid(iccid, problem);
    if ((problem && !checkDigitOverride) || flow.step === 'looking' || flow.step === 'sending') return;
    set({ checkDigitOverride, flow: { step: 'looking' } });
    const esim = await pos().lookupEsim({ iccid, checkDigitOverride });
    if (get().iccid !== iccid) return;
    if (!esim.ok) {
      set({ flow: { step: 'entering', error: esim.error } });
      return;
    }
    if (!esim.value.toppable) {
      set({ flow: { step: 'found', esim: esim.value, options: [], error: null } });
      return;
    }
    const options = await pos().listTopUpPackages({ iccid, checkDigitOverride });
    if (get().iccid !== iccid) return;
    set({
      flow: options.ok
        ? { step: 'found', esim: esim.value, options: options.value.packages, error: null }
        : { step: 'found', esim: esim.value, options: [], error: options.error },
    });
  },

  choose(option) {
    const { flow } = get();
    if (flow.step === 'found')
      set({
        flow: { step: 'confirming', esim: flow.esim, options: flow.options, chosen: option, repeat: false },
      });
  },

  cancel() {
    const { flow } = get();
    if (flow.step === 'confirming')
      set({ flow: { step: 'found', esim: flow.esim, options: flow.options, error: null } });
  },

  async confirm() {
    const { iccid, checkDigitOverride, flow } = get();
    if (flow.step !== 'confirming') return;
    const { esim, options, chosen } = flow;
    const tender = tenderToSend(chosen.retail);
    if (!tender) return;
    set({ flow: { step: 'sending', esim, options, chosen } });
    const result = await pos().topUp({
      iccid,
      checkDigitOverride,
      packageCode: chosen.code,
      confirmRepeat: flow.repeat,
      tender,
      // The price the confirm step showed: the core refuses any other before anything is sent.
      quotedTotal: chosen.retail,
    });
    if (!result.ok) {
      if (result.error.code === 'PRICE_CHANGED') {
        // The options are listed again, so the cashier quotes the new price from the screen.
        const fresh = await pos().listTopUpPackages({ iccid, checkDigitOverride });
        const listed = fresh.ok ? fresh.value.packages : options;
        set({ flow: { step: 'found', esim, options: listed, error: result.error } });
      } else if (result.error.code === 'CONFIRMATION_REQUIRED') {
        const details = result.error.details;
        // The error's schema (shared/errors.ts) checked these items when it carries them.
        const earlier = Array.isArray(details?.recent) ? (details.recent as readonly EarlierTopUp[]) : [];
        const unchecked = details !== undefined && 'otherCountersUnchecked' in details;
        set({ flow: { step: 'confirming', esim, options, chosen, repeat: true, earlier, unchecked } });
      } else if (result.error.code === 'HOST_UNREACHABLE') {
        set({ flow: { step: 'lost' } });
        void usePending.getState().load();
      } else {
        set({ flow: { step: 'found', esim, options, error: result.error } });
      }
      return;
    }
    const topUp = result.value;
    if (topUp.state === 'failed') {
      set({ flow: { step: 'found', esim, options, error: topUp.error } });
      return;
    }
    set({ flow: { step: 'result', topUp } });
    usePending.getState().applyTopUp(topUp);
  },

  reset() {
    set({ ...START });
  },

  applyTopUp(topUp) {
    const { flow } = get();
    if (flow.step === 'result' && flow.topUp.id === topUp.id) set({ flow: { step: 'result', topUp } });
  },
}));
