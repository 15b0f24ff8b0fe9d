import { type ReactNode, useEffect, useId, useState } from 'react';
import type { ShopPack } from '../../../shared/domain/export';
import type { JournalCheck } from '../../../shared/domain/journal-check';
import type { Shift } from '../../../shared/domain/shift';
import type { PosError } from '../../../shared/errors';
import { journalCheckSentence } from '../../../shared/journal-check-text';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { FieldErrors } from '../components/field-errors';
import { dateTime, integer } from '../i18n/format';
import { usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage } from '../i18n/use-messages';
import { DayField, MonthField } from '../screens/settings/DateFields';
import { DrawerCountFields } from './DrawerCountFields';
import { base64Bytes, download } from './download';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from './ManagerApproval';
import { PrintReport } from './PrintReport';
import { countLines, type TypedCounts, UNCOUNTED } from './shift-actions';
import { shiftText } from './shift-text';
import { useDrawerCurrencies, useTill } from './till-store';

/**
 * The counter's last shifts with their Z numbers, or those of a business day picked: reprint a Z,
 * export it as CSV, count one closed without a count; and the month's pack for the accountant.
 */
export function RecentShifts({ refresh }: { readonly refresh: number }): ReactNode {
  const language = useLanguage();
  const printed = usePrintedNumbers();
  const t = shiftText(language);
  const [shifts, setShifts] = useState<readonly Shift[]>([]);
  const [counting, setCounting] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [day, setDay] = useState('');
  const [error, setError] = useState<PosError | null>(null);
  const [journalCheck, setJournalCheck] = useState<JournalCheck | null>(null);
  const headingId = useId();
  useEffect(() => {
    void refresh;
    void reload;
    void pos()
      .listShifts({ limit: day ? 200 : 10 })
      .then((result) => {
        if (result.ok)
          setShifts(
            result.value.shifts.filter(
              (shift) => shift.state !== 'open' && (!day || shift.businessDay === day),
            ),
          );
      });
  }, [refresh, reload, day]);
  const exportZ = (shift: Shift): void => {
    void pos()
      .exportCsv({ scope: { shiftId: shift.id } })
      .then((result) => {
        if (!result.ok) return setError(result.error);
        setError(null);
        setJournalCheck(result.value.journalCheck);
        download(result.value.name, base64Bytes(result.value.base64), 'application/zip');
      });
  };
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.recent}</h2>
      <DayField label={t.shiftsOfDay} value={day} onChange={setDay} />
      {error ? <ErrorPanel error={error} /> : null}
      {journalCheck ? <JournalCheckSaid check={journalCheck} /> : null}
      <ul className="shift-list">
        {shifts.map((shift) => {
          const z = printed.z(shift.zNumber ?? 0);
          return (
            <li key={shift.id}>
              <span dir="ltr" className="z-number">
                {z}
              </span>{' '}
              {shift.businessDay} · {dateTime(shift.closedAt ?? shift.openedAt, language)} ·{' '}
              {t.states[shift.state]}
              {shift.countedLater ? ` (${t.countedLater})` : ''}
              <PrintReport kind="z" shiftId={shift.id} label={t.printZOf(z)} />
              <button type="button" className="secondary" onClick={() => exportZ(shift)}>
                {t.exportCsv(z)}
              </button>
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
      <AccountantPack onError={setError} onChecked={setJournalCheck} />
    </section>
  );
}

/** What the journal's check run with an export found: a broken journal is an alert. */
function JournalCheckSaid({ check }: { readonly check: JournalCheck }): ReactNode {
  const language = useLanguage();
  const sentence = journalCheckSentence(check, language, (value) => integer(value, language));
  return check.firstBreak ? (
    <p role="alert" className="mark">
      {sentence}
    </p>
  ) : (
    <p role="status">{sentence}</p>
  );
}

/** The month's CSV files, its Z reports and a manifest with the journal's check, as one ZIP. */
function AccountantPack({
  onError,
  onChecked,
}: {
  readonly onError: (error: PosError | null) => void;
  readonly onChecked: (check: JournalCheck) => void;
}): ReactNode {
  const t = shiftText(useLanguage());
  // The month of the counter's business day, not the calendar's: before the day's cut-off on the 1st,
  // the shifts being worked are still the month before's.
  const businessDay = useTill((state) => state.till?.businessDay ?? '');
  const [month, setMonth] = useState((businessDay || new Date().toISOString()).slice(0, 7));
  const [shop, setShop] = useState<ShopPack | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pos()
          .exportAccountantPack({ month })
          .then((result) => {
            if (!result.ok) return onError(result.error);
            onError(null);
            onChecked(result.value.journalCheck);
            setShop(result.value.shop);
            download(result.value.name, base64Bytes(result.value.base64), 'application/zip');
          });
      }}
    >
      <h3>{t.accountantPack}</h3>
      <MonthField label={t.month} value={month} onChange={setMonth} />
      <button type="submit" className="secondary">
        {t.downloadPack}
      </button>
      {shop ? <ShopPackSaid shop={shop} /> : null}
    </form>
  );
}

/** Whether a shop's pack holds every counter's month; a pack short of a counter is an alert. */
function ShopPackSaid({ shop }: { readonly shop: ShopPack }): ReactNode {
  const t = shiftText(useLanguage());
  if (shop.complete) return <p role="status">{t.shopPackWhole(shop.shop)}</p>;
  return (
    <div role="alert" className="mark">
      {shop.open.length > 0 ? <p>{t.shopPackOpen(shop.open.join(', '))}</p> : null}
      {shop.notSynced.length > 0 ? <p>{t.shopPackNotSynced(shop.notSynced.join(', '))}</p> : null}
    </div>
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
