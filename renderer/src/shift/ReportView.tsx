import type { ReactNode } from 'react';
import type { ShiftReport, TakingsLine } from '../../../shared/domain/shift-report';
import { formatZNumber } from '../../../shared/end-of-day';
import type { Money } from '../../../shared/money';
import { dateTime, integer, moneyText } from '../i18n/format';
import { useLanguage } from '../i18n/use-messages';
import { shiftText } from './shift-text';

/** An X or Z report on screen: the same figures the printed one carries, computed by the core. */
export function ReportView({ report }: { readonly report: ShiftReport }): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const r = t.report;
  const money = (value: Money): string => moneyText(value, language);
  const title = report.kind === 'z' ? t.zNumber(formatZNumber(report.zNumber ?? 0)) : t.xReport;
  return (
    <article className="report" aria-label={title}>
      <h2>
        {report.kind === 'z' ? (
          <>
            {t.zNumber('')}
            <bdi dir="ltr">{formatZNumber(report.zNumber ?? 0)}</bdi>
          </>
        ) : (
          title
        )}
      </h2>
      {report.kind === 'x' ? <p className="mark">{t.xNote}</p> : null}
      {report.kind === 'z' && !report.counted ? <p className="mark">{r.notCounted}</p> : null}
      <p className="hint">
        {t.businessDay(report.businessDay)} · {dateTime(report.openedAt, language)}
        {report.closedAt ? ` – ${dateTime(report.closedAt, language)}` : ''} · {r.cashiers}:{' '}
        {report.cashiers.map((each) => each.name).join(', ')}
      </p>
      <div className="report-parts">
        <Takings title={r.sales} lines={report.sales} money={money} language={language} />
        <Takings title={r.topUps} lines={report.topUps} money={money} language={language} />
        <section>
          <h3>{r.tenders}</h3>
          <dl className="facts">
            {report.tenders.map((line) => (
              <Fact
                key={`${line.method}-${line.currency}`}
                term={`${t.methods[line.method]} ${line.currency} (${integer(line.count, language)})`}
                value={money(line.amount)}
              />
            ))}
          </dl>
        </section>
        {report.cash.map((line) => (
          <section key={line.currency}>
            <h3>{r.cash(line.currency)}</h3>
            <dl className="facts">
              <Fact term={r.opening} value={money(line.opening)} />
              <Fact term={r.cashIn} value={money(line.cashIn)} />
              <Fact term={r.changeGiven} value={money(line.change)} />
              <Fact term={r.refunds} value={money(line.refunds)} />
              <Fact term={r.payIns} value={money(line.payIns)} />
              <Fact term={r.payOuts} value={money(line.payOuts)} />
              <Fact term={t.expected} value={line.expected ? money(line.expected) : r.expectedHidden} />
              {report.kind === 'z' ? (
                <Fact
                  term={t.counted(line.currency)}
                  value={line.counted ? money(line.counted) : r.notCounted}
                />
              ) : null}
              {line.variance ? <Fact term={t.variance} value={money(line.variance)} /> : null}
            </dl>
          </section>
        ))}
        <section>
          <h3>{r.carriedForward}</h3>
          {report.carriedForward.length === 0 ? <p>{r.none}</p> : null}
          <dl className="facts">
            {report.carriedForward.map((each) => (
              <Fact
                key={each.id}
                term={`${integer(each.receiptNumber, language)} · ${each.state}`}
                value={money(each.amount)}
              />
            ))}
            {report.cashHeld.map((amount) => (
              <Fact key={amount.currency} term={r.cashHeld} value={money(amount)} />
            ))}
          </dl>
        </section>
        {report.corrections.length > 0 ? (
          <section>
            <h3>{r.corrections}</h3>
            <dl className="facts">
              {report.corrections.map((line) => (
                <Fact
                  key={line.id}
                  term={`${line.zNumber ? formatZNumber(line.zNumber) : ''} · ${line.reason}`}
                  value={money(line.amount)}
                />
              ))}
            </dl>
          </section>
        ) : null}
        <section>
          <dl className="facts">
            <Fact term={r.noSaleOpens} value={integer(report.noSaleOpens, language)} />
            <Fact term={r.reprints} value={integer(report.reprints, language)} />
          </dl>
        </section>
      </div>
    </article>
  );
}

function Fact({ term, value }: { readonly term: string; readonly value: string }): ReactNode {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

function Takings({
  title,
  lines,
  money,
  language,
}: {
  readonly title: string;
  readonly lines: readonly TakingsLine[];
  readonly money: (value: Money) => string;
  readonly language: 'en' | 'ar';
}): ReactNode {
  const r = shiftText(language).report;
  return (
    <section>
      <h3>{title}</h3>
      {lines.length === 0 ? <p>{r.none}</p> : null}
      {lines.map((line) => (
        <dl className="facts" key={line.currency}>
          <Fact term={r.count} value={integer(line.count, language)} />
          <Fact term={r.retail} value={money(line.retail)} />
          <Fact term={r.cost} value={money(line.cost)} />
          <Fact term={r.margin} value={money(line.margin)} />
        </dl>
      ))}
    </section>
  );
}
