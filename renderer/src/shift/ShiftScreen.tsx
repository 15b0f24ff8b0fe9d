import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Shift } from '../../../shared/domain/shift';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { useFocusOnScreen } from '../hooks/use-focus-on-screen';
import { dateTime } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { LostRecordsView } from '../reconcile/LostRecordsView';
import { ReconcileView } from '../reconcile/ReconcileView';
import { CashMoves } from './CashMoves';
import { CloseShift } from './CloseShift';
import { ManagerTools } from './ManagerTools';
import { OpenShiftForm } from './OpenShiftForm';
import { PrintReport } from './PrintReport';
import { RecentShifts } from './RecentShifts';
import { ReportView } from './ReportView';
import { SignInForm } from './SignInForm';
import { shiftText } from './shift-text';
import { useSignInNeeded, useTill } from './till-store';
import './shift.css';

/**
 * The drawer's shift: who is signed in, opening with a counted float, cash in and out, the X report,
 * the blind close and its Z. Everything here is the core's journal; none of it needs the provider.
 */
export function ShiftScreen(): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const till = useTill((state) => state.till);
  const loadError = useTill((state) => state.error);
  const load = useTill((state) => state.load);
  const [closing, setClosing] = useState(false);
  const [closed, setClosed] = useState<{ shift: Shift; report: ShiftReport } | null>(null);
  const [x, setX] = useState<ShiftReport | null>(null);
  const [error, setError] = useState<PosError | null>(null);
  const [changes, setChanges] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A live counter with nobody signed in shows its shifts, reports and tools to no one: sign in first.
  const live = useSignInNeeded('listShifts');
  useFocusOnScreen('shift', headingRef);
  useEffect(() => {
    void load();
  }, [load]);

  if (!till) return <div className="screen">{loadError ? <ErrorPanel error={loadError} /> : null}</div>;
  const shift = till.shift;
  const openedBy = (id: string): string => till.cashiers.find((cashier) => cashier.id === id)?.name ?? '';
  return (
    <div className="screen shift-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        {t.title}
      </h1>
      <p className="hint">{t.businessDay(till.businessDay)}</p>
      {till.cashier ? null : (
        <section className="card narrow">
          <h2>{t.signIn}</h2>
          <p className="hint">{live ? t.liveSignIn : t.signInFirst}</p>
          <SignInForm />
        </section>
      )}
      {live ? null : (
        <>
          {closed ? (
            <section className="card closed-z">
              <ReportView report={closed.report} />
              <PrintReport kind="z" shiftId={closed.shift.id} label={t.printZ} />
              <button type="button" className="secondary" onClick={() => setClosed(null)}>
                {t.back}
              </button>
            </section>
          ) : null}
          {!shift && !closed && till.cashier ? <OpenShiftForm /> : null}
          {shift && !closed ? (
            <>
              <section className="card">
                <p>{t.shiftOpen(dateTime(shift.openedAt, language), openedBy(shift.openedBy))}</p>
                {closing ? null : (
                  <div className="actions">
                    <button
                      type="button"
                      className="secondary"
                      onClick={() =>
                        void pos()
                          .getXReport({})
                          .then((result) => {
                            if (result.ok) {
                              setX(result.value);
                              setError(null);
                            } else setError(result.error);
                          })
                      }
                    >
                      {t.xReport}
                    </button>
                    <button
                      type="button"
                      className="primary"
                      onClick={() => {
                        setX(null);
                        setClosing(true);
                      }}
                    >
                      {t.closeShift}
                    </button>
                  </div>
                )}
                {error ? <ErrorPanel error={error} /> : null}
              </section>
              {x && !closing ? (
                <section className="card">
                  <ReportView report={x} />
                  <PrintReport kind="x" shiftId={shift.id} label={t.printX} />
                </section>
              ) : null}
              {closing ? (
                <CloseShift
                  onBack={() => setClosing(false)}
                  onClosed={(done) => {
                    setClosing(false);
                    setClosed(done);
                    setChanges(changes + 1);
                  }}
                />
              ) : (
                <CashMoves />
              )}
            </>
          ) : null}
          {closed ? null : <RecentShifts refresh={changes} />}
          {till.cashier ? <LostRecordsView /> : null}
          {till.cashier ? <ReconcileView today={till.businessDay} /> : null}
          <ManagerTools onChanged={() => setChanges(changes + 1)} />
        </>
      )}
    </div>
  );
}
