import { type ReactNode, useState } from 'react';
import type { Sale, SaleEsim, SaleSummary } from '../../../shared/domain/sale';
import { carriesInstallCodes } from '../../../shared/domain/sale-summary';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { careText } from '../care/care-text';
import { useNow } from '../hooks/use-now';
import { dateTime, duration, integer, moneyText, time } from '../i18n/format';
import { useCounterCode, usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { PinInput } from '../screens/settings/PinInput';
import { pinRefused } from '../stores/held-pin';
import { CodeFact } from './CodeFact';
import { ErrorPanel } from './ErrorPanel';
import { PrintReceiptButton } from './PrintReceiptButton';
import { QrCode } from './QrCode';
import './sale-view.css';

function EsimCard({
  esim,
  n,
  of,
}: {
  readonly esim: SaleEsim;
  readonly n: number;
  readonly of: number;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  return (
    <article
      className="esim-card"
      aria-label={t.sell.esimHeading(integer(n, language), integer(of, language))}
    >
      <h3>{t.sell.esimHeading(integer(n, language), integer(of, language))}</h3>
      <QrCode text={esim.lpa} />
      <dl className="facts">
        <CodeFact term={t.sell.smdp} value={esim.smdpAddress} />
        <CodeFact term={t.sell.activationCode} value={esim.activationCode} />
        <CodeFact term={t.sell.iccid} value={esim.iccid} />
      </dl>
      <p className="install-links">
        {esim.appleInstallUrl ? (
          <a href={esim.appleInstallUrl} target="_blank" rel="noreferrer noopener">
            {t.sell.iphoneInstall}
          </a>
        ) : null}
        {esim.androidInstallUrl ? (
          <a href={esim.androidInstallUrl} target="_blank" rel="noreferrer noopener">
            {t.sell.androidInstall}
          </a>
        ) : null}
      </p>
    </article>
  );
}

function Waiting({ since }: { readonly since: string }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const now = useNow();
  return <p className="waiting">{t.sell.waiting(duration(now.getTime() - Date.parse(since), language))}</p>;
}

/**
 * The eSIMs an answer the counter could not read named: by ICCID only. Their QR codes are shown once
 * the order is confirmed, never before (the sale may not have been charged).
 */
function EsimsNamed({ iccids }: { readonly iccids: readonly (string | null)[] }): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  return (
    <div className="esims-named">
      <p>{t.sell.esimsNamed(iccids.length, integer(iccids.length, language))}</p>
      <ul>
        {iccids.map((iccid, i) => (
          <li key={iccid ?? `unnamed-${i}`} className="mono" dir="ltr">
            {iccid ?? t.sell.iccidNotGiven}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The QR codes of a completed sale shown as a summary: asked for with a button, and with the manager
 * PIN when the core's install codes' rule asks for it (away from the sale's own moment).
 */
function HandOver({
  count,
  refused,
  onHandOver,
}: {
  readonly count: number;
  readonly refused: PosError | null;
  readonly onHandOver: (pin?: string) => void;
}): ReactNode {
  const t = useMessages();
  const [pin, setPin] = useState('');
  if (!refused || !pinRefused(refused)) {
    return (
      <button type="button" onClick={() => onHandOver()}>
        {t.sell.showEsims(count)}
      </button>
    );
  }
  return (
    <form
      aria-label={t.settings.pin}
      onSubmit={(event) => {
        event.preventDefault();
        onHandOver(pin);
      }}
    >
      <p className="pin-why">{t.sell.handOverPinWhy}</p>
      <PinInput label={t.settings.pin} value={pin} onChange={setPin} />
      {/* The rule's refusal (naming the eSIMs) is the question above; any other says why. */}
      {refused.code === 'PIN_REQUIRED' && refused.details ? null : <ErrorPanel error={refused} />}
      <button type="submit">{t.sell.showEsims(count)}</button>
    </form>
  );
}

/**
 * A sale in whatever state it is in: the eSIMs with their QR codes when completed and handed over
 * (a summary offers to show them); otherwise what is happening and what the cashier must (not) do.
 */
export function SaleView({
  sale,
  onCheckNow,
  onHandOver,
  handOverRefused = null,
  reprint = false,
}: {
  readonly sale: Sale | SaleSummary;
  readonly onCheckNow?: () => void;
  /** Asks the core for the eSIMs of a completed sale shown as a summary, with the manager PIN if given. */
  readonly onHandOver?: (pin?: string) => void;
  /** Why the core last refused them (the manager PIN is asked for here). */
  readonly handOverRefused?: PosError | null;
  /** Shown again later (Today, Pending): its receipt prints as a COPY. */
  readonly reprint?: boolean;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const printed = usePrintedNumbers();
  const ownCode = useCounterCode();
  const care = careText(language);
  // Another counter's sale, found in the shop ledger: its codes and receipts are that counter's to print.
  const soldElsewhere = sale.counterCode && sale.counterCode !== ownCode ? sale.counterCode : null;
  // The manager PIN the codes were shown with: sending them to the customer's screen asks the same rule.
  const [heldPin, setHeldPin] = useState<string | undefined>(undefined);
  const [notShown, setNotShown] = useState<PosError | null>(null);
  const handOver = (pin?: string): void => {
    setHeldPin(pin);
    onHandOver?.(pin);
  };
  const header = (
    <p className="sale-meta">
      {t.sell.receiptNo(printed.receipt(sale.receiptNumber, sale.counterCode))} ·{' '}
      {dateTime(sale.createdAt, language)} ·{' '}
      {t.sell.confirmLine(integer(sale.quantity, language), sale.packageName)} ·{' '}
      {moneyText(sale.retailTotal, language)}
    </p>
  );
  switch (sale.state) {
    case 'completed': {
      if (sale.cancellation && sale.cancellation.state !== 'refused') {
        // Cancelled, or in doubt: its eSIMs may no longer work, so their QR codes are not offered.
        const title = sale.cancellation.state === 'cancelled' ? care.saleCancelled : care.cancellationInDoubt;
        return (
          <section className="sale-view sale-cancelled" aria-label={title}>
            <h2>{title}</h2>
            {header}
            {soldElsewhere ? <p>{t.today.soldElsewhere(soldElsewhere)}</p> : null}
            {sale.cancellation.state === 'cancelled' && !soldElsewhere ? (
              <PrintReceiptButton kind="sale" id={sale.id} copy={reprint} label={care.printCancelledSale} />
            ) : null}
          </section>
        );
      }
      return (
        <section className="sale-view sale-completed" aria-label={t.sell.completed}>
          <h2>{t.sell.completed}</h2>
          {header}
          {sale.cancellation ? <p>{care.cancellationRefused}</p> : null}
          {sale.newBalance ? (
            <p className="new-balance">
              {t.sell.newBalance}: <strong>{moneyText(sale.newBalance, language)}</strong>
            </p>
          ) : null}
          {/* Print first: the receipt is the next thing the customer needs, above the fold. */}
          {soldElsewhere ? (
            <p>{t.today.soldElsewhere(soldElsewhere)}</p>
          ) : (
            <PrintReceiptButton kind="sale" id={sale.id} copy={reprint} />
          )}
          {carriesInstallCodes(sale) ? (
            <div className="esim-grid">
              {sale.esims.map((esim, i) => (
                <EsimCard key={esim.iccid || i} esim={esim} n={i + 1} of={sale.esims.length} />
              ))}
            </div>
          ) : onHandOver && !soldElsewhere ? (
            <HandOver count={sale.esims.length} refused={handOverRefused} onHandOver={handOver} />
          ) : null}
          {carriesInstallCodes(sale) ? (
            // The cashier decides what the customer's screen shows; a sale's QR can be sent back.
            <button
              type="button"
              className="secondary"
              onClick={() =>
                void pos()
                  .showSaleOnCustomerDisplay({ id: sale.id, pin: heldPin })
                  .then((result) => setNotShown(result.ok ? null : result.error))
              }
            >
              {t.sell.showCustomer}
            </button>
          ) : null}
          {notShown ? <ErrorPanel error={notShown} /> : null}
        </section>
      );
    }
    case 'pending':
      return (
        <section className="sale-view sale-waiting" aria-label={t.sell.pendingTitle}>
          <h2>{t.sell.pendingTitle}</h2>
          {header}
          <p>{t.sell.pendingBody}</p>
          <Waiting since={sale.createdAt} />
          <p>{t.sell.nextCheck(time(sale.nextCheckAt, language))}</p>
          <p>{t.sell.giveUp(time(sale.giveUpAt, language))}</p>
        </section>
      );
    case 'intent':
    case 'sent':
    case 'in_doubt':
      return (
        <section className="sale-view sale-waiting" aria-label={t.sell.inDoubtTitle}>
          <h2>{t.sell.inDoubtTitle}</h2>
          {header}
          <p>{t.sell.inDoubtBody}</p>
          <p className="say-to-customer">{t.sell.inDoubtSay}</p>
          <Waiting since={sale.createdAt} />
          {sale.state === 'in_doubt' ? <ErrorPanel error={sale.lastError} /> : null}
          {sale.state === 'in_doubt' && sale.esimsNamed.length > 0 ? (
            <EsimsNamed iccids={sale.esimsNamed.map((esim) => esim.iccid)} />
          ) : null}
          {onCheckNow ? (
            <button type="button" onClick={onCheckNow}>
              {t.sell.checkNow}
            </button>
          ) : null}
        </section>
      );
    case 'support':
      return (
        <section className="sale-view sale-support" aria-label={t.sell.supportTitle}>
          <h2>{t.sell.supportTitle}</h2>
          {header}
          <p>{t.sell.supportBody(sale.orderReference)}</p>
        </section>
      );
    case 'failed':
      return (
        <section className="sale-view sale-failed" aria-label={t.sell.failedTitle}>
          <h2>{t.sell.failedTitle}</h2>
          {header}
          <ErrorPanel error={sale.error} />
        </section>
      );
    default: {
      const unknown: never = sale;
      return unknown;
    }
  }
}
