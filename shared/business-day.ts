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
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall-clock fields of an instant in `timeZone`. */
function wallClock(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = localClock(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((each) => each.type === type)?.value ?? Number.NaN);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const two = (value: number): string => String(value).padStart(2, '0');

/**
 * An instant as the shop's clock read it, in two forms: `wallClock` as `YYYY-MM-DD HH:MM:SS`, which
 * spreadsheets read as a date and time, and `withOffset` as ISO 8601 with the milliseconds and the
 * zone's offset at that instant (`2026-06-01T03:50:00.123+03:00`), which names the same instant as
 * the UTC time it came from.
 */
export function localTime(instant: Date, timeZone: string): { wallClock: string; withOffset: string } {
  const c = wallClock(instant, timeZone);
  const date = `${c.year}-${two(c.month)}-${two(c.day)}`;
  const clock = `${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round(
    (Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - wholeSeconds) / 60_000,
  );
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`;
  const millis = String(instant.getTime() - wholeSeconds).padStart(3, '0');
  return { wallClock: `${date} ${clock}`, withOffset: `${date}T${clock}.${millis}${offset}` };
}

/**
 * The business day an instant belongs to: the local date in `timeZone`, moved back one day before
 * the cut-off (a sale at 01:30 with a 04:00 cut-off belongs to the evening before). The counter's own
 * clock and zone decide, never the provider's.
 */
export function businessDayOf(instant: Date, timeZone: string, cutOff: string): string {
  const clock = wallClock(instant, timeZone);
  const local = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day));
  if (local < cutOff) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The instant the wall clock of `timeZone` reads `day` at `time` (HH:MM); a zone's offset is found, not assumed. */
function instantOfWallClock(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wanted = Date.UTC(year ?? Number.NaN, (month ?? Number.NaN) - 1, date, hour, minute);
  // Twice: the offset at the first guess may differ from the offset at the answer (a clock change between).
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const c = wallClock(new Date(guess), timeZone);
    guess += wanted - Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  }
  return new Date(guess);
}

/**
 * The instants a business day covers: from its cut-off to the next day's, `to` excluded. The inverse
 * of businessDayOf: every instant in the window belongs to `day`.
 */
export function businessDayWindow(
  day: string,
  timeZone: string,
  cutOff: string,
): { readonly from: Date; readonly to: Date } {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    from: instantOfWallClock(day, cutOff, timeZone),
    to: instantOfWallClock(next.toISOString().slice(0, 10), cutOff, timeZone),
  };
}
