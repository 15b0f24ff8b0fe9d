import { type ReactNode, useRef } from 'react';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { useLanguage } from '../i18n/use-messages';
import type { Screen } from '../stores/screen-store';
import { SignInForm } from './SignInForm';
import { shiftText } from './shift-text';
import './shift.css';

/**
 * A screen of a live counter with nobody signed in: it says why and offers the sign-in in its place,
 * so nobody meets a refusal from the core. The screen itself shows once someone has signed in.
 */
export function SignInFirst({
  screen,
  title,
}: {
  readonly screen: Screen;
  readonly title: string;
}): ReactNode {
  const t = shiftText(useLanguage());
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnScreen(screen, headingRef);
  return (
    <div className="screen">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <section className="card narrow" aria-labelledby={`sign-in-first-${screen}`}>
        <h2 id={`sign-in-first-${screen}`}>{t.signIn}</h2>
        <p className="hint">{t.liveSignIn}</p>
        <SignInForm />
      </section>
    </div>
  );
}
