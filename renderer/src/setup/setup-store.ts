import { create } from 'zustand';
import type { Settings } from '../../../shared/domain/settings';
import type { SavedSetupStep } from '../../../shared/setup-steps';
import { useSettings } from '../stores/settings-store';

/** Whether the first-start checklist is open on the settings screen (it never blocks the counter). */
interface SetupState {
  readonly open: boolean;
  show(): void;
  close(): void;
}

export const useSetup = create<SetupState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));

/**
 * Saves one checklist step with what it changes, in one settings change (audited by the core like
 * any other), so a step is either saved and ticked or neither. Resolves to whether it was saved.
 */
export async function saveSetupStep(step: SavedSetupStep, patch: Partial<Settings> = {}): Promise<boolean> {
  const settings = useSettings.getState();
  const done = settings.settings?.setupDone ?? [];
  await settings.save({ ...patch, setupDone: done.includes(step) ? [...done] : [...done, step] });
  return useSettings.getState().error === null;
}
