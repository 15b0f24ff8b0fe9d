import type { ExchangeRate } from '../../../shared/domain/till';
import { type Currency, type MinorUnits, minor } from '../../../shared/money';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import { writeAudit } from '../journal/state-rows';

interface RateRow {
  id: number;
  base: Currency;
  quote: Currency;
  buy_per_100_minor: number;
  sell_per_100_minor: number;
  business_day: string;
  set_by: string | null;
  at: string;
}

/** A rate to keep: set for one business day, by the manager who approved it. */
export interface NewRate {
  readonly base: Currency;
  readonly quote: Currency;
  readonly buyPer100: MinorUnits;
  readonly sellPer100: MinorUnits;
  readonly businessDay: string;
  readonly setBy: string | null;
}

/**
 * The day's exchange rates. A rate is set for one business day and never edited: a change is a new
 * row, and the newest of the day wins. A day without a rate sells nothing in another currency (the
 * counter asks for today's rate rather than use yesterday's).
 */
export class ExchangeRates {
  constructor(
    private readonly db: Db,
    private readonly counterId: string,
  ) {}

  set(rate: NewRate, at: string): ExchangeRate {
    const id = writeTransaction(this.db, () => {
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO exchange_rates (counter_id, base, quote, buy_per_100_minor, sell_per_100_minor, business_day,
             set_by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          this.counterId,
          rate.base,
          rate.quote,
          rate.buyPer100,
          rate.sellPer100,
          rate.businessDay,
          rate.setBy,
          at,
        );
      writeAudit(this.db, at, 'rate.set', String(lastInsertRowid), null);
      return Number(lastInsertRowid);
    });
    const row = this.db.prepare('SELECT * FROM exchange_rates WHERE id = ?').get(id) as RateRow;
    return toRate(row);
  }

  /** The newest rate of each currency pair set on `businessDay`. */
  ofDay(businessDay: string): ExchangeRate[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM exchange_rates WHERE id IN (
           SELECT max(id) FROM exchange_rates WHERE business_day = ? GROUP BY base, quote)
         ORDER BY base, quote`,
      )
      .all(businessDay) as RateRow[];
    return rows.map(toRate);
  }

  /** The newest rate of each currency pair, of any day. */
  newest(): ExchangeRate[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM exchange_rates WHERE id IN (SELECT max(id) FROM exchange_rates GROUP BY base, quote)
         ORDER BY base, quote`,
      )
      .all() as RateRow[];
    return rows.map(toRate);
  }

  /** The newest rate from `base` to `quote` of any day, or null when none was ever set. */
  latest(base: Currency, quote: Currency): ExchangeRate | null {
    const row = this.db
      .prepare('SELECT * FROM exchange_rates WHERE base = ? AND quote = ? ORDER BY id DESC LIMIT 1')
      .get(base, quote) as RateRow | undefined;
    return row ? toRate(row) : null;
  }

  /** Today's rate from `base` to `quote`, or null when none was set. */
  find(businessDay: string, base: Currency, quote: Currency): ExchangeRate | null {
    return this.ofDay(businessDay).find((rate) => rate.base === base && rate.quote === quote) ?? null;
  }
}

function toRate(row: RateRow): ExchangeRate {
  return {
    id: row.id,
    base: row.base,
    quote: row.quote,
    buyPer100: minor(row.buy_per_100_minor),
    sellPer100: minor(row.sell_per_100_minor),
    businessDay: row.business_day,
    setAt: row.at,
    setBy: row.set_by,
  };
}
