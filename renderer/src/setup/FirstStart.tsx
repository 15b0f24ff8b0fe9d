import { type ReactNode, useId, useState } from 'react';
import { SETUP_STEPS, type SetupStep, setupStepsLeft } from '../../../shared/setup-steps';
import { ErrorPanel } from '../components/ErrorPanel';
import { useMessages } from '../i18n/use-messages';
import { ChoosePin } from '../screens/settings/ChoosePin';
import { SettingsNoticeLine } from '../screens/settings/SettingsScreen';
import { Unlock } from '../screens/settings/Unlock';
import { useScreen } from '../stores/screen-store';
import { useSession } from '../stores/session-store';
import { useSettings } from '../stores/settings-store';
import { DrawerStep, MarkupStep, ModeStep, PrintingStep, ShopStep } from './SetupSteps';
import { useSetup } from './setup-store';
import './setup.css';

/**
 * The first-start checklist on the settings screen: one step at a time, opening at the first step not
 * done (so a restart resumes there), any done step open again from the list. The manager can leave
 * at any step; the counter keeps selling in training and the reminder stays until every step is done.
 */
export function FirstStart(): ReactNode {
  const t = useMessages();
  const headingId = useId();
  const status = useSession((state) => state.status);
  const settings = useSettings((state) => state.settings);
  const pin = useSettings((state) => state.pin);
  const error = useSettings((state) => state.error);
  const close = useSetup((state) => state.close);
  const go = useScreen((state) => state.go);
  const [chosen, setChosen] = useState<SetupStep | null>(null);
  if (!status || !settings) return <p>{t.loading}</p>;
  const left = setupStepsLeft(settings.setupDone, status.managerPinSet);
  const current = chosen ?? left[0] ?? null;
  const next = (): void => setChosen(null);
  const leave = (): void => {
    close();
    go('sell');
  };

  let body: ReactNode;
  if (current === null) body = <p role="status">{t.setup.finished}</p>;
  else if (current === 'pin') body = status.managerPinSet ? <p>{t.setup.pinSet}</p> : <ChoosePin />;
  else if (!pin) body = <Unlock />;
  else {
    const Step = {
      shop: ShopStep,
      markup: MarkupStep,
      printing: PrintingStep,
      drawer: DrawerStep,
      mode: ModeStep,
    }[current];
    body = (
      <>
        <h3>{t.setup.steps[current]}</h3>
        {error ? <ErrorPanel error={error} /> : null}
        {/* A fresh form per step: each starts from what is saved. */}
        <Step key={current} onSaved={next} />
      </>
    );
  }

  return (
    <section className="card first-start" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.setup.title}</h2>
      <p>{t.setup.intro}</p>
      <p>{t.setup.progress(SETUP_STEPS.length - left.length, SETUP_STEPS.length)}</p>
      <ol className="setup-steps" aria-label={t.setup.stepsLabel}>
        {SETUP_STEPS.map((step) => {
          const done = !left.includes(step);
          return (
            <li key={step} className={done ? 'done' : undefined}>
              <button
                type="button"
                className="link"
                aria-current={step === current ? 'step' : undefined}
                // Every step after the PIN is saved behind it.
                disabled={step !== 'pin' && !status.managerPinSet}
                onClick={() => setChosen(step)}
              >
                {t.setup.steps[step]}
              </button>{' '}
              <span className="setup-state">{done ? t.setup.done : t.setup.toDo}</span>
            </li>
          );
        })}
      </ol>
      <SettingsNoticeLine />
      {body}
      <div className="actions">
        <button type="button" className="secondary" onClick={leave}>
          {current === null ? t.setup.close : t.setup.later}
        </button>
      </div>
    </section>
  );
}
