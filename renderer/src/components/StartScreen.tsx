import type { Language } from '../../../shared/domain/common';
import type { StartProgress } from '../../../shared/domain/start-progress';
import { duration, percent } from '../i18n/format';
import { directionOf, messagesFor } from '../i18n/messages';
import './start-screen.css';

/** The two languages, both shown: the shop's choice is in the journal, which is what is being updated. */
const LANGUAGES: readonly Language[] = ['en', 'ar'];

/**
 * What the counter shows while it starts and is not ready to sell: after an update, the step, how much
 * is done and the time left, in English and Arabic side by side.
 */
export function StartScreen({ progress }: { readonly progress: StartProgress | null }) {
  return (
    <main className="start-screen">
      {LANGUAGES.map((language) => (
        <StartWords key={language} language={language} progress={progress} />
      ))}
    </main>
  );
}

function StartWords({
  language,
  progress,
}: {
  readonly language: Language;
  readonly progress: StartProgress | null;
}) {
  const t = messagesFor(language).starting;
  const heading = `start-${language}`;
  return (
    <section lang={language} dir={directionOf(language)} aria-labelledby={heading} className="start-words">
      <h1 id={heading}>{progress ? t.title : t.opening}</h1>
      {progress && (
        <>
          <p>{t.why}</p>
          <p className="start-step">
            {t.stepOf(progress.stepNumber, progress.steps)}: {t.step[progress.step]}
          </p>
          <progress max={100} value={Math.round(progress.done * 100)} aria-label={t.progress} />
          <p className="start-left">
            {percent(progress.done * 100, language)} ·{' '}
            {progress.secondsLeft === null
              ? t.leftUnknown
              : t.left(duration(progress.secondsLeft * 1000, language))}
          </p>
        </>
      )}
    </section>
  );
}
