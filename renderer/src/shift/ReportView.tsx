import type { ReactNode } from 'react';
import type { ShiftReport, TakingsLine } from '../../../shared/domain/shift-report';
import { type Money, negated } from '../../../shared/money';
import { type ReportText, reportText } from '../../../shared/report-text';
import { dateTime, integer, moneyText } from '../i18n/format';
import { usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage } from '../i18n/use-messages';

/** An X or Z report on screen: the figures and words of the printed one, computed by the core. */
export function ReportView({ report }: { readonly report: ShiftReport }): ReactNode {
  const language = useLanguage();
  const r = reportText(language);
  const money = (value: Money): string => moneyText(value, language);
  const number = (value: number): string => integer(value, language);
  const printed = usePrintedNumbers();
  return (
    <article className="report" aria-label={report.kind === 'z' ? r.zTitle : r.xTitle}>
      <h2>
        {report.kind === 'z' ? (
          <>
            {r.zTitle} <bdi dir="ltr">{printed.z(report.zNumber ?? 0)}</bdi>
          </>
        ) : (
          r.xTitle
        )}
      </h2>
      {report.kind === 'x' ? <p className="mark">{r.xNote}</p> : null}
      {report.kind === 'z' && !report.counted ? <p className="mark">{r.notCounted}</p> : null}
      <dl className="facts">
        <Fact term={r.businessDay} value={report.businessDay} />
        <Fact term={r.opened} value={dateTime(report.openedAt, language)} />
        {report.closedAt ? <Fact term={r.closed} value={dateTime(report.closedAt, language)} /> : null}
        <Fact term={r.cashiers} value={report.cashiers.map((each) => each.name).join(', ')} />
      </dl>
      <div className="report-parts">
        <Takings title={r.sales} lines={report.sales} r={r} money={money} number={number} />
        {report.cancelled.length > 0 ? (
          <section>
            <h3>{r.cancelledSales}</h3>
            {report.cancelled.map((line) => (
              <dl className="facts" key={line.currency}>
                <Fact term={r.count} value={number(line.count)} />
                <Fact term={r.offTheTakings} value={money(negated(line.retail))} />
                <Fact term={r.netTakings} value={money(line.net)} />
              </dl>
            ))}
            <dl className="facts">
              {report.cancelledCashBack.map((amount) => (
                <Fact key={amount.currency} term={r.cashGivenBack} value={money(amount)} />
              ))}
            </dl>
          </section>
        ) : null}
        <Takings title={r.topUps} lines={report.topUps} r={r} money={money} number={number} />
        <section>
          <h3>{r.tenders}</h3>
          <dl className="facts">
            {report.tenders.map((line) => (
              <Fact
                key={`${line.method}-${line.currency}`}
                term={r.tenderLine(r.methods[line.method], number(line.count))}
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
              <Fact term={r.change} value={money(line.change)} />
              <Fact term={r.refunds} value={money(line.refunds)} />
              <Fact term={r.payIns} value={money(line.payIns)} />
              <Fact term={r.payOuts} value={money(line.payOuts)} />
              <Fact term={r.expected} value={line.expected ? money(line.expected) : r.expectedHidden} />
              {report.kind === 'z' ? (
                <Fact term={r.counted} value={line.counted ? money(line.counted) : r.notCounted} />
              ) : null}
              {line.variance ? <Fact term={r.variance} value={money(line.variance)} /> : null}
            </dl>
          </section>
        ))}
        {report.counts.length > 1 ? (
          <section>
            <h3>{r.counts}</h3>
            <dl className="facts">
              {report.counts.flatMap((count, index) =>
                count.lines.map((line) => (
                  <Fact
                    key={`${count.at}-${line.counted.currency}`}
                    term={r.countLine(number(index + 1), dateTime(count.at, language), count.countedBy ?? '')}
                    value={
                      line.variance ? `${money(line.counted)} (${money(line.variance)})` : money(line.counted)
                    }
                  />
                )),
              )}
            </dl>
          </section>
        ) : null}
        <section>
          <h3>{r.carriedForward}</h3>
          <dl className="facts">
            {report.carriedForward.map((each) => (
              <Fact
                key={each.id}
                term={`${r.receiptNo(printed.receipt(each.receiptNumber))} · ${r.states[each.state] ?? each.state}`}
                value={money(each.amount)}
              />
            ))}
            {report.cashHeld.length === 0 ? <Fact term={r.cashHeld} value={r.none} /> : null}
            {report.cashHeld.map((amount) => (
              <Fact key={amount.currency} term={r.cashHeld} value={money(amount)} />
            ))}
          </dl>
        </section>
        {report.corrections.length > 0 ? (
          <section>
            <h3>{r.corrections}</h3>
            <dl className="facts">
              {report.corrections.map((line) => {
                const z = line.zNumber ? printed.z(line.zNumber) : '—';
                const label = line.kind === 'late_count' ? r.lateCount(z) : r.adjustment(z);
                return <Fact key={line.id} term={`${label} · ${line.reason}`} value={money(line.amount)} />;
              })}
            </dl>
          </section>
        ) : null}
        <section>
          <dl className="facts">
            <Fact term={r.noSaleOpens} value={number(report.noSaleOpens)} />
            <Fact term={r.reprints} value={number(report.reprints)} />
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
  r,
  money,
  number,
}: {
  readonly title: string;
  readonly lines: readonly TakingsLine[];
  readonly r: ReportText;
  readonly money: (value: Money) => string;
  readonly number: (value: number) => string;
}): ReactNode {
  return (
    <section>
      <h3>{title}</h3>
      {lines.length === 0 ? <p>{r.none}</p> : null}
      {lines.map((line) => (
        <dl className="facts" key={line.currency}>
          <Fact term={r.count} value={number(line.count)} />
          <Fact term={r.retail} value={money(line.retail)} />
          {line.cost ? <Fact term={r.cost} value={money(line.cost)} /> : null}
          {line.margin ? <Fact term={r.margin} value={money(line.margin)} /> : null}
        </dl>
      ))}
    </section>
  );
}
