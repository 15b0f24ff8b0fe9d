import { type ReactNode, useEffect, useState } from 'react';
import type { Shift } from '../../../shared/domain/shift';
import { formatZNumber } from '../../../shared/end-of-day';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { FieldErrors } from '../components/field-errors';
import { dateTime } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { DrawerCountFields } from './DrawerCountFields';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from './ManagerApproval';
import { PrintReport } from './PrintReport';
import { countLines, type TypedCounts, UNCOUNTED } from './shift-actions';
import { shiftText } from './shift-text';
import { useDrawerCurrencies } from './till-store';

/** The counter's last shifts with their Z numbers: reprint a Z, count one closed without a count. */
export function RecentShifts({ refresh }: { readonly refresh: number }): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const [shifts, setShifts] = useState<readonly Shift[]>([]);
  const [counting, setCounting] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    void refresh;
    void reload;
    void pos()
      .listShifts({ limit: 10 })
      .then((result) => {
        if (result.ok) setShifts(result.value.shifts.filter((shift) => shift.state !== 'open'));
      });
  }, [refresh, reload]);
  if (shifts.length === 0) return null;
  return (
    <section className="card">
      <h2>{t.recent}</h2>
      <ul className="shift-list">
        {shifts.map((shift) => {
          const z = formatZNumber(shift.zNumber ?? 0);
          return (
            <li key={shift.id}>
              <span dir="ltr" className="z-number">
                {z}
              </span>{' '}
              {shift.businessDay} · {dateTime(shift.closedAt ?? shift.openedAt, language)} ·{' '}
              {t.states[shift.state]}
              {shift.countedLater ? ` (${t.countedLater})` : ''}
              <PrintReport kind="z" shiftId={shift.id} label={t.printZOf(z)} />
              {shift.state === 'not_counted' && !shift.countedLater ? (
                counting === shift.id ? (
                  <CountLater
                    shift={shift}
                    onDone={() => {
                      setCounting(null);
                      setReload(reload + 1);
                    }}
                  />
                ) : (
                  <button type="button" className="secondary" onClick={() => setCounting(shift.id)}>
                    {t.countLater}
                  </button>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CountLater({ shift, onDone }: { readonly shift: Shift; readonly onDone: () => void }): ReactNode {
  const t = shiftText(useLanguage());
  const currencies = useDrawerCurrencies();
  const [counts, setCounts] = useState<TypedCounts>({});
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [error, setError] = useState<PosError | null>(null);
  return (
    <FieldErrors error={error}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const lines = countLines(counts, currencies);
          if (!lines) {
            setError(UNCOUNTED);
            return;
          }
          void pos()
            .countClosedShift({
              shiftId: shift.id,
              counts: lines,
              approval: approvalToSend(approval),
            })
            .then((result) => (result.ok ? onDone() : setError(result.error)));
        }}
      >
        <DrawerCountFields currencies={currencies} label={t.counted} counts={counts} onChange={setCounts} />
        <ManagerApproval value={approval} onChange={setApproval} />
        {error ? <ErrorPanel error={error} /> : null}
        <button type="submit" className="primary">
          {t.record}
        </button>
      </form>
    </FieldErrors>
  );
}
