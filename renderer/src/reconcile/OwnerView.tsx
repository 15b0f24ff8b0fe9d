import { type ReactNode, useId, useState } from 'react';
import type { Language } from '../../../shared/domain/common';
import type { OwnerFigures, OwnerLine, OwnerShop, OwnerView } from '../../../shared/domain/owner-view';
import { reportText } from '../../../shared/report-text';
import { integer, moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { shiftText } from '../shift/shift-text';
import { ExceptionHeading } from './ReconcileView';
import { reconcileText } from './reconcile-text';

/**
 * The owner's view as the owner reads it: each shop with its latest shop day and open exceptions, and
 * the day's sales, top-ups and cancelled sales for the whole shop, each counter and each cashier.
 */
export function OwnerViewReport({
  view,
  onAccess,
}: {
  readonly view: OwnerView;
  /** Gives a member access to a shop, or takes it away. */
  readonly onAccess: AccessChange;
}): ReactNode {
  return (
    <div className="owner-view">
      {view.shops.map((shop) => (
        <OwnerShopDay key={shop.id} shop={shop} view={view} onAccess={onAccess} />
      ))}
    </div>
  );
}

export type AccessChange = (staffId: string, shopId: string, access: boolean) => void;

/** A shop's part of the view, and how to change who works there. */
interface ShopPart {
  readonly shop: OwnerShop;
  readonly view: OwnerView;
  readonly onAccess: AccessChange;
}

function OwnerShopDay({ shop, view, onAccess }: ShopPart): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language);
  const words = reportText(language);
  const cashier = shiftText(language).cashier;
  const day = shop.shopDay;
  return (
    <section className="owner-shop" aria-label={shop.name} data-shop={shop.name}>
      <h4>{shop.name}</h4>
      <p className={`reconcile-result ${day?.result ?? 'not-run'}`}>
        <strong>{day ? t.shop.results[day.result] : t.owner.notRun}</strong>
        {day && day.open.length > 0 ? ` · ${t.openExceptions(day.open.length)}` : ''}
      </p>
      {day && day.open.length > 0 ? (
        <ul className="reconcile-exceptions">
          {day.open.map((exception) => (
            <li key={exception.key} className={`reconcile-exception ${exception.severity}`}>
              <ExceptionHeading exception={exception} />
              {exception.counter ? (
                <div>{`${words.counter} ${words.shop.counter(exception.counter.code, exception.counter.name)}`}</div>
              ) : null}
              <div className="hint">{t.rowNote(exception, (value) => moneyText(value, language))}</div>
            </li>
          ))}
        </ul>
      ) : null}
      <table className="owner-figures">
        <thead>
          <tr>
            <th scope="col">{t.owner.figuresOf}</th>
            <th scope="col">{words.sales}</th>
            <th scope="col">{words.topUps}</th>
            <th scope="col">{words.cancelledSales}</th>
          </tr>
        </thead>
        <tbody>
          <FiguresRow who={t.owner.wholeShop} figures={shop.figures} kind="shop" />
          {shop.counters.flatMap((counter) => [
            <FiguresRow
              key={counter.id}
              who={words.shop.counter(counter.code, counter.name)}
              figures={counter.figures}
              kind="counter"
            />,
            ...counter.cashiers.map((each) => (
              <FiguresRow
                key={`${counter.id}:${each.id}`}
                who={`${cashier} ${each.name}`}
                figures={each.figures}
                kind="cashier"
              />
            )),
          ])}
        </tbody>
      </table>
      <StaffAccess shop={shop} view={view} onAccess={onAccess} />
    </section>
  );
}

/** The members of other shops who work here, each with a button to take it away; and one to add. */
function StaffAccess({ shop, view, onAccess }: ShopPart): ReactNode {
  const t = reconcileText(useLanguage()).owner;
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const shopName = (id: string): string => view.shops.find((each) => each.id === id)?.name ?? id;
  const others = view.staff.filter((member) => member.shopId !== shop.id);
  const given = others.filter((member) => member.access.includes(shop.id));
  const candidates = others.filter((member) => !member.access.includes(shop.id));
  const pick = chosen || candidates[0]?.id || '';
  return (
    <div className="owner-staff">
      <h5>{t.otherShopsStaff}</h5>
      <ul>
        {given.map((member) => (
          <li key={member.id}>
            {t.ofShop(member.name, shopName(member.shopId))}{' '}
            <button type="button" className="secondary" onClick={() => onAccess(member.id, shop.id, false)}>
              {t.takeAway(member.name)}
            </button>
          </li>
        ))}
      </ul>
      {candidates.length > 0 ? (
        <div className="field">
          <label htmlFor={selectId}>{t.member}</label>
          <select id={selectId} value={pick} onChange={(event) => setChosen(event.target.value)}>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {t.ofShop(member.name, shopName(member.shopId))}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" onClick={() => onAccess(pick, shop.id, true)}>
            {t.giveAccess}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function FiguresRow({
  who,
  figures,
  kind,
}: {
  readonly who: string;
  readonly figures: OwnerFigures;
  readonly kind: 'shop' | 'counter' | 'cashier';
}): ReactNode {
  const language = useLanguage();
  return (
    <tr className={`owner-${kind}`}>
      <th scope="row">{who}</th>
      <td>{linesText(figures.sales, language)}</td>
      <td>{linesText(figures.topUps, language)}</td>
      <td>{linesText(figures.cancelled, language)}</td>
    </tr>
  );
}

/** How many, and their price, per currency: "3 · $4.47". */
function linesText(lines: readonly OwnerLine[], language: Language): string {
  if (lines.length === 0) return reportText(language).none;
  return lines
    .map((line) => `${integer(line.count, language)} · ${moneyText(line.amount, language)}`)
    .join(', ');
}
