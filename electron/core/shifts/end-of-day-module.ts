import type { JournalCheck } from '../../../shared/domain/journal-check';
import type { Reconciliation } from '../../../shared/domain/reconciliation';
import type { TillView } from '../../../shared/domain/shift';
import type { Currency } from '../../../shared/money';
import { type CashierMethods, cashierHandlers } from '../cashiers/cashier-handlers';
import { CashierTable } from '../cashiers/cashier-table';
import { ShopStaff, type StaffLedger } from '../cashiers/shop-staff';
import type { HandlerGroup } from '../context';
import type { Db } from '../journal/database';
import type { SettingsTable } from '../journal/settings-table';
import type { Logger } from '../log';
import type { PosHandlers } from '../pos/dispatch';
import { type ReportMethods, reportHandlers } from '../reports/report-handlers';
import { ZJournal } from '../reports/z-journal';
import type { ManagerPin } from '../security/manager-pin';
import type { ShopSettings } from '../shop/shop-settings';
import { CashRefunds } from './cash-refunds';
import { EndOfDay } from './end-of-day';
import { EndOfDaySettingsStore } from './end-of-day-settings';
import { ExchangeRates } from './exchange-rates';
import { type ShiftMethods, shiftHandlers } from './shift-handlers';
import { ShiftJournal } from './shift-journal';
import { CounterTill, type Till } from './till';

export interface EndOfDayOptions {
  readonly db: Db;
  readonly settings: SettingsTable;
  readonly managerPin: ManagerPin;
  readonly counterId: string;
  readonly now: () => Date;
  /** The shop's rounding step for prices in a currency, applied to prices asked in another currency. */
  readonly roundingStep: (currency: Currency) => number | undefined;
  readonly training: () => boolean;
  /** The counter's code in its shop ledger, printed with its Z and receipt numbers (null: in none). */
  readonly counterCode: () => string | null;
  /** The counter's own time zone, used when the shop has not named one. */
  readonly timeZone: string;
  /** The shop ledger, which keeps the staff of the shop this counter is in (docs/shop-ledger.md, "Staff"). */
  readonly shopStaff?: { readonly ledger: StaffLedger; readonly log: Logger };
}

export interface EndOfDayHandlerOptions {
  /** Told the new till view after each change of cashier, shift or rate. */
  readonly changed: (till: TillView) => void;
  /** The business day's reconciliation with the provider, printed with its Z. */
  readonly reconciliationOf?: (businessDay: string) => Reconciliation | null;
  /** The journal's chain check (run on a thread of its own): the manager's check, and each Z printed. */
  readonly journalCheck: () => Promise<JournalCheck>;
  /** Whether the one at the counter is a cashier, whose reports leave out a manager's figures. */
  readonly figuresHidden: () => boolean;
  /** Makes a change of the rate or the end-of-day settings the shop's (ShopSettings.change). */
  readonly shop: Pick<ShopSettings, 'change'>;
}

type EndOfDayMethods = CashierMethods | ShiftMethods | ReportMethods;

export interface EndOfDayModule {
  readonly till: Till;
  readonly endOfDay: EndOfDay;
  readonly cashiers: CashierTable;
  readonly shifts: ShiftJournal;
  readonly settings: EndOfDaySettingsStore;
  readonly rates: ExchangeRates;
  /** The one check of every cash refund. */
  readonly cashRefunds: CashRefunds;
  /** The shop's staff, when the counter can be in a shop ledger. */
  readonly staff: ShopStaff | null;
  handlers(options: EndOfDayHandlerOptions): HandlerGroup<EndOfDayMethods>;
}

/**
 * Cashiers, shifts, the drawer and its reports, composed on one journal. The manager PIN becomes the
 * first manager here, at every start, so a journal from before cashiers existed has one at once.
 */
export function createEndOfDay(options: EndOfDayOptions): EndOfDayModule {
  const { db, counterId, now } = options;
  const cashiers = new CashierTable(db, options.settings, options.managerPin, now);
  cashiers.ensureFirstManager();
  const staff = options.shopStaff
    ? new ShopStaff({ cashiers, settings: options.settings, now, ...options.shopStaff })
    : null;
  const settings = new EndOfDaySettingsStore(options.settings, options.timeZone);
  const shifts = new ShiftJournal(db);
  const rates = new ExchangeRates(db, counterId);
  const cashRefunds = new CashRefunds({ db, counterId, shifts, settings });
  const till = new CounterTill({
    counterId,
    cashiers,
    shifts,
    settings,
    rates,
    roundingStep: options.roundingStep,
    now,
  });
  const endOfDay = new EndOfDay({
    db,
    counterId,
    cashiers,
    settings,
    shifts,
    zJournal: new ZJournal(db),
    rates,
    refunds: cashRefunds,
    now,
  });
  return {
    till,
    endOfDay,
    cashiers,
    shifts,
    settings,
    rates,
    cashRefunds,
    staff,
    handlers({ changed, reconciliationOf, journalCheck, figuresHidden, shop }) {
      const announce = (): TillView => {
        const view = endOfDay.view();
        changed(view);
        return view;
      };
      staff?.onChanged(announce);
      const handlers: HandlerGroup<EndOfDayMethods> = {
        ...cashierHandlers(cashiers, staff, announce, () => options.settings.getSettings().lockAfterMinutes),
        ...shiftHandlers(endOfDay, announce, shop),
        ...reportHandlers({
          db,
          counterId,
          endOfDay,
          cashiers,
          settings: options.settings,
          endOfDaySettings: settings,
          training: options.training,
          counterCode: options.counterCode,
          now,
          reconciliationOf,
          journalCheck,
          figuresHidden,
        }),
      };
      return handlers satisfies Partial<PosHandlers>;
    },
  };
}
