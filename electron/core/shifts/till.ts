import type { TenderInput } from '../../../shared/domain/till';
import type { Money } from '../../../shared/money';
import type { CashierTable } from '../cashiers/cashier-table';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import { writeAudit } from '../journal/state-rows';
import { PosFailure } from '../pos/failure';
import type { EndOfDaySettingsStore } from './end-of-day-settings';
import type { ExchangeRates } from './exchange-rates';
import type { ShiftJournal } from './shift-journal';
import { tenderFor } from './tender';

/** The drawer of a counter. One per counter today; the journal keeps its name for a second one. */
export const MAIN_DRAWER = 'main';

/** Who a new record belongs to at the counter. */
export interface RecordStaff {
  readonly cashierId: string | null;
  readonly shiftId: string | null;
}

/**
 * Where the sale and top-up paths meet the drawer: a new record is journalled with the cashier signed
 * in, the shift open, and how the customer paid, in one transaction with the record itself.
 */
export interface Till {
  /** The cashier signed in and the shift open now. */
  staff(): RecordStaff;
  /**
   * Checks the tender, then runs `write` (which journals the record and returns its id) and records
   * the tender beside it, all in one transaction. Refused before anything is written when the tender
   * is wrong, or when the shop requires an open shift and there is none.
   */
  record(
    kind: 'sale' | 'topup',
    price: Money,
    tender: TenderInput | undefined,
    write: (staff: RecordStaff) => string,
  ): string;
}

export class CounterTill implements Till {
  constructor(
    private readonly deps: {
      readonly db: Db;
      readonly counterId: string;
      readonly cashiers: CashierTable;
      readonly shifts: ShiftJournal;
      readonly settings: EndOfDaySettingsStore;
      readonly rates: ExchangeRates;
      readonly roundingStep: (currency: Money['currency']) => number | undefined;
      readonly now: () => Date;
    },
  ) {}

  staff(): RecordStaff {
    return {
      cashierId: this.deps.cashiers.current()?.id ?? null,
      shiftId: this.deps.shifts.openOn(this.deps.counterId, MAIN_DRAWER)?.id ?? null,
    };
  }

  record(
    kind: 'sale' | 'topup',
    price: Money,
    input: TenderInput | undefined,
    write: (staff: RecordStaff) => string,
  ): string {
    const { db, settings, rates } = this.deps;
    const staff = this.staff();
    const rules = settings.get();
    if (rules.requireOpenShift && (staff.shiftId === null || staff.cashierId === null)) {
      throw new PosFailure(
        'INVALID_STATE',
        staff.cashierId === null
          ? 'Sign in as a cashier and open a shift before selling.'
          : 'Open a shift before selling: the money goes in its drawer.',
      );
    }
    // The business day names the rate a foreign tender is changed at: a sale without a tender needs neither.
    let tender: ReturnType<typeof tenderFor> | null = null;
    if (input) {
      const day = settings.businessDay(this.deps.now());
      tender = tenderFor(input, price, {
        settings: rules,
        rate: (base, quote) => rates.find(day, base, quote),
        roundingStep: this.deps.roundingStep,
      });
    }
    return writeTransaction(db, () => {
      const id = write(staff);
      if (tender) {
        const table = kind === 'sale' ? 'sales' : 'topups';
        db.prepare(
          `UPDATE ${table} SET tender_method = @method, tender_currency = @currency, tender_due_minor = @due,
             tendered_minor = @tendered, change_minor = @change, rate_per_100_minor = @rate WHERE id = @id`,
        ).run({
          id,
          method: tender.method,
          currency: tender.due.currency,
          due: tender.due.amount,
          tendered: tender.tendered.amount,
          change: tender.change.amount,
          rate: tender.ratePer100,
        });
        writeAudit(db, this.deps.now().toISOString(), `${kind}.tender`, id, null);
      }
      return id;
    });
  }
}
