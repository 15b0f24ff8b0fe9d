/**
 * The first-start checklist a manager goes through on a new counter, in the order it is asked. The
 * manager PIN comes first because every other setting is saved behind it. The PIN step is done when
 * the PIN is set; the others are done when the manager saved them from the checklist (kept in the
 * shop settings as `setupDone`, so a restart resumes where the manager stopped).
 */
export const SETUP_STEPS = ['pin', 'shop', 'markup', 'printing', 'drawer', 'mode'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** The steps saved in the settings (the PIN's is known from the PIN itself). */
export const SAVED_SETUP_STEPS = ['shop', 'markup', 'printing', 'drawer', 'mode'] as const;
export type SavedSetupStep = (typeof SAVED_SETUP_STEPS)[number];

/** The steps still to do, in checklist order. */
export function setupStepsLeft(
  done: readonly SavedSetupStep[],
  managerPinSet: boolean,
): readonly SetupStep[] {
  return SETUP_STEPS.filter((step) => (step === 'pin' ? !managerPinSet : !done.includes(step)));
}
