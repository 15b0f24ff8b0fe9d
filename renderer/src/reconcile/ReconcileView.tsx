import { type ReactNode, useEffect, useState } from 'react';
import type { Approval } from '../../../shared/domain/cashier';
import type {
  BalanceBridge,
  CashLegLine,
  CashRefundLine,
  ReconcileException,
  ReconcileRow,
  Reconciliation,
  ResolutionClass,
} from '../../../shared/domain/reconciliation';
import type { PosError } from '../../../shared/errors';
import { type Currency, type Money, parseDecimalToMinor } from '../../../shared/money';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { printInBrowser } from '../devices/browser-print';
import { useNow } from '../hooks/use-now';
import { dateTime, duration, moneyText } from '../i18n/format';
import { usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage } from '../i18n/use-messages';
import { DayField } from '../screens/settings/DateFields';
import { TextField } from '../screens/settings/TextField';
import { AmountField } from '../shift/AmountField';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from '../shift/ManagerApproval';
import { useSession } from '../stores/session-store';
import { reconcileText } from './reconcile-text';
import './reconcile.css';

const CLASSES: readonly ResolutionClass[] = [
  'other_channel',
  'record_in_doubt',
  'customer_refunded',
  'provider_error',
  'accepted',
];

/**
 * The reconciliation of a business day with the provider: "Reconcile" runs it now; the result, the
 * exceptions (critical first, each with its age until a manager resolves it), the balance bridge and
 * the cash. Reached from the Shift screen.
 */
export function ReconcileView({ today }: { readonly today: string }): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language);
  const [day, setDay] = useState(today);
  const [report, setReport] = useState<Reconciliation | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<PosError | null>(null);
  useEffect(() => {
    setReport(null);
    void pos()
      .getReconciliation({ firstDay: day })
      .then((result) => {
        if (result.ok) setReport(result.value.reconciliation);
      });
  }, [day]);
  const run = (): void => {
    setRunning(true);
    void pos()
      .reconcile({ firstDay: day })
      .then((result) => {
        setRunning(false);
        if (result.ok) {
          setReport(result.value);
          setError(null);
        } else setError(result.error);
      });
  };
  return (
    <section className="card reconcile" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title">{t.title}</h2>
      <p className="hint">{t.hint}</p>
      <div className="actions">
        <DayField label={t.day} value={day} onChange={(value) => value && setDay(value)} />
        <button type="button" className="primary" onClick={run} disabled={running}>
          {running ? t.running : t.reconcile}
        </button>
      </div>
      {error ? <ErrorPanel error={error} /> : null}
      {report ? <Report report={report} onChanged={setReport} /> : <p className="hint">{t.never}</p>}
      {report ? <PrintReconciliation day={day} /> : null}
      <DepositForm day={day} />
    </section>
  );
}

/** The day's reconciliation on A4 in the counter's language, through the browser's print dialog (which saves a PDF). */
function PrintReconciliation({ day }: { readonly day: string }): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language);
  const [error, setError] = useState<PosError | null>(null);
  const print = (): void => {
    setError(null);
    void pos()
      .renderReconciliationReport({ firstDay: day, language })
      .then(async (result) => {
        if (!result.ok) setError(result.error);
        // An A4 document declares its own page.
        else await printInBrowser(result.value.html, () => {});
      })
      .catch((problem: unknown) =>
        setError({ code: 'PRINT_FAILED', message: `The browser could not print: ${String(problem)}` }),
      );
  };
  return (
    <div className="actions">
      <button type="button" onClick={print}>
        {t.print}
      </button>
      {error ? <ErrorPanel error={error} /> : null}
    </div>
  );
}

function Report({
  report,
  onChanged,
}: {
  readonly report: Reconciliation;
  readonly onChanged: (report: Reconciliation) => void;
}): ReactNode {
  const language = useLanguage();
  const printed = usePrintedNumbers();
  const t = reconcileText(language);
  const rowNote = (row: ReconcileRow): string => t.rowNote(row, (value) => moneyText(value, language));
  return (
    <div className="reconcile-report">
      <p className={`reconcile-result ${report.result}`} role="status">
        <strong>{t.results[report.result]}</strong>
        {report.result === 'not_reconciled' ? ` · ${t.openExceptions(report.openExceptions)}` : ''}
      </p>
      <p className="hint">
        {t.runAt(dateTime(report.runAt, language))}
        {report.confirmedAt ? ` · ${t.confirmedAt(dateTime(report.confirmedAt, language))}` : ''}
      </p>
      {report.unconfirmedReason ? <p className="notice">{t.unconfirmed(report.unconfirmedReason)}</p> : null}
      {report.currencyNote ? <p className="notice">{t.otherCurrency(report.currencyNote)}</p> : null}
      {report.shopLedger?.state === 'unreachable' ? (
        <p className="notice">{t.ledgerUnreachable(report.shopLedger.problem ?? '')}</p>
      ) : null}
      {report.exceptions.length > 0 ? (
        <>
          <h3>{t.exceptions}</h3>
          <ul className="reconcile-exceptions">
            {report.exceptions.map((exception) => (
              <ExceptionRow key={exception.key} report={report} exception={exception} onChanged={onChanged} />
            ))}
          </ul>
        </>
      ) : null}
      {report.bridge ? <Bridge bridge={report.bridge} /> : null}
      {report.cash.length > 0 ? <Cash lines={report.cash} /> : null}
      {report.cashRefunds.length > 0 ? <CashRefunds lines={report.cashRefunds} /> : null}
      <details>
        <summary>{t.rows}</summary>
        <table className="reconcile-rows">
          <thead>
            <tr>
              <th>{t.reference}</th>
              <th>{t.receipt}</th>
              <th>{t.note}</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.key}>
                <td dir="ltr">{row.orderReference ?? ''}</td>
                <td dir="ltr">{row.record ? printed.receipt(row.record.receiptNumber) : ''}</td>
                <td>
                  {t.kinds[row.kind]}
                  {rowNote(row) ? ` · ${rowNote(row)}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

function ExceptionRow({
  report,
  exception,
  onChanged,
}: {
  readonly report: Reconciliation;
  readonly exception: ReconcileException;
  readonly onChanged: (report: Reconciliation) => void;
}): ReactNode {
  const language = useLanguage();
  const printed = usePrintedNumbers();
  const t = reconcileText(language);
  const now = useNow(30_000);
  const [resolving, setResolving] = useState(false);
  const [approval, setApproval] = useState<Approval>(NO_APPROVAL);
  const save = async (classification: ResolutionClass, reason: string): Promise<PosError | null> => {
    const result = await pos().resolveReconciliationException({
      firstDay: report.firstDay,
      lastDay: report.lastDay,
      key: exception.key,
      classification,
      reason,
      ...(classification === 'record_in_doubt' && exception.candidates[0]
        ? { recordId: exception.candidates[0].id }
        : {}),
      approval: approvalToSend(approval),
    });
    if (!result.ok) return result.error;
    setResolving(false);
    onChanged(result.value);
    return null;
  };
  const resolution = exception.resolution;
  return (
    <li
      className={`reconcile-exception ${exception.severity}`}
      data-reference={exception.orderReference ?? ''}
    >
      <ExceptionHeading exception={exception}>
        {exception.amount ? (
          <>
            {' · '}
            <span className="amount">{moneyText(exception.amount, language)}</span>
          </>
        ) : null}
        {exception.record ? ` · ${t.receipt} ${printed.receipt(exception.record.receiptNumber)}` : ''}
        {resolution
          ? null
          : ` · ${t.age} ${duration(now.getTime() - Date.parse(exception.firstSeenAt), language)}`}
      </ExceptionHeading>
      {exception.packageName ? (
        <div>
          {t.package}: {exception.packageName}
        </div>
      ) : null}
      <div className="hint">{t.rowNote(exception, (value) => moneyText(value, language))}</div>
      {exception.candidates.length > 0 ? (
        <div className="hint">
          {t.candidates(exception.candidates.map((c) => printed.receipt(c.receiptNumber)).join(', '))}
        </div>
      ) : null}
      {resolution ? (
        <div>{t.resolvedAs(t.classes[resolution.classification], resolution.by, resolution.reason)}</div>
      ) : resolving ? (
        <ResolveForm
          initial={exception.candidates.length > 0 ? 'record_in_doubt' : 'other_channel'}
          save={save}
          onCancel={() => setResolving(false)}
        >
          <ManagerApproval value={approval} onChange={setApproval} />
        </ResolveForm>
      ) : (
        <button type="button" className="secondary" onClick={() => setResolving(true)}>
          {t.resolve}
        </button>
      )}
    </li>
  );
}

/** How a manager resolves an exception: its class and a reason (and, in `children`, their approval). */
export function ResolveForm({
  initial,
  save,
  onCancel,
  children,
}: {
  readonly initial: ResolutionClass;
  readonly save: (classification: ResolutionClass, reason: string) => Promise<PosError | null>;
  readonly onCancel: () => void;
  readonly children?: ReactNode;
}): ReactNode {
  const t = reconcileText(useLanguage());
  const [classification, setClassification] = useState<ResolutionClass>(initial);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<PosError | null>(null);
  return (
    <div className="reconcile-resolve">
      <label className="field">
        {t.classification}
        <select
          value={classification}
          onChange={(event) => setClassification(event.target.value as ResolutionClass)}
        >
          {CLASSES.map((each) => (
            <option key={each} value={each}>
              {t.classes[each]}
            </option>
          ))}
        </select>
      </label>
      <TextField label={t.reason} value={reason} onChange={setReason} />
      {children}
      {error ? <ErrorPanel error={error} /> : null}
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => void save(classification, reason).then(setError)}
        >
          {t.saveResolution}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

export function Bridge({ bridge }: { readonly bridge: BalanceBridge }): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language);
  const amount = (value: Money | null | undefined): string =>
    value ? moneyText(value, language) : t.notRead;
  const lines: [string, string][] = [
    [t.opening, amount(bridge.opening?.balance)],
    [t.charges, `− ${amount(bridge.charges)}`],
    [t.refunds, `+ ${amount(bridge.refunds)}`],
    [t.deposits, `+ ${amount(bridge.deposits)}`],
    ...(bridge.otherShops
      ? ([
          [t.otherShopsRefunds, `+ ${amount(bridge.otherShops.refunds)}`],
          [t.otherShopsDeposits, `+ ${amount(bridge.otherShops.deposits)}`],
        ] as [string, string][])
      : []),
    [t.expectedClosing, amount(bridge.expectedClosing)],
    [t.closing, amount(bridge.closing?.balance)],
    // In a shop the account's remainder is the shop day's to explain, never this counter's.
    ...(bridge.shop ? [] : [[t.remainder, amount(bridge.remainder)] as [string, string]]),
  ];
  return (
    <>
      <h3>{t.bridge}</h3>
      <table className="reconcile-bridge">
        <tbody>
          {lines.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td dir="ltr">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {bridge.shop ? <p className="notice">{t.shopBridge}</p> : null}
      {bridge.likelyCauses.length > 0 && !bridge.shop ? (
        <>
          <p>{t.likelyCauses}</p>
          <ul>
            {bridge.likelyCauses
              .map((cause) => t.bridgeCause(cause, (value) => moneyText(value, language)))
              .map((words) => (
                <li key={words}>{words}</li>
              ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** Cash the drawer took for completed sales against what the journal says it should hold, per currency. */
function Cash({ lines }: { readonly lines: readonly CashLegLine[] }): ReactNode {
  const t = reconcileText(useLanguage());
  return (
    <PerCurrency
      title={t.cash}
      headings={[t.cashCompleted, t.cashTaken, t.cashHeld, t.remainder]}
      lines={lines}
      amounts={(line) => [line.completed, line.drawerTakings, line.heldForOpen, line.remainder]}
    />
  );
}

/** Cash handed back to customers against what the provider gave back for it, per currency. */
function CashRefunds({ lines }: { readonly lines: readonly CashRefundLine[] }): ReactNode {
  const t = reconcileText(useLanguage());
  return (
    <PerCurrency
      title={t.cashRefunds}
      headings={[t.cashRefunded, t.cashRecovered, t.cashNotYetRecovered, t.cashNotRecoverable]}
      lines={lines}
      amounts={(line) => [line.refunded, line.recovered, line.notYetRecovered, line.notRecoverable]}
    />
  );
}

/** A table of amounts with one row per currency, as Leg C shows both its halves. */
export function PerCurrency<Line extends { readonly currency: Currency }>({
  title,
  headings,
  lines,
  amounts,
}: {
  readonly title: string;
  readonly headings: readonly string[];
  readonly lines: readonly Line[];
  readonly amounts: (line: Line) => readonly Money[];
}): ReactNode {
  const language = useLanguage();
  return (
    <>
      <h3>{title}</h3>
      <table className="reconcile-cash">
        <thead>
          <tr>
            <td />
            {headings.map((heading) => (
              <th key={heading}>{heading}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.currency}>
              <th scope="row">{line.currency}</th>
              {amounts(line).map((amount, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in the headings' order
                <td key={column} dir="ltr">
                  {moneyText(amount, language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A deposit to the provider account, entered by a manager: the API lists none, so the bridge needs it. */
function DepositForm({ day }: { readonly day: string }): ReactNode {
  const t = reconcileText(useLanguage());
  const [open, setOpen] = useState(false);
  // Deposits are in the account's currency, as the provider last said it.
  const currency: Currency = useSession((state) => state.status?.currency) ?? 'USD';
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [approval, setApproval] = useState<Approval>(NO_APPROVAL);
  const [error, setError] = useState<PosError | string | null>(null);
  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t.addDeposit}
      </button>
    );
  }
  const save = (): void => {
    const minor = parseDecimalToMinor(amount, currency);
    if (minor === null || minor <= 0) {
      setError(t.badAmount);
      return;
    }
    void pos()
      .addProviderDeposit({
        businessDay: day,
        amount: { amount: minor, currency },
        note,
        approval: approvalToSend(approval),
      })
      .then((result) => {
        if (result.ok) {
          setOpen(false);
          setAmount('');
          setNote('');
          setError(null);
        } else setError(result.error);
      });
  };
  return (
    <fieldset className="reconcile-deposit">
      <legend>{t.addDeposit}</legend>
      <AmountField label={t.amount(currency)} value={amount} onChange={setAmount} />
      <TextField label={t.depositNote} value={note} onChange={setNote} />
      <ManagerApproval value={approval} onChange={setApproval} />
      {typeof error === 'string' ? (
        <p className="problem">{error}</p>
      ) : error ? (
        <ErrorPanel error={error} />
      ) : null}
      <div className="actions">
        <button type="button" className="primary" onClick={save}>
          {t.saveDeposit}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          {t.cancel}
        </button>
      </div>
    </fieldset>
  );
}

/** An exception's first line, on the day's and the shop's reconciliation: how grave, what kind, which order. */
export function ExceptionHeading({
  exception,
  children,
}: {
  readonly exception: Pick<ReconcileException, 'severity' | 'kind' | 'orderReference'>;
  readonly children?: ReactNode;
}): ReactNode {
  const t = reconcileText(useLanguage());
  return (
    <div>
      <strong>{t.severities[exception.severity]}</strong> · {t.kinds[exception.kind]}
      {exception.orderReference ? (
        <>
          {' · '}
          {t.reference}{' '}
          <span dir="ltr" className="reference">
            {exception.orderReference}
          </span>
        </>
      ) : null}
      {children}
    </div>
  );
}
