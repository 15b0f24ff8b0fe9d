import { create } from 'zustand';
import type { Pricing } from '../../../shared/domain/pricing';
import type { Settings } from '../../../shared/domain/settings';
import type { PosError, Result } from '../../../shared/errors';
import type { Money } from '../../../shared/money';
import type { PosInput } from '../../../shared/pos-api';
import { pos } from '../bridge/pos';
import { pinRefused } from './held-pin';
import { useSession } from './session-store';

/**
 * Settings behind the manager PIN. The PIN is held in memory only while the settings screen is
 * unlocked (each change sends it, and the core checks it against its scrypt hash); locking or
 * leaving the screen forgets it.
 */

export type SettingsNotice =
  | 'saved'
  | 'pricingSaved'
  | 'pinChanged'
  | 'credentialsSaved'
  | 'credentialsCleared'
  | 'shopLedgerJoined'
  | 'shopLedgerLeft'
  | {
      readonly kind: 'connection';
      readonly balance: Money;
      readonly latencyMs: number;
      readonly server: string;
    };

interface SettingsState {
  readonly settings: Settings | null;
  readonly pricing: Pricing | null;
  readonly pin: string | null;
  readonly busy: boolean;
  readonly error: PosError | null;
  readonly notice: SettingsNotice | null;
  load(): Promise<void>;
  /** Settings as another window (or this one) just saved them, told by the core. */
  applySettings(settings: Settings): void;
  choosePin(pin: string): Promise<void>;
  changePin(currentPin: string, pin: string): Promise<void>;
  unlock(pin: string): Promise<void>;
  lock(): void;
  save(patch: Partial<Settings>): Promise<void>;
  savePricing(pricing: Pricing): Promise<void>;
  /** Whether the credentials were tested and stored (a refusal leaves the form as typed). */
  setCredentials(input: { accessCode: string; secretKey: string; apiBaseUrl?: string }): Promise<boolean>;
  clearCredentials(): Promise<void>;
  testConnection(input: { accessCode?: string; secretKey?: string; apiBaseUrl?: string }): Promise<void>;
  /** Whether the counter joined (a refusal leaves the form as typed). */
  joinShopLedger(input: ShopLedgerJoin): Promise<boolean>;
  leaveShopLedger(): Promise<void>;
  clearMessages(): void;
}

/** What the manager types to join the shop ledger (the PIN is the one the screen holds). */
export type ShopLedgerJoin = Omit<PosInput<'joinShopLedger'>, 'pin'>;

export const PIN_PATTERN = /^\d{4,8}$/;

export const useSettings = create<SettingsState>()((set, get) => {
  /** Runs one PIN-guarded call; a rejected PIN locks the screen again. */
  async function guarded<T>(
    call: (pin: string) => Promise<Result<T>>,
    onOk: (value: T) => void,
  ): Promise<void> {
    const { pin } = get();
    if (!pin) return;
    set({ busy: true, error: null, notice: null });
    const result = await call(pin);
    if (result.ok) {
      set({ busy: false });
      onOk(result.value);
    } else {
      set({ busy: false, error: result.error, ...(pinRefused(result.error) ? { pin: null } : {}) });
    }
  }

  return {
    settings: null,
    pricing: null,
    pin: null,
    busy: false,
    error: null,
    notice: null,

    async load() {
      const [settings, pricing] = await Promise.all([pos().getSettings({}), pos().getPricing({})]);
      if (settings.ok) {
        set({ settings: settings.value });
        useSession.getState().adoptConfiguredLanguage(settings.value.language);
      }
      if (pricing.ok) set({ pricing: pricing.value });
      const failed = !settings.ok ? settings.error : !pricing.ok ? pricing.error : null;
      if (failed) set({ error: failed });
    },

    applySettings(settings) {
      set({ settings });
    },

    async choosePin(pin) {
      set({ busy: true, error: null });
      const result = await pos().setManagerPin({ pin });
      if (!result.ok) {
        set({ busy: false, error: result.error });
        return;
      }
      set({ busy: false, pin });
      await useSession.getState().load();
    },

    async changePin(currentPin, pin) {
      set({ busy: true, error: null, notice: null });
      const result = await pos().setManagerPin({ pin, currentPin });
      set(result.ok ? { busy: false, pin, notice: 'pinChanged' } : { busy: false, error: result.error });
    },

    async unlock(pin) {
      set({ busy: true, error: null, notice: null });
      const result = await pos().verifyManagerPin({ pin });
      if (!result.ok) set({ busy: false, error: result.error });
      else if (!result.value.valid)
        set({ busy: false, error: { code: 'PIN_INVALID', message: 'Wrong manager PIN' } });
      else {
        set({ busy: false, pin });
        await get().load();
      }
    },

    lock() {
      set({ pin: null, error: null, notice: null });
    },

    async save(patch) {
      await guarded(
        (pin) => pos().updateSettings({ pin, patch }),
        (settings) => {
          set({ settings, notice: 'saved' });
          // Only a save that chose the language turns this window: a checklist step leaves it be.
          if (patch.language !== undefined) useSession.getState().setLanguage(settings.language);
        },
      );
    },

    async savePricing(pricing) {
      await guarded(
        (pin) => pos().setPricing({ pin, pricing }),
        (saved) => set({ pricing: saved, notice: 'pricingSaved' }),
      );
    },

    async setCredentials(input) {
      let stored = false;
      await guarded(
        (pin) => pos().setCredentials({ pin, ...input }),
        (status) => {
          stored = true;
          useSession.getState().applyStatus(status);
          set({ notice: 'credentialsSaved' });
        },
      );
      return stored;
    },

    async clearCredentials() {
      await guarded(
        (pin) => pos().clearCredentials({ pin }),
        (status) => {
          useSession.getState().applyStatus(status);
          set({ notice: 'credentialsCleared' });
        },
      );
    },

    async testConnection(input) {
      set({ busy: true, error: null, notice: null });
      // The stored credentials are tested behind the manager PIN; credentials typed in need none.
      const { pin } = get();
      const result = await pos().testConnection(
        input.accessCode === undefined && pin !== null ? { ...input, pin } : input,
      );
      set(
        result.ok
          ? {
              busy: false,
              notice: {
                kind: 'connection',
                balance: result.value.balance.balance,
                latencyMs: result.value.latencyMs,
                server: result.value.server,
              },
            }
          : { busy: false, error: result.error },
      );
    },

    async joinShopLedger(input) {
      let joined = false;
      await guarded(
        (pin) => pos().joinShopLedger({ pin, ...input }),
        (status) => {
          joined = true;
          useSession.getState().applyStatus(status);
          set({ notice: 'shopLedgerJoined' });
        },
      );
      return joined;
    },

    async leaveShopLedger() {
      await guarded(
        (pin) => pos().leaveShopLedger({ pin }),
        (status) => {
          useSession.getState().applyStatus(status);
          set({ notice: 'shopLedgerLeft' });
        },
      );
    },

    clearMessages() {
      set({ error: null, notice: null });
    },
  };
});
