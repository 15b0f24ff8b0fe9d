import type { Tender, TenderInput } from '../../../shared/domain/till';
import type { Money } from '../../../shared/money';
import type { CashierTable } from '../cashiers/cashier-table';
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

/** Who a new record belongs to, and how the customer paid (null: no tender taken). */
export interface RecordPaid extends RecordStaff {
  readonly tender: Tender | null;
}

/**
 * Where the sale and top-up paths meet the drawer: a new record is journalled with the cashier signed
 * in, the shift open, and how the customer paid, all in its own row and its first link.
 */
export interface Till {
  /** The cashier signed in and the shift open now. */
  staff(): RecordStaff;
  /**
   * Checks the tender, then runs `write`, which journals the record with its staff and tender and
   * returns what it wrote. Refused before anything is written when the tender is wrong, or when the
   * shop requires an open shift and there is none.
   */
  record<T>(price: Money, tender: TenderInput | undefined, write: (paid: RecordPaid) => T): T;
}

export class CounterTill implements Till {
  constructor(
    private readonly deps: {
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

  record<T>(price: Money, input: TenderInput | undefined, write: (paid: RecordPaid) => T): T {
    const { settings, rates } = this.deps;
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
    let tender: Tender | null = null;
    if (input) {
      const day = settings.businessDay(this.deps.now());
      tender = tenderFor(input, price, {
        settings: rules,
        rate: (base, quote) => rates.find(day, base, quote),
        roundingStep: this.deps.roundingStep,
      });
    }
    return write({ ...staff, tender });
  }
}
