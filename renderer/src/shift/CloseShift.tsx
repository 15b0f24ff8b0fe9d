import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CountResult, Shift } from '../../../shared/domain/shift';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { FieldErrors } from '../components/field-errors';
import { moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { TextField } from '../screens/settings/TextField';
import { DrawerCountFields } from './DrawerCountFields';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from './ManagerApproval';
import { countLines, type TypedCounts, tillCall, UNCOUNTED } from './shift-actions';
import { shiftText } from './shift-text';
import { useDrawerCurrencies } from './till-store';

/**
 * The blind close: the cashier types what they counted in each currency (the fields start empty and
 * nothing expected is shown), and the count is recorded. A cashier who counts blind learns only
 * whether it is within the tolerance; what was expected is on the Z. Above the tolerance the close
 * needs a reason and a manager; counting again records a second count, and still needs them.
 */
export function CloseShift({
  onClosed,
  onBack,
}: {
  readonly onClosed: (closed: { shift: Shift; report: ShiftReport }) => void;
  readonly onBack: () => void;
}): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const currencies = useDrawerCurrencies();
  const [counts, setCounts] = useState<TypedCounts>({});
  const [result, setResult] = useState<CountResult | null>(null);
  const [reason, setReason] = useState('');
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [error, setError] = useState<PosError | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!result) firstRef.current?.focus();
  }, [result]);

  if (!result) {
    return (
      <FieldErrors error={error}>
        <form
          className="card"
          onSubmit={(event) => {
            event.preventDefault();
            const lines = countLines(counts, currencies);
            if (!lines) {
              setError(UNCOUNTED);
              return;
            }
            void pos()
              .countDrawer({ counts: lines })
              .then((counted) => {
                if (counted.ok) {
                  setError(null);
                  setResult(counted.value);
                } else setError(counted.error);
              });
          }}
        >
          <h2>{t.countTitle}</h2>
          <p className="hint">{t.countHint}</p>
          <DrawerCountFields
            currencies={currencies}
            label={t.counted}
            counts={counts}
            onChange={setCounts}
            firstRef={firstRef}
          />
          {error ? <ErrorPanel error={error} /> : null}
          <div className="actions">
            <button type="submit" className="primary">
              {t.countCash}
            </button>
            <button type="button" className="secondary" onClick={onBack}>
              {t.back}
            </button>
          </div>
        </form>
      </FieldErrors>
    );
  }

  return (
    <FieldErrors error={error}>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          void tillCall(
            () =>
              pos().closeShift({
                countId: result.countId,
                ...(reason.trim() ? { reason } : {}),
                ...(approval.pin ? { approval: approvalToSend(approval) } : {}),
              }),
            setError,
          ).then((closed) => {
            if (closed) onClosed(closed);
          });
        }}
      >
        <h2>{t.countTitle}</h2>
        <table className="table variance">
          <thead>
            <tr>
              <th scope="col">{t.currency}</th>
              <th scope="col">{t.counted('')}</th>
              <th scope="col">{t.expected}</th>
              <th scope="col">{t.variance}</th>
            </tr>
          </thead>
          <tbody>
            {result.lines.map((line) => (
              <tr key={line.currency} className={line.withinTolerance ? '' : 'above'}>
                <th scope="row">{line.currency}</th>
                <td>{moneyText(line.counted, language)}</td>
                <td>{line.expected ? moneyText(line.expected, language) : t.expectedOnZ}</td>
                <td>
                  {line.variance ? <strong>{moneyText(line.variance, language)}</strong> : null}{' '}
                  <span className="hint">
                    {!line.withinTolerance
                      ? t.aboveTolerance
                      : result.approvalNeeded
                        ? t.recountNeedsManager
                        : t.withinTolerance}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {result.approvalNeeded ? (
          <>
            <TextField label={t.reason} value={reason} onChange={setReason} field="reason" />
            <ManagerApproval value={approval} onChange={setApproval} />
          </>
        ) : null}
        {error ? <ErrorPanel error={error} /> : null}
        <div className="actions">
          <button type="submit" className="primary">
            {t.closeShift}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setCounts({});
              setResult(null);
            }}
          >
            {t.countAgain}
          </button>
        </div>
      </form>
    </FieldErrors>
  );
}
