import type { Approval, Cashier } from '../../../shared/domain/cashier';
import type {
  BusinessDayPeriod,
  CashMovement,
  CashReason,
  CountLine,
  CountResult,
  EndOfDaySettings,
  Shift,
  TillView,
} from '../../../shared/domain/shift';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import type { ExchangeRate } from '../../../shared/domain/till';
import { parseRatePer100 } from '../../../shared/exchange-rate';
import { type Currency, type Money, minor, subtractMinor } from '../../../shared/money';
import type { CashierTable } from '../cashiers/cashier-table';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import { writeAudit } from '../journal/state-rows';
import { invalidField, PosFailure } from '../pos/failure';
import { computeShiftReport } from '../reports/shift-report';
import type { ZJournal } from '../reports/z-journal';
import { viewRevisions } from '../view-revisions';
import type { CashRefunds } from './cash-refunds';
import type { EndOfDaySettingsStore } from './end-of-day-settings';
import type { ExchangeRates, NewRate } from './exchange-rates';
import type { ShiftJournal } from './shift-journal';
import { MAIN_DRAWER } from './till';

export interface EndOfDayDeps {
  readonly db: Db;
  readonly counterId: string;
  readonly cashiers: CashierTable;
  readonly settings: EndOfDaySettingsStore;
  readonly shifts: ShiftJournal;
  readonly zJournal: ZJournal;
  readonly rates: ExchangeRates;
  /** The one check of every cash refund: a refund moved by hand passes it too. */
  readonly refunds: CashRefunds;
  readonly now: () => Date;
}

/** What a close produced: the shift as closed, and its Z as stored. */
export interface Closed {
  readonly shift: Shift;
  readonly report: ShiftReport;
}

/**
 * The drawer's day: opening a shift with its float, cash moved in and out, the X report, the blind
 * count and the close with its Z, a forced close as not counted and its later count, corrections, and
 * the day's exchange rates. Nothing here touches the network: a counter closes its day offline.
 * Every change is one synchronous transaction with its chained record.
 */
export class EndOfDay {
  /** Each view read takes the next: a window shows the newest whether it came as an answer or an event. */
  private readonly revision = viewRevisions();

  constructor(private readonly deps: EndOfDayDeps) {}

  view(): TillView {
    const { cashiers, shifts, settings, rates, counterId, now } = this.deps;
    const last = shifts.lastClosed(counterId, MAIN_DRAWER);
    const day = settings.businessDay(now());
    return {
      counterId,
      cashier: cashiers.current(),
      cashiers: cashiers.list().filter((cashier) => cashier.active),
      shift: shifts.openOn(counterId, MAIN_DRAWER),
      settings: settings.get(),
      businessDay: day,
      rates: rates.ofDay(day),
      lastCount: last ? (shifts.countedAtClose(last.id) ?? []) : [],
      revision: this.revision(),
    };
  }

  /**
   * `day`'s instants, today's when none is named: a day's lists read the shop's business day, never
   * the calendar's. A day after today is refused, as a date no sale can have.
   */
  businessDay(day?: string): BusinessDayPeriod {
    const { settings, now } = this.deps;
    const today = settings.businessDay(now());
    const asked = day ?? today;
    if (asked > today) {
      throw new PosFailure('INVALID_INPUT', `The day ${asked} is after today's business day, ${today}.`);
    }
    const { from, to } = settings.window(asked);
    const { dayCutOff } = settings.dayRule();
    return { day: asked, from: from.toISOString(), to: to.toISOString(), today, dayCutOff };
  }

  /** Opens the drawer's shift with a counted float in every currency of the drawer. */
  openShift(floats: readonly CountLine[]): Shift {
    const { cashiers, shifts, settings, counterId, now } = this.deps;
    const cashier = cashiers.requireCurrent('a shift is opened by the cashier who counts its float');
    if (shifts.openOn(counterId, MAIN_DRAWER)) {
      throw new PosFailure('INVALID_STATE', 'A shift is already open on this drawer. Close it first.');
    }
    const lines = drawerCount(floats, settings.get().currencies);
    const at = now();
    return shifts.open(
      {
        counterId,
        drawer: MAIN_DRAWER,
        businessDay: settings.businessDay(at),
        openedBy: cashier.id,
        previousShiftId: shifts.lastClosed(counterId, MAIN_DRAWER)?.id ?? null,
        floats: lines,
      },
      at.toISOString(),
    );
  }

  /**
   * A pay-in, pay-out or cash refund. A pay-in is anyone's; a pay-out above the shop's limit and
   * every refund need a manager. A refund by hand belongs to no record: it is never more than the
   * drawer should hold (CashRefunds).
   */
  moveCash(input: {
    kind: 'pay_in' | 'pay_out' | 'refund';
    reason: CashReason;
    amount: Money;
    note: string;
    approval?: Approval | undefined;
  }): CashMovement {
    const { cashiers, shifts, settings, counterId, now } = this.deps;
    const cashier = cashiers.requireCurrent('cash is moved by the cashier at the drawer');
    const shift = this.requireOpenShift();
    const rules = settings.get();
    if (!rules.currencies.includes(input.amount.currency)) {
      throw invalidField(
        'currency',
        'currency_not_in_drawer',
        `This drawer does not hold ${input.amount.currency}.`,
      );
    }
    if (input.amount.amount <= 0) {
      throw invalidField('amount', 'not_above_zero', 'Enter an amount above zero.');
    }
    if (input.reason === 'other' && input.note.trim() === '') {
      throw invalidField('note', 'reason_needed', 'Say what the money is for.');
    }
    const limit = rules.payOutLimit[input.amount.currency] ?? 0;
    const needsManager = input.kind === 'refund' || (input.kind === 'pay_out' && input.amount.amount > limit);
    const approver = needsManager
      ? cashiers.approve(input.approval, input.kind === 'refund' ? 'A refund' : 'A pay-out above the limit')
      : null;
    if (input.kind === 'refund') this.deps.refunds.check('amount', input.amount, null);
    return shifts.recordMovement(
      {
        shiftId: shift.id,
        kind: input.kind,
        reason: input.reason,
        amount: input.amount,
        note: input.note.trim(),
        cashierId: cashier.id,
        approvedBy: approver?.id ?? null,
      },
      counterId,
      now().toISOString(),
    );
  }

  /** The drawer opened without a sale (change for a customer, a jammed drawer): logged, no money moves. */
  noSale(note: string): CashMovement {
    const { cashiers, shifts, counterId, now } = this.deps;
    const cashier = cashiers.requireCurrent('the drawer is opened by the cashier at it');
    const shift = this.requireOpenShift();
    return shifts.recordMovement(
      {
        shiftId: shift.id,
        kind: 'no_sale',
        reason: null,
        amount: null,
        note: note.trim(),
        cashierId: cashier.id,
        approvedBy: null,
      },
      counterId,
      now().toISOString(),
    );
  }

  /** The shift so far. A cashier who counts blind does not see the expected cash. */
  xReport(shiftId?: string): ShiftReport {
    const shift = shiftId ? this.shift(shiftId) : this.requireOpenShift();
    return this.report('x', shift, this.deps.now().toISOString(), null, this.expectedVisible());
  }

  /**
   * Records a blind count of the open shift's drawer and says whether closing on it needs a reason
   * and a manager. What was expected, and the variance, are said only to whom may see them before the
   * count is final (a manager, or every cashier where the shop allows it). Every count is kept; a
   * recount is a second count, and the Z lists them all.
   */
  countDrawer(lines: readonly CountLine[]): CountResult {
    const { cashiers, shifts, settings, counterId, now } = this.deps;
    const cashier = cashiers.requireCurrent('the drawer is counted by the cashier closing it');
    const shift = this.requireOpenShift();
    const counted = drawerCount(lines, settings.get().currencies);
    const countId = shifts.recordCount(
      shift.id,
      counterId,
      'closing',
      counted,
      cashier.id,
      now().toISOString(),
    );
    return this.blindFor(this.variance(shift, countId, counted));
  }

  /** Closes the open shift on its latest count and stores its Z. */
  closeShift(input: {
    countId: string;
    reason?: string | undefined;
    approval?: Approval | undefined;
  }): Closed {
    const { cashiers, shifts, db } = this.deps;
    const cashier = cashiers.requireCurrent('a shift is closed by the cashier who counted it');
    const shift = this.requireOpenShift();
    if (shifts.latestCount(shift.id, 'closing') !== input.countId) {
      throw new PosFailure('INVALID_STATE', 'Close on the latest count of this drawer.', {
        field: 'countId',
      });
    }
    const counted = shifts.count(input.countId)?.lines ?? [];
    // Sales made between the count and the close move the expected cash: the variance is taken now.
    const result = this.variance(shift, input.countId, counted);
    const reason = input.reason?.trim() || null;
    let approver: Cashier | null = null;
    if (result.approvalNeeded) {
      if (!reason) {
        throw new PosFailure(
          'CONFIRMATION_REQUIRED',
          'The count differs by more than the tolerance: say why.',
          {
            field: 'reason',
            count: this.blindFor(result),
          },
        );
      }
      approver = cashiers.approve(input.approval, 'Closing with a variance above the tolerance');
    }
    return writeTransaction(db, () =>
      this.closeWith(shift, {
        countId: input.countId,
        counted,
        closedBy: cashier.id,
        reason,
        approvedBy: approver?.id ?? null,
      }),
    );
  }

  /**
   * Closes a shift left open (the cashier went home, the count cannot be made now) as not counted:
   * its Z says so and shows no count, never a count of zero. A manager decides it; the count can be
   * recorded later.
   */
  forceClose(input: { reason: string; approval?: Approval | undefined }): Closed {
    const shift = this.requireOpenShift();
    if (input.reason.trim() === '') {
      throw invalidField('reason', 'reason_needed', 'Say why the shift is closed without a count.');
    }
    const manager = this.deps.cashiers.approve(input.approval, 'Closing a shift without a count');
    return writeTransaction(this.deps.db, () =>
      this.closeWith(shift, {
        countId: null,
        counted: null,
        closedBy: manager.id,
        reason: input.reason.trim(),
        approvedBy: manager.id,
      }),
    );
  }

  /**
   * The count of a shift closed as not counted, made later: a new record pointing to that shift (its
   * Z is never edited), listed with its variance on the next Z.
   */
  countLater(input: { shiftId: string; lines: readonly CountLine[]; approval?: Approval | undefined }): void {
    const { cashiers, shifts, zJournal, db, counterId, now, settings } = this.deps;
    const shift = this.shift(input.shiftId);
    if (shift.state !== 'not_counted' || shift.countedLater) {
      throw new PosFailure('INVALID_STATE', 'Only a shift closed as not counted is counted later, once.');
    }
    const manager = cashiers.approve(input.approval, 'Counting a closed shift');
    const z = zJournal.byShift(shift.id);
    const counted = drawerCount(input.lines, settings.get().currencies);
    const at = now().toISOString();
    writeTransaction(db, () => {
      shifts.recordCount(shift.id, counterId, 'late', counted, cashiers.current()?.id ?? null, at);
      for (const line of counted) {
        const expected = z?.cash.find((each) => each.currency === line.currency)?.expected ?? null;
        zJournal.record(
          {
            kind: 'late_count',
            shiftId: shift.id,
            amount: line,
            expected,
            reason: 'Counted after a close without a count',
            cashierId: cashiers.current()?.id ?? null,
            approvedBy: manager.id,
          },
          counterId,
          at,
        );
      }
    });
  }

  /** A correction of a closed shift's cash (a miscount found later): a new record, on the next Z. */
  correct(input: { shiftId: string; amount: Money; reason: string; approval?: Approval | undefined }): void {
    const { cashiers, zJournal, counterId, now } = this.deps;
    const shift = this.shift(input.shiftId);
    if (shift.state === 'open') {
      throw new PosFailure('INVALID_STATE', 'An open shift is not corrected: count it at its close.');
    }
    if (input.amount.amount === 0)
      throw invalidField('amount', 'zero_amount', 'A correction moves some money.');
    if (input.reason.trim() === '') throw invalidField('reason', 'reason_needed', 'Say why.');
    const manager = cashiers.approve(input.approval, 'Correcting a closed shift');
    zJournal.record(
      {
        kind: 'adjustment',
        shiftId: shift.id,
        amount: input.amount,
        expected: null,
        reason: input.reason.trim(),
        cashierId: cashiers.current()?.id ?? null,
        approvedBy: manager.id,
      },
      counterId,
      now().toISOString(),
    );
  }

  /** The stored Z of a closed shift. */
  zReport(shiftId: string): ShiftReport {
    const report = this.deps.zJournal.byShift(shiftId);
    if (!report) throw new PosFailure('NOT_FOUND', 'This shift has no Z report: it is still open.');
    return report;
  }

  /**
   * The Z of a closed shift computed again from the journal, as it was computed at the close: the
   * same close, corrections and chain head. Equal to the stored Z as long as none of the shift's
   * records changed since (a pending sale completing later does change it, and the stored Z stays).
   */
  recomputeZ(shiftId: string): ShiftReport {
    const { shifts, zJournal } = this.deps;
    const stored = this.zReport(shiftId);
    const shift = this.shift(shiftId);
    const details = shifts.closeDetails(shiftId);
    const range = zJournal.correctionsRange(shift.counterId, stored.zNumber ?? 0);
    const report = this.report(
      'z',
      shift,
      stored.generatedAt,
      {
        counted: details.countId ? (shifts.count(details.countId)?.lines ?? []) : null,
        varianceReason: details.varianceReason,
        approvedBy: details.approvedBy,
      },
      true,
      range,
      stored.rates,
    );
    return { ...report, chainHead: zJournal.chainHeadAtIssue(shiftId) };
  }

  /**
   * Today's rate between two currencies ("per 100" or per unit, as the manager reads it), checked and
   * approved (it names the manager who set it); `keepRate` then keeps it.
   */
  rateFor(input: {
    base: Currency;
    quote: Currency;
    buy: string;
    sell: string;
    per: 1 | 100;
    confirmMove?: boolean | undefined;
    approval?: Approval | undefined;
  }): NewRate {
    const { cashiers, rates, settings, now } = this.deps;
    if (input.base === input.quote) {
      throw invalidField('quote', 'same_currency', 'A rate is between two different currencies.');
    }
    const buy = parseRatePer100(input.buy, input.per, input.quote);
    const sell = parseRatePer100(input.sell, input.per, input.quote);
    if (buy === null) throw invalidField('buy', 'not_a_number', 'Enter the buying rate as a number.');
    if (sell === null) throw invalidField('sell', 'not_a_number', 'Enter the selling rate as a number.');
    const manager = cashiers.approve(input.approval, "Setting the day's rate");
    // A rate typed a hundred times off (per 100 for per 1, a zero too many) moves far from the last
    // one: the manager sees what a sale would then cost and says so before it applies.
    const previous = rates.latest(input.base, input.quote);
    if (
      previous &&
      !input.confirmMove &&
      (movesFar(previous.buyPer100, buy) || movesFar(previous.sellPer100, sell))
    ) {
      throw new PosFailure(
        'CONFIRMATION_REQUIRED',
        `The rate moves more than ${RATE_MOVE_PERCENT} % from the last one: check it and confirm.`,
        { field: 'rate', previous },
      );
    }
    return {
      base: input.base,
      quote: input.quote,
      buyPer100: buy,
      sellPer100: sell,
      businessDay: settings.businessDay(now()),
      setBy: manager.id,
    };
  }

  keepRate(rate: NewRate): ExchangeRate {
    return this.deps.rates.set(rate, this.deps.now().toISOString());
  }

  /** Checks a change of the end-of-day settings and answers the manager who approved it; `keepSettings` keeps it. */
  approveSettings(patch: Partial<EndOfDaySettings>, approval: Approval | undefined): string {
    const manager = this.deps.cashiers.approve(approval, 'Changing the end-of-day settings');
    if (patch.timeZone) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: patch.timeZone });
      } catch {
        throw invalidField('timeZone', 'unknown_time_zone', `${patch.timeZone} is not a time zone.`);
      }
    }
    return manager.id;
  }

  keepSettings(patch: Partial<EndOfDaySettings>, managerId: string): EndOfDaySettings {
    const { settings, db, now } = this.deps;
    return writeTransaction(db, () => {
      const next = settings.update(patch);
      writeAudit(db, now().toISOString(), 'settings.end_of_day', null, { patch, approvedBy: managerId });
      return next;
    });
  }

  listShifts(limit: number): Shift[] {
    return this.deps.shifts.list(this.deps.counterId, limit);
  }

  private closeWith(
    shift: Shift,
    close: {
      countId: string | null;
      counted: readonly Money[] | null;
      closedBy: string;
      reason: string | null;
      approvedBy: string | null;
    },
  ): Closed {
    const { shifts, zJournal, counterId, now } = this.deps;
    const at = now().toISOString();
    const zNumber = shifts.nextZNumber(counterId);
    shifts.close(
      shift.id,
      {
        countId: close.countId,
        closedBy: close.closedBy,
        zNumber,
        varianceReason: close.reason,
        approvedBy: close.approvedBy,
      },
      at,
    );
    const closed = shifts.require(shift.id);
    const through = zJournal.lastCorrectionId(counterId);
    const report = this.report(
      'z',
      closed,
      at,
      { counted: close.counted, varianceReason: close.reason, approvedBy: close.approvedBy },
      true,
      { after: zJournal.listedThrough(counterId), through },
    );
    zJournal.store(report, through, at);
    return { shift: closed, report };
  }

  private report(
    kind: 'x' | 'z',
    shift: Shift,
    at: string,
    close: {
      counted: readonly Money[] | null;
      varianceReason: string | null;
      approvedBy: string | null;
    } | null,
    expectedVisible: boolean,
    corrections?: { after: number; through: number },
    rates?: ShiftReport['rates'],
  ): ShiftReport {
    const { db, zJournal, shifts, settings, cashiers, counterId } = this.deps;
    const range = corrections ?? {
      after: zJournal.listedThrough(counterId),
      through: zJournal.lastCorrectionId(counterId),
    };
    return computeShiftReport(db, zJournal, {
      kind,
      shift,
      generatedAt: at,
      drawerCurrencies: settings.get().currencies,
      rates: rates ?? this.deps.rates.ofDay(shift.businessDay),
      cashierName: (id) => cashiers.get(id),
      expectedVisible,
      close,
      previousCount: shift.previousShiftId ? shifts.countedAtClose(shift.previousShiftId) : null,
      counts: shifts.counts(shift.id, 'closing'),
      corrections: range,
    });
  }

  /**
   * The count against what the drawer should hold now. Closing on it needs a reason and a manager when
   * it is off by more than the tolerance, and when any count before it was: a recount after seeing a
   * variance never closes the shift on the cashier's word alone.
   */
  private variance(shift: Shift, countId: string, counted: readonly Money[]): CountResult {
    const judged = this.judged(shift, countId, counted);
    const recount = this.deps.shifts
      .counts(shift.id, 'closing')
      .filter((each) => each.countId !== countId)
      .some((each) => this.judged(shift, each.countId, each.lines).approvalNeeded);
    return { ...judged, approvalNeeded: judged.approvalNeeded || recount };
  }

  /** A count as the one signed in may see it: a cashier who counts blind is not told what was expected. */
  private blindFor(result: CountResult): CountResult {
    if (this.expectedVisible()) return result;
    return { ...result, lines: result.lines.map((line) => ({ ...line, expected: null, variance: null })) };
  }

  private expectedVisible(): boolean {
    const viewer = this.deps.cashiers.current();
    return viewer?.role === 'manager' || this.deps.settings.get().showExpectedToCashiers;
  }

  private judged(shift: Shift, countId: string, counted: readonly Money[]): CountResult {
    const tolerance = this.deps.settings.get().varianceTolerance;
    const report = this.report('x', shift, this.deps.now().toISOString(), null, true);
    const lines = counted.map((line) => {
      const expected = report.cash.find((each) => each.currency === line.currency)?.expected ?? {
        amount: minor(0),
        currency: line.currency,
      };
      const variance = { amount: subtractMinor(line.amount, expected.amount), currency: line.currency };
      return {
        currency: line.currency,
        counted: line,
        expected,
        variance,
        withinTolerance: Math.abs(variance.amount) <= (tolerance[line.currency] ?? 0),
      };
    });
    return { countId, lines, approvalNeeded: lines.some((line) => !line.withinTolerance) };
  }

  private requireOpenShift(): Shift {
    const shift = this.deps.shifts.openOn(this.deps.counterId, MAIN_DRAWER);
    if (!shift) throw new PosFailure('INVALID_STATE', 'No shift is open on this drawer. Open one first.');
    return shift;
  }

  /** A shift of this journal, or NOT_FOUND. */
  shift(id: string): Shift {
    const shift = this.deps.shifts.get(id);
    if (!shift) throw new PosFailure('NOT_FOUND', `No shift with id ${id}.`);
    return shift;
  }
}

/**
 * A count of the drawer: one line for each of its currencies, typed by the cashier (never filled in
 * for them), each adding up to its denominations when those are given.
 */
function drawerCount(lines: readonly CountLine[], currencies: readonly Currency[]): CountLine[] {
  const byCurrency = new Map(lines.map((line) => [line.currency, line]));
  if (byCurrency.size !== lines.length) {
    throw invalidField('counts', 'counted_twice', 'Count each currency once.');
  }
  for (const line of lines) {
    if (!currencies.includes(line.currency)) {
      throw invalidField(
        line.currency,
        'currency_not_in_drawer',
        `This drawer does not hold ${line.currency}.`,
      );
    }
    if (line.amount < 0) throw invalidField(line.currency, 'below_zero', 'A count is never below zero.');
    if (line.denominations) {
      const sum = line.denominations.reduce((total, each) => total + each.unit * each.count, 0);
      if (sum !== line.amount) {
        throw invalidField(
          line.currency,
          'count_not_summed',
          `The ${line.currency} notes and coins do not add up to the amount.`,
        );
      }
    }
  }
  return currencies.map((currency) => {
    const line = byCurrency.get(currency);
    if (!line) throw invalidField(currency, 'count_missing', `Count the ${currency} too.`);
    return line;
  });
}

/** How far a new rate may move from the pair's last before the manager is asked again. */
const RATE_MOVE_PERCENT = 10;

function movesFar(before: number, after: number): boolean {
  return Math.abs(after - before) * 100 > before * RATE_MOVE_PERCENT;
}
