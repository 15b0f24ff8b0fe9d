import { type ReactNode, useEffect, useState } from 'react';
import type { Shift } from '../../../shared/domain/shift';
import { formatZNumber } from '../../../shared/end-of-day';
import type { PosError } from '../../../shared/errors';
import type { Currency } from '../../../shared/money';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { dateTime } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { AmountField } from './AmountField';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from './ManagerApproval';
import { PrintReport } from './PrintReport';
import { typedAmount } from './shift-actions';
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
  const [counts, setCounts] = useState<Partial<Record<Currency, string>>>({});
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [error, setError] = useState<PosError | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const lines = currencies.map((currency) => ({
          currency,
          amount: typedAmount(counts[currency] ?? '', currency),
        }));
        if (lines.some((line) => line.amount === null)) {
          setError({ code: 'INVALID_INPUT', message: 'Count every currency.' });
          return;
        }
        void pos()
          .countClosedShift({
            shiftId: shift.id,
            counts: lines.map((line) => ({ currency: line.currency, amount: line.amount! })),
            approval: approvalToSend(approval),
          })
          .then((result) => (result.ok ? onDone() : setError(result.error)));
      }}
    >
      {currencies.map((currency) => (
        <AmountField
          key={currency}
          label={t.counted(currency)}
          value={counts[currency] ?? ''}
          onChange={(text) => setCounts({ ...counts, [currency]: text })}
        />
      ))}
      <ManagerApproval value={approval} onChange={setApproval} />
      {error ? <ErrorPanel error={error} /> : null}
      <button type="submit" className="primary">
        {t.record}
      </button>
    </form>
  );
}
