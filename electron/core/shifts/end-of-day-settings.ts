import { businessDayOf, businessDayWindow } from '../../../shared/business-day';
import { type EndOfDaySettings, EndOfDaySettingsSchema } from '../../../shared/domain/shift';
import { minor } from '../../../shared/money';
import { overDefaults, type SettingsTable } from '../journal/settings-table';

const KEY = 'endOfDay.settings';

export interface BusinessDayRule {
  readonly timeZone: string;
  /** HH:MM on the shop's clock: an instant before it belongs to the day before. */
  readonly dayCutOff: string;
}

/**
 * A shop that has not set anything: one drawer currency (the account's, USD until the provider says
 * otherwise), a 04:00 cut-off so a late evening stays on its day, a small tolerance, and blind counts.
 */
export const DEFAULT_END_OF_DAY: EndOfDaySettings = {
  currencies: ['USD'],
  sellingCurrency: null,
  dayCutOff: '04:00',
  timeZone: null,
  varianceTolerance: { USD: minor(100), EUR: minor(100), IQD: minor(1000) },
  payOutLimit: { USD: minor(5000), EUR: minor(5000), IQD: minor(50_000) },
  showExpectedToCashiers: false,
  requireOpenShift: false,
};

const readEndOfDay = overDefaults(EndOfDaySettingsSchema, DEFAULT_END_OF_DAY);

/** The shop's end-of-day settings, kept beside the shop's other settings and validated once per stored text. */
export class EndOfDaySettingsStore {
  constructor(
    private readonly settings: SettingsTable,
    private readonly counterTimeZone: string,
  ) {}

  get(): EndOfDaySettings {
    return this.settings.validated(KEY, readEndOfDay);
  }

  /** Merges and stores a change; the caller journals it (a chained settings change). */
  update(patch: Partial<EndOfDaySettings>): EndOfDaySettings {
    const next = EndOfDaySettingsSchema.parse({ ...this.get(), ...patch });
    this.settings.set(KEY, next);
    return next;
  }

  timeZone(): string {
    return this.get().timeZone ?? this.counterTimeZone;
  }

  /** How time is divided into business days: the zone of the shop's clock and the hour a day ends. */
  dayRule(): BusinessDayRule {
    return { timeZone: this.timeZone(), dayCutOff: this.get().dayCutOff };
  }

  /** The business day `instant` falls in, on this counter's clock and cut-off. */
  businessDay(instant: Date): string {
    const rule = this.dayRule();
    return businessDayOf(instant, rule.timeZone, rule.dayCutOff);
  }

  /** The instants `day` covers on this counter's clock and cut-off, `to` excluded. */
  window(day: string): { readonly from: Date; readonly to: Date } {
    const rule = this.dayRule();
    return businessDayWindow(day, rule.timeZone, rule.dayCutOff);
  }
}
