import { type ReactNode, useState } from 'react';
import type { Approval } from '../../../shared/domain/cashier';
import type { ResolutionClass } from '../../../shared/domain/reconciliation';
import type {
  ShopCashLine,
  ShopCounterDay,
  ShopDay,
  ShopDayException,
} from '../../../shared/domain/shop-day';
import type { PosError } from '../../../shared/errors';
import { receiptNumberText, zNumberText } from '../../../shared/printed-numbers';
import { reportText, shopCounterState, shopDayWaitingFor, shopDrawerName } from '../../../shared/report-text';
import { pos } from '../bridge/pos';
import { dateTime, integer, moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { PrintOnPaper } from '../shift/PrintReport';
import { shiftText } from '../shift/shift-text';
import { pinRefused } from '../stores/held-pin';
import { lostRecordsText } from './lost-records-text';
import { Bridge, ExceptionHeading, PerCurrency, ResolveForm } from './ReconcileView';
import { reconcileText } from './reconcile-text';

/**
 * A shop day as the manager reads it after "Reconcile the shop": its result, every counter with its
 * shifts and whether the ledger holds each Z's chain head, the exceptions (each naming its counter,
 * cashier, amount and package), the balance bridge and the cash per drawer and in total.
 */
export function ShopDayReport({
  day,
  approval,
  onChanged,
  onRefused,
}: {
  readonly day: ShopDay;
  readonly approval: Approval;
  readonly onChanged: (day: ShopDay) => void;
  readonly onRefused: (error: PosError) => void;
}): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language);
  return (
    <div className="reconcile-report shop-day">
      <p className={`reconcile-result ${day.result}`} role="status">
        <strong>{t.shop.results[day.result]}</strong>
        {day.result === 'not_reconciled' ? ` · ${t.openExceptions(day.openExceptions)}` : ''}
        {day.result === 'incomplete' ? ` · ${shopDayWaitingFor(language, day.counters)}` : ''}
      </p>
      <p className="hint">
        {t.shop.number(integer(day.number, language))} · {t.runAt(dateTime(day.runAt, language))}
        {day.ordersRead > 0
          ? ` · ${t.shop.attributed(integer(day.ordersAttributed, language), integer(day.ordersRead, language))}`
          : ''}
        {day.otherShops.map(
          (other) => ` · ${t.shop.otherShopOrders(other.shop, integer(other.orders, language))}`,
        )}
      </p>
      {day.unconfirmedReason ? <p className="notice">{t.unconfirmed(day.unconfirmedReason)}</p> : null}
      <h3>{t.shop.counters}</h3>
      <ul className="shop-counters">
        {day.counters.map((counter) => (
          <CounterLine key={counter.id} counter={counter} />
        ))}
      </ul>
      {day.exceptions.length > 0 ? (
        <>
          <h3>{t.exceptions}</h3>
          <ul className="reconcile-exceptions">
            {day.exceptions.map((exception) => (
              <ShopException
                key={exception.key}
                day={day}
                exception={exception}
                approval={approval}
                onChanged={onChanged}
                onRefused={onRefused}
              />
            ))}
          </ul>
        </>
      ) : null}
      {day.bridge ? <Bridge bridge={day.bridge} /> : null}
      {day.cash.map((drawer) => (
        <DrawerCash
          key={`${drawer.counter.id}:${drawer.drawer}`}
          title={`${t.shop.cashPerDrawer}: ${shopDrawerName(language, day.cash, drawer)}`}
          lines={drawer.lines}
        />
      ))}
      {day.cashTotal.length > 0 ? <DrawerCash title={t.shop.cashTotal} lines={day.cashTotal} /> : null}
      <PrintOnPaper
        label={t.shop.print}
        render={(paper) =>
          pos().renderShopDayReport({
            firstDay: day.firstDay,
            lastDay: day.lastDay,
            paper,
            language,
            approval,
          })
        }
      />
    </div>
  );
}

function CounterLine({ counter }: { readonly counter: ShopCounterDay }): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language).shop;
  const state = shopCounterState(language, counter, (iso) => dateTime(iso, language));
  return (
    <li className={`shop-counter ${counter.state}`} data-code={counter.code}>
      <strong>{t.counter(counter.code, counter.name)}</strong>
      {`: ${state}`}
      {counter.shifts.map((shift) =>
        shift.zNumber === null || shift.zHead === null ? null : (
          <div key={shift.id} className="hint">
            {(shift.zHeadReceived ? t.zHead : t.zHeadMissing)(
              zNumberText(shift.zNumber, counter.code),
              integer(shift.zHead.seq, language),
            )}
          </div>
        ),
      )}
    </li>
  );
}

function DrawerCash({ title, lines }: { readonly title: string; readonly lines: readonly ShopCashLine[] }) {
  const words = reportText(useLanguage());
  return (
    <PerCurrency
      title={title}
      headings={[words.expected, words.counted, words.variance]}
      lines={lines}
      amounts={(line) => [line.expected, line.counted, line.variance]}
    />
  );
}

function ShopException({
  day,
  exception,
  approval,
  onChanged,
  onRefused,
}: {
  readonly day: ShopDay;
  readonly exception: ShopDayException;
  readonly approval: Approval;
  readonly onChanged: (day: ShopDay) => void;
  readonly onRefused: (error: PosError) => void;
}): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language);
  const [resolving, setResolving] = useState(false);
  const save = async (classification: ResolutionClass, reason: string): Promise<PosError | null> => {
    const result = await pos().resolveShopException({
      firstDay: day.firstDay,
      lastDay: day.lastDay,
      key: exception.key,
      classification,
      reason,
      approval,
    });
    if (result.ok) {
      setResolving(false);
      onChanged(result.value);
      return null;
    }
    // A refused approval (a PIN changed, a lock-out) closes the tools' approval.
    if (pinRefused(result.error)) {
      onRefused(result.error);
      return null;
    }
    return result.error;
  };
  const drawer = shiftText(language);
  const words = reportText(language);
  const facts = [
    exception.counter
      ? `${words.counter} ${words.shop.counter(exception.counter.code, exception.counter.name)}`
      : null,
    exception.record
      ? `${t.receipt} ${receiptNumberText(exception.record.receiptNumber, exception.counter?.code ?? null)}`
      : null,
    exception.cashier ? `${drawer.cashier} ${exception.cashier}` : null,
    exception.amount ? `${drawer.amount} ${moneyText(exception.amount, language)}` : null,
    exception.packageCode ? `${lostRecordsText(language).packageName} ${exception.packageCode}` : null,
  ].filter((fact) => fact !== null);
  const resolution = exception.resolution;
  return (
    <li
      className={`reconcile-exception ${exception.severity}`}
      data-reference={exception.orderReference ?? ''}
    >
      <ExceptionHeading exception={exception} />
      {facts.length > 0 ? <div>{facts.join(' · ')}</div> : null}
      <div className="hint">{t.rowNote(exception, (value) => moneyText(value, language))}</div>
      {resolution ? (
        <div>
          {t.resolvedAs(t.classes[resolution.classification], resolution.by, resolution.reason)}
          {resolution.amount ? ` ${t.shop.resolvedFor(moneyText(resolution.amount, language))}` : ''}
        </div>
      ) : resolving ? (
        <ResolveForm initial="other_channel" save={save} onCancel={() => setResolving(false)} />
      ) : (
        <button type="button" className="secondary" onClick={() => setResolving(true)}>
          {t.resolve}
        </button>
      )}
    </li>
  );
}
