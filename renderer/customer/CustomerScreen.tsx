import { type ReactNode, useEffect, useState } from 'react';
import type { CustomerDisplay } from '../../shared/domain/customer-display';
import type { BridgeLink } from '../src/bridge/web-bridge';
import { QrCode } from '../src/components/QrCode';
import { integer, moneyText } from '../src/i18n/format';
import { directionOf } from '../src/i18n/messages';
import { type CustomerText, customerText } from './customer-text';

type ShownSale = NonNullable<CustomerDisplay['sale']>;

/** The sale to show now: none once its time on screen is up, even if no event says so. */
function useShownSale(display: CustomerDisplay | null): ShownSale | null {
  const sale = display?.sale ?? null;
  const [, setTick] = useState(0);
  const left = sale ? Date.parse(sale.showUntil) - Date.now() : 0;
  useEffect(() => {
    if (!sale || left <= 0) return;
    const timer = window.setTimeout(() => setTick((tick) => tick + 1), left);
    return () => window.clearTimeout(timer);
  }, [sale, left]);
  return sale && left > 0 ? sale : null;
}

function Idle({ t, shopName }: { readonly t: CustomerText; readonly shopName: string }): ReactNode {
  return (
    <section className="idle" aria-label={t.welcome}>
      <h1>{t.welcome}</h1>
      {shopName ? <p className="shop-name">{shopName}</p> : null}
      <p>{t.idle}</p>
    </section>
  );
}

function Preparing({
  t,
  preparing,
}: {
  readonly t: CustomerText;
  readonly preparing: NonNullable<CustomerDisplay['preparing']>;
}): ReactNode {
  return (
    <section className="idle" aria-label={t.preparing}>
      <h1>{t.preparing}</h1>
      <p className="package-name">
        <bdi>{preparing.packageName}</bdi>
      </p>
      <p>{t.preparingBody}</p>
    </section>
  );
}

/** The amount the customer is asked for while the cashier confirms their sale. */
function Due({
  t,
  language,
  due,
}: {
  readonly t: CustomerText;
  readonly language: CustomerDisplay['language'];
  readonly due: NonNullable<CustomerDisplay['due']>;
}): ReactNode {
  const other = due.price.currency !== due.toPay.currency;
  return (
    <section className="idle due" aria-label={t.toPay}>
      <h1>{t.toPay}</h1>
      <p className="amount-due">
        <bdi>{moneyText(due.toPay, language)}</bdi>
      </p>
      {other ? <p className="price-beneath">{t.priceIs(moneyText(due.price, language))}</p> : null}
      <p className="package-name">
        {due.quantity > 1 ? `${integer(due.quantity, language)} × ` : null}
        <bdi>{due.packageName}</bdi>
      </p>
    </section>
  );
}

/**
 * The sale's eSIMs one page at a time when there are several ("eSIM 1 of 3"), so no QR code falls
 * below the fold of the customer's screen.
 */
function Ready({ t, sale }: { readonly t: CustomerText; readonly sale: ShownSale }): ReactNode {
  const count = sale.esims.length;
  const [page, setPage] = useState(0);
  const esim = sale.esims[Math.min(page, count - 1)];
  return (
    <section className="ready" aria-label={t.ready}>
      {sale.training ? (
        <p className="training" role="note">
          {t.training}
        </p>
      ) : null}
      <h1>{t.ready}</h1>
      <p className="package-name">
        <bdi>{sale.packageName}</bdi>
      </p>
      <div className="esims">
        {esim ? (
          <figure key={esim.iccid} className="esim">
            {count > 1 ? <figcaption>{t.esimOf(String(page + 1), String(count))}</figcaption> : null}
            <QrCode text={esim.lpa} size={440} label={t.qrLabel} />
            <p className="manual-title">{t.manualEntry}</p>
            <dl className="manual">
              <dt>{t.smdpAddress}</dt>
              <dd dir="ltr">{esim.smdpAddress}</dd>
              <dt>{t.activationCode}</dt>
              <dd dir="ltr">{esim.activationCode}</dd>
            </dl>
          </figure>
        ) : null}
        {count > 1 ? (
          <div className="pager">
            <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t.previous}
            </button>
            <button type="button" disabled={page >= count - 1} onClick={() => setPage(page + 1)}>
              {t.next}
            </button>
          </div>
        ) : null}
      </div>
      <section className="steps" aria-label={t.stepsTitle}>
        <h2>{t.stepsTitle}</h2>
        <ol>
          {t.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="receipt-note">{t.receiptNote}</p>
      </section>
    </section>
  );
}

/**
 * The screen facing the customer: the idle screen, or the QR codes and install steps of the sale
 * just completed for them, in the language chosen at the counter.
 */
export function CustomerScreen({
  display,
  shopName,
  link,
}: {
  readonly display: CustomerDisplay | null;
  readonly shopName: string;
  readonly link: BridgeLink;
}): ReactNode {
  const language = display?.language ?? 'en';
  const t = customerText(language);
  // A screen cut off from the counter cannot hear that a QR code was taken down: it shows none.
  const shown = useShownSale(display);
  const sale = link === 'open' ? shown : null;

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    document.title = t.title;
  }, [language, t.title]);

  return (
    <main className="customer">
      {sale ? (
        <Ready key={sale.id} t={t} sale={sale} />
      ) : display?.preparing && link === 'open' ? (
        <Preparing t={t} preparing={display.preparing} />
      ) : display?.due && link === 'open' ? (
        <Due t={t} language={language} due={display.due} />
      ) : (
        <Idle t={t} shopName={shopName} />
      )}
      {link === 'closed' || link === 'unauthorized' ? (
        <p className="link-lost" role="alert">
          {t.disconnected}
        </p>
      ) : null}
    </main>
  );
}
