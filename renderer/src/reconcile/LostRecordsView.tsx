import { type ReactNode, useEffect, useState } from 'react';
import type { Approval } from '../../../shared/domain/cashier';
import type { LostRecords } from '../../../shared/domain/lost-records';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { dateTime, moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from '../shift/ManagerApproval';
import { useActiveCashiers } from '../shift/till-store';
import { useSession } from '../stores/session-store';
import { lostRecordsText } from './lost-records-text';

/**
 * What a journal brought back lacks (restored, or opened as it is after its write-ahead log was lost):
 * since when, the receipt and Z numbers issued meanwhile, and the provider's orders of that time that
 * no record holds, for a manager to look at. Nothing here sends or books anything; a manager's "seen"
 * is recorded and takes the notice off the status bar. Shown above the day's reconciliation until a
 * manager has seen it (the core keeps the record readable after).
 */
export function LostRecordsView(): ReactNode {
  const language = useLanguage();
  const t = lostRecordsText(language);
  const managers = useActiveCashiers();
  // The status changes when the orders have been read or a manager has seen them: read again then.
  const shown = useSession((state) => JSON.stringify(state.status?.lostRecords ?? null));
  const [record, setRecord] = useState<LostRecords | null>(null);
  const [approval, setApproval] = useState<Approval>(NO_APPROVAL);
  const [error, setError] = useState<PosError | null>(null);
  // Seen on this screen: the manager reads who saw it before it goes.
  const [seenHere, setSeenHere] = useState(false);
  useEffect(() => {
    void shown;
    void pos()
      .getLostRecords({})
      .then((result) => {
        if (result.ok) setRecord(result.value.lostRecords);
      });
  }, [shown]);
  if (!record || (record.acknowledged && !seenHere)) return null;
  const acknowledge = (): void => {
    void pos()
      .acknowledgeLostRecords({ approval: approvalToSend(approval) })
      .then((result) => {
        if (result.ok) {
          setRecord(result.value);
          setSeenHere(true);
          setError(null);
        } else setError(result.error);
      });
  };
  const nameOf = (id: string): string => managers.find((cashier) => cashier.id === id)?.name ?? id;
  const orders = record.orders;
  return (
    <section className="card reconcile lost-records" aria-labelledby="lost-records-title">
      <h2 id="lost-records-title">{t.title}</h2>
      <p>{t.broughtBack(dateTime(record.broughtBackAt, language), record.from)}</p>
      <p>{t.since(dateTime(record.since, language))}</p>
      {record.numbers.length > 0 ? <p>{t.numbers(record.numbers)}</p> : null}
      {orders === null ? (
        <p className="hint">{t.notRead}</p>
      ) : (
        <>
          <p className="hint">{t.candidatesHint}</p>
          {orders.complete ? null : <p className="notice">{t.incomplete}</p>}
          {orders.candidates.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <table className="lost-records-orders">
              <thead>
                <tr>
                  <th scope="col">{t.reference}</th>
                  <th scope="col">{t.placedAt}</th>
                  <th scope="col">{t.packageName}</th>
                  <th scope="col">{t.amount}</th>
                  <th scope="col">{t.status}</th>
                </tr>
              </thead>
              <tbody>
                {orders.candidates.map((order) => (
                  <tr key={order.orderReference}>
                    <td dir="ltr" className="reference">
                      {order.orderReference}
                    </td>
                    <td>{order.createdAt ? dateTime(order.createdAt, language) : ''}</td>
                    <td>{order.packageName ?? order.packageCode ?? ''}</td>
                    <td>{order.amount ? moneyText(order.amount, language) : ''}</td>
                    <td>{order.status ? t.statuses[order.status] : (order.statusText ?? '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {record.acknowledged ? (
        <p>{t.seen(nameOf(record.acknowledged.by), dateTime(record.acknowledged.at, language))}</p>
      ) : (
        <div className="reconcile-resolve">
          <ManagerApproval value={approval} onChange={setApproval} />
          {error ? <ErrorPanel error={error} /> : null}
          <div className="actions">
            <button type="button" className="primary" onClick={acknowledge}>
              {t.acknowledge}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
