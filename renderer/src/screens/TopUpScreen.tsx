import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { TopUp, TopUpOption } from '../../../shared/domain';
import { Dialog } from '../components/Dialog';
import { ErrorPanel } from '../components/ErrorPanel';
import { dataText } from '../components/PackageFacts';
import { PrintReceiptButton } from '../components/PrintReceiptButton';
import { useEscape } from '../hooks/use-escape';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { date, dateTime, days, gigabytes, integer, megabytes, money, percent } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { useTopUp } from '../stores/topup-store';

function IccidField(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  const iccid = useTopUp((state) => state.iccid);
  const problem = useTopUp((state) => state.problem);
  const phase = useTopUp((state) => state.phase);
  const setIccid = useTopUp((state) => state.setIccid);
  const lookUp = useTopUp((state) => state.lookUp);
  useFocusOnScreen('topup', ref);
  const invalid = problem !== null && problem !== 'empty';
  // A number still being typed is not wrong yet; say so only once it cannot become right.
  const shownProblem = problem === 'too_short' ? null : problem;
  return (
    <form
      className="iccid-form"
      onSubmit={(event) => {
        event.preventDefault();
        void lookUp();
      }}
    >
      <label htmlFor={id}>{t.topUp.iccid}</label>
      <div className="iccid-row">
        <input
          ref={ref}
          id={id}
          className="mono iccid-input"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={iccid}
          aria-invalid={invalid && problem !== 'too_short'}
          aria-describedby={`${id}-state`}
          onChange={(event) => setIccid(event.target.value)}
        />
        <button type="submit" disabled={problem !== null || phase === 'looking'}>
          {phase === 'looking' ? t.topUp.looking : t.topUp.lookUp}
        </button>
      </div>
      <p id={`${id}-state`} className={problem === null ? 'field-ok' : shownProblem ? 'field-error' : 'hint'}>
        {problem === null
          ? `${t.topUp.valid} · ${t.topUp.digits(integer(iccid.length, language))}`
          : shownProblem
            ? t.topUp.problems[shownProblem]
            : `${t.topUp.iccidHint}${iccid ? ` · ${t.topUp.digits(integer(iccid.length, language))}` : ''}`}
      </p>
    </form>
  );
}

function EsimDetailsView(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const esim = useTopUp((state) => state.esim);
  if (!esim) return null;
  return (
    <section className="esim-details" aria-label={t.topUp.esim}>
      <h2>{esim.packageName}</h2>
      <dl className="facts">
        <dt>{t.topUp.iccid}</dt>
        <dd className="mono" dir="ltr">
          {esim.iccid}
        </dd>
        <dt>{t.topUp.status}</dt>
        <dd>{esim.status}</dd>
        <dt>{t.topUp.used}</dt>
        <dd>
          {esim.unlimited
            ? `${megabytes(esim.usedMb, language)} · ${t.sell.unlimited}`
            : t.topUp.usage(
                megabytes(esim.usedMb, language),
                megabytes(esim.totalMb, language),
                percent(esim.usagePercent, language),
              )}
        </dd>
        {!esim.unlimited ? (
          <>
            <dt>{t.topUp.remaining}</dt>
            <dd>{megabytes(esim.remainingMb, language)}</dd>
          </>
        ) : null}
        <dt>{t.topUp.expires}</dt>
        <dd>
          {esim.expiresAt ? date(esim.expiresAt, language) : '—'}
          {esim.expired ? ` · ${t.topUp.expired}` : ''}
        </dd>
      </dl>
      {!esim.toppable ? (
        <ErrorPanel
          title={t.topUp.notToppable}
          error={{
            code: esim.notToppableReason ?? 'ESIM_NOT_TOPPABLE',
            message: `status ${esim.status}`,
            details: { status: esim.status },
          }}
        />
      ) : null}
    </section>
  );
}

function Options(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const esim = useTopUp((state) => state.esim);
  const options = useTopUp((state) => state.options);
  const phase = useTopUp((state) => state.phase);
  const choose = useTopUp((state) => state.choose);
  const firstRef = useRef<HTMLButtonElement>(null);
  const ready = phase === 'found' && options.length > 0;
  useEffect(() => {
    // After a scan, the keyboard moves to the first top-up so Enter continues the flow.
    if (ready) firstRef.current?.focus();
  }, [ready]);
  if (!esim?.toppable || (phase !== 'found' && phase !== 'confirm' && phase !== 'repeat')) return null;
  return (
    <section className="topup-options" aria-label={t.topUp.options}>
      <h3>{t.topUp.options}</h3>
      {options.length === 0 ? <p>{t.topUp.noOptions}</p> : null}
      <ul className="option-list">
        {options.map((option, i) => (
          <li key={option.code}>
            <button
              ref={i === 0 ? firstRef : undefined}
              type="button"
              className="option"
              aria-label={t.topUp.choose(option.name)}
              onClick={() => choose(option)}
            >
              <span className="pkg-name">{option.name}</span>
              <span className="pkg-data">{dataText(option, t, language)}</span>
              <span className="pkg-validity">{days(option.validityDays, language)}</span>
              <span className="pkg-price">{money(option.retail, language)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConfirmTopUp({ option }: { readonly option: TopUpOption }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const iccid = useTopUp((state) => state.iccid);
  const phase = useTopUp((state) => state.phase);
  const confirm = useTopUp((state) => state.confirm);
  const cancel = useTopUp((state) => state.cancel);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const sending = phase === 'sending';
  const repeat = phase === 'repeat';
  return (
    <Dialog
      key={phase === 'repeat' ? 'repeat' : 'confirm'}
      title={repeat ? t.topUp.repeatTitle : t.topUp.confirmTitle}
      onCancel={sending ? () => {} : cancel}
      initialFocus={confirmRef}
    >
      {repeat ? <p className="warning">{t.topUp.repeatBody}</p> : null}
      <p className="confirm-line">{option.name}</p>
      <dl className="facts">
        <dt>{t.topUp.iccid}</dt>
        <dd className="mono" dir="ltr">
          {iccid}
        </dd>
        <dt>{t.sell.data}</dt>
        <dd>
          {dataText(option, t, language)} · {days(option.validityDays, language)}
        </dd>
        <dt>{t.sell.toCharge}</dt>
        <dd className="charge">{money(option.retail, language)}</dd>
      </dl>
      {sending ? (
        <p role="status" className="sending">
          {t.topUp.sending}
        </p>
      ) : null}
      <div className="actions">
        <button
          ref={confirmRef}
          type="button"
          className="primary"
          disabled={sending}
          onClick={() => void confirm()}
        >
          {repeat ? t.topUp.repeatButton : t.topUp.confirmButton}
        </button>
        <button type="button" className="secondary" disabled={sending} onClick={cancel}>
          {t.cancel}
        </button>
      </div>
    </Dialog>
  );
}

function TopUpOutcome({ topUp }: { readonly topUp: TopUp }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  if (topUp.state === 'completed') {
    return (
      <section className="topup-result" aria-label={t.topUp.completed}>
        <h2>{t.topUp.completed}</h2>
        <p className="sale-meta">
          {t.sell.receiptNo(integer(topUp.receiptNumber, language))} · {topUp.packageName} ·{' '}
          {money(topUp.retail, language)}
        </p>
        <dl className="facts">
          <dt>{t.topUp.iccid}</dt>
          <dd className="mono" dir="ltr">
            {topUp.iccid}
          </dd>
          {topUp.newTotalGb !== null ? (
            <>
              <dt>{t.topUp.newVolume}</dt>
              <dd>
                {t.topUp.newVolumeValue(
                  gigabytes(topUp.newTotalGb, language),
                  gigabytes(topUp.newRemainingGb ?? topUp.newTotalGb, language),
                )}
              </dd>
            </>
          ) : null}
          {topUp.newExpiresAt ? (
            <>
              <dt>{t.topUp.newExpiry}</dt>
              <dd>{dateTime(topUp.newExpiresAt, language)}</dd>
            </>
          ) : null}
          {topUp.newBalance ? (
            <>
              <dt>{t.sell.newBalance}</dt>
              <dd>{money(topUp.newBalance, language)}</dd>
            </>
          ) : null}
        </dl>
        {topUp.inferred ? <p className="hint">{t.topUp.inferred}</p> : null}
        <PrintReceiptButton kind="topup" id={topUp.id} />
      </section>
    );
  }
  if (topUp.state === 'failed') return <ErrorPanel error={topUp.error} />;
  return (
    <section className="topup-result sale-waiting" aria-label={t.topUp.inDoubtTitle}>
      <h2>{t.topUp.inDoubtTitle}</h2>
      <p>{t.topUp.inDoubtBody}</p>
    </section>
  );
}

function TopUpResult(): ReactNode {
  const t = useMessages();
  const topUp = useTopUp((state) => state.topUp);
  const lost = useTopUp((state) => state.lost);
  const reset = useTopUp((state) => state.reset);
  const againRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    againRef.current?.focus();
  }, []);
  function again(): void {
    reset();
    window.requestAnimationFrame(() => document.querySelector<HTMLInputElement>('.iccid-input')?.focus());
  }
  useEscape(again);
  return (
    <div className="topup-done">
      <div className="actions">
        <button ref={againRef} type="button" className="primary" aria-keyshortcuts="Escape" onClick={again}>
          {t.topUp.another}
        </button>
      </div>
      {lost ? (
        <div className="error-panel" role="alert">
          <strong>{t.sell.lostTitle}</strong>
          <p>{t.topUp.inDoubtBody}</p>
        </div>
      ) : null}
      {topUp ? <TopUpOutcome topUp={topUp} /> : null}
    </div>
  );
}

export function TopUpScreen(): ReactNode {
  const t = useMessages();
  const phase = useTopUp((state) => state.phase);
  const chosen = useTopUp((state) => state.chosen);
  const error = useTopUp((state) => state.error);
  if (phase === 'result') {
    return (
      <div className="screen topup-screen">
        <TopUpResult />
      </div>
    );
  }
  return (
    <div className="screen topup-screen">
      <h1>{t.topUp.title}</h1>
      <IccidField />
      {error ? <ErrorPanel error={error} /> : null}
      <EsimDetailsView />
      <Options />
      {chosen && (phase === 'confirm' || phase === 'repeat' || phase === 'sending') ? (
        <ConfirmTopUp option={chosen} />
      ) : null}
    </div>
  );
}
