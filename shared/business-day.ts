/**
 * The business day an instant belongs to: the local date in `timeZone`, moved back one day before
 * the cut-off (a sale at 01:30 with a 04:00 cut-off belongs to the evening before). The counter's own
 * clock and zone decide, never the provider's.
 */
export function businessDayOf(instant: Date, timeZone: string, cutOff: string): string {
  const parts = localClock(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((each) => each.type === type)?.value ?? Number.NaN);
  const local = `${String(part('hour')).padStart(2, '0')}:${String(part('minute')).padStart(2, '0')}`;
  const day = new Date(Date.UTC(part('year'), part('month') - 1, part('day')));
  if (local < cutOff) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** One formatter per zone: building one costs more than a sale's whole journal write. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function localClock(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}
