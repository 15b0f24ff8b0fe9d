/**
 * A time or date from a provider's answer as ISO 8601 UTC, or null when it cannot be read as one.
 *
 * The description gives every timestamp as ISO 8601 UTC, but a provider also writes times for people
 * ("February 13, 2026 at 11:27 PM", "Feb 13, 2026"). Everything past the client compares times (the
 * order list matched against a sale's time) and the PosApi promises ISO 8601, so the client reads
 * each time once, here: ISO 8601 with or without a zone, or an English month-day-year with an
 * optional clock time. A time that names no zone is UTC, the description's zone. Anything else is
 * null, never a guess: the answer's raw text keeps what was sent.
 */
export function isoTimeOf(text: string): string | null {
  const trimmed = text.trim();
  return isoForm(trimmed) ?? peopleForm(trimmed);
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * How long after a provider's stated time (in ms since the epoch, as read by isoTimeOf) the instant
 * it names may be. A provider that writes times for people gives the minute ("11:27 PM") or the day
 * alone, which is read as its first instant: a time at a whole minute stands for that whole minute,
 * one at midnight for that whole day. A time that was precise and happens to fall on a whole minute
 * is only widened, which can make a comparison inconclusive, never wrongly rule something out: an
 * order or an eSIM left out of a window because its time was rounded down could be lost or charged twice.
 */
export function statedSpanMs(at: number): number {
  if (at % DAY_MS === 0) return DAY_MS;
  return at % MINUTE_MS === 0 ? MINUTE_MS : 0;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function isoForm(text: string): string | null {
  const match = ISO.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  const offset = /^[+-]\d{4}$/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone.toUpperCase();
  if (!isCalendarDate(Number(year), Number(month), Number(day)) || Number(hour) > 23 || Number(minute) > 59)
    return null;
  const at = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${offset}`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

const PEOPLE =
  /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})(?:(?:,|\s+at)?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])\.?m\.?)?(?:\s+(?:utc|gmt|z))?$/i;

function peopleForm(text: string): string | null {
  const match = PEOPLE.exec(text);
  if (!match) return null;
  const [, monthName = '', dayText, yearText, hourText, minuteText, secondText = '0', half] = match;
  const month = MONTH_NAMES.findIndex((full) => monthNameFits(monthName.toLowerCase(), full)) + 1;
  const year = Number(yearText);
  const day = Number(dayText);
  if (month === 0 || !isCalendarDate(year, month, day)) return null;
  let hour = 0;
  if (hourText !== undefined) {
    hour = Number(hourText);
    if (hour < 1 || hour > 12 || Number(minuteText) > 59) return null;
    // 12 AM is midnight and 12 PM noon.
    hour = (hour % 12) + (half?.toLowerCase() === 'p' ? 12 : 0);
  }
  return new Date(
    Date.UTC(year, month - 1, day, hour, Number(minuteText ?? 0), Number(secondText)),
  ).toISOString();
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "feb" and "february" name February ("Feb." loses its dot to the pattern); "febru" does not. */
function monthNameFits(name: string, full: string): boolean {
  return name === full || name === full.slice(0, 3) || (full === 'september' && name === 'sept');
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
