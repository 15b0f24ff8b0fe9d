import { type ReactNode, useId, useState } from 'react';
import type { Language } from '../../../../shared/domain/common';
import type { TopUp, TopUpOrderSeen, TopUpSearch } from '../../../../shared/domain/topup';
import type { PosError } from '../../../../shared/errors';
import type { PosInput } from '../../../../shared/pos-api';
import { pos } from '../../bridge/pos';
import { ErrorPanel } from '../../components/ErrorPanel';
import { duration, integer, moneyText, time } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-messages';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from '../../shift/ManagerApproval';
import { type DoubtText, doubtText } from './doubt-text';
import './topup.css';

type InDoubt = Extract<TopUp, { state: 'in_doubt' }>;
type TopUpChoice = PosInput<'decideTopUp'>['choice'];

/** A stretch of time as a manager compares it: milliseconds under a second, tenths of a second under a minute. */
function elapsed(ms: number, language: Language): string {
  const unit = (name: string, value: number, digits: number): string =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, maximumFractionDigits: digits }).format(
      value,
    );
  if (ms < 1000) return unit('millisecond', Math.round(ms), 0);
  if (ms < 60_000) return unit('second', Math.round(ms / 100) / 10, 1);
  return duration(ms, language);
}

/** Why an order may or may not be the top-up's, as the provider's facts say. */
function verdictOf(order: TopUpOrderSeen, search: TopUpSearch, t: DoubtText, language: Language): string {
  const placed = order.placedAt === null ? Number.NaN : Date.parse(order.placedAt);
  const sent = Date.parse(search.sentAt);
  const stopped = Date.parse(search.stoppedAt);
  const first = order.ruledOut[0];
  if (first === undefined) {
    return Number.isNaN(placed) || order.placedWithinMs > 0 || placed < sent
      ? t.maybeUntimed
      : t.maybe(elapsed(placed - sent, language), elapsed(stopped - placed, language));
  }
  switch (first) {
    case 'placed_after_wait':
      return t.placedAfterWait(elapsed(placed - stopped, language));
    case 'placed_before_send':
      return t.placedBeforeSend(elapsed(sent - placed, language));
    case 'claimed_here':
      return t.claimedHere(integer(order.claimedByReceipt ?? 0, language));
    case 'claimed_elsewhere':
      return t.claimedElsewhere;
    case 'other_package':
      return t.otherPackage;
    case 'not_charged':
      return t.notCharged;
  }
}

/**
 * A top-up whose answer was lost: the provider's orders of its eSIM around it, each with why it may or
 * may not be the top-up's, and the manager's decision (with their PIN). Nothing the counter reads can
 * settle it: an order another writer placed looks the same.
 */
export function TopUpDoubt({
  topUp,
  onDecided,
}: {
  readonly topUp: InDoubt;
  readonly onDecided?: (topUp: TopUp) => void;
}): ReactNode {
  const language = useLanguage();
  const t = doubtText(language);
  const { search } = topUp;
  const candidates = search?.orders.filter((order) => order.ruledOut.length === 0) ?? [];
  // Nothing is chosen for the manager: "none" charges the shop if it was wrong, an order the customer.
  const [choice, setChoice] = useState<TopUpChoice | null>(null);
  const [approval, setApproval] = useState(NO_APPROVAL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PosError | null>(null);
  const ordersId = useId();
  const decisionId = useId();
  const decide = async (): Promise<void> => {
    if (!choice) return;
    setBusy(true);
    const result = await pos().decideTopUp({ id: topUp.id, choice, approval: approvalToSend(approval) });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    onDecided?.(result.value);
  };
  return (
    <>
      <section className="topup-doubt" aria-labelledby={ordersId}>
        <h3 id={ordersId}>{t.ordersTitle}</h3>
        <p>{t.why}</p>
        {search ? (
          <>
            <p className="hint">{t.wire(time(search.sentAt, language), time(search.stoppedAt, language))}</p>
            {search.otherCountersChecked ? null : <p className="hint">{t.otherCountersUnchecked}</p>}
            {search.complete ? null : <p className="hint">{t.incomplete}</p>}
            {search.orders.length === 0 ? (
              <p>{t.noOrders}</p>
            ) : (
              <table className="table">
                <caption className="visually-hidden">{t.ordersTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.order}</th>
                    <th scope="col">{t.placed}</th>
                    <th scope="col">{t.package}</th>
                    <th scope="col">{t.amount}</th>
                    <th scope="col">{t.verdict}</th>
                  </tr>
                </thead>
                <tbody>
                  {search.orders.map((order) => (
                    <tr
                      key={order.orderReference}
                      className={order.ruledOut.length === 0 ? 'candidate' : 'ruled-out'}
                    >
                      <td className="mono" dir="ltr">
                        {order.orderReference}
                      </td>
                      <td>{order.placedAt ? time(order.placedAt, language) : t.notStated}</td>
                      <td className="mono" dir="ltr">
                        {order.packageCode ?? t.notStated}
                      </td>
                      <td>{order.amount ? moneyText(order.amount, language) : t.notStated}</td>
                      <td>{verdictOf(order, search, t, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        ) : (
          <p>{t.notLookedYet}</p>
        )}
      </section>
      <form
        className="topup-decision"
        aria-labelledby={decisionId}
        onSubmit={(event) => {
          event.preventDefault();
          void decide();
        }}
      >
        <fieldset>
          <legend id={decisionId}>{t.decisionTitle}</legend>
          {candidates.map((order) => (
            <label key={order.orderReference} className="choice">
              <input
                type="radio"
                name={`${decisionId}-choice`}
                value={order.orderReference}
                checked={choice?.kind === 'ours' && choice.orderReference === order.orderReference}
                onChange={() => setChoice({ kind: 'ours', orderReference: order.orderReference })}
              />
              {t.ours(order.orderReference)}
            </label>
          ))}
          <label className="choice">
            <input
              type="radio"
              name={`${decisionId}-choice`}
              value="none"
              checked={choice?.kind === 'none'}
              onChange={() => setChoice({ kind: 'none' })}
            />
            {t.none}
          </label>
        </fieldset>
        <ManagerApproval value={approval} onChange={setApproval} />
        <button type="submit" className="danger" disabled={busy || choice === null || approval.pin === ''}>
          {busy ? t.deciding : t.decide}
        </button>
        {error ? <ErrorPanel error={error} /> : null}
      </form>
    </>
  );
}

/** Who decided a top-up after its answer was lost, and what: shown with the settled top-up. */
export function DecisionLine({ topUp }: { readonly topUp: TopUp }): ReactNode {
  const t = doubtText(useLanguage());
  if ((topUp.state !== 'completed' && topUp.state !== 'failed') || !topUp.decision) return null;
  const { byName, orderReference } = topUp.decision;
  return (
    <p className="hint">{orderReference ? t.decidedOurs(byName, orderReference) : t.decidedNone(byName)}</p>
  );
}
