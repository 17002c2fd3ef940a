/**
 * Instants and small time helpers. The domain never reads the clock: every "now" is an argument.
 * Internally every instant is epoch milliseconds (a number), which keeps hot loops free of allocations.
 */

/** An instant: a Date, epoch milliseconds, or an ISO-8601 string with an offset (e.g. '2025-03-10T14:00:00Z'). */
export type TimeInput = Date | number | string;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** Epoch milliseconds of an instant; NaN when it cannot be read. */
export function toMs(value: TimeInput | null | undefined): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return Date.parse(value);
  return Number.NaN;
}

/** Epoch milliseconds, or null when the value is missing or unreadable. */
export function toMsOrNull(value: TimeInput | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = toMs(value);
  return Number.isFinite(ms) ? ms : null;
}

/** A Date for an epoch-millisecond instant (the only way this package builds Dates). */
export function msToDate(ms: number): Date {
  return new Date(ms);
}

/** Days since 1970-01-01 of a calendar date (proleptic Gregorian), from its parts (month 1-12). */
export function epochDayFromParts(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** 'YYYY-MM-DD' of an epoch day. */
export function epochDayToIsoDate(epochDay: number): string {
  const d = new Date(epochDay * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${day < 10 ? '0' : ''}${day}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch day of a 'YYYY-MM-DD' string; NaN when it is not a real date. */
export function isoDateToEpochDay(value: string): number {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN;
  const epochDay = epochDayFromParts(year, month, day);
  // Reject 2025-02-30 and friends (Date.UTC would roll them over).
  return epochDayToIsoDate(epochDay) === `${m[1]}-${m[2]}-${m[3]}` ? epochDay : Number.NaN;
}

/** Day of the week of an epoch day: 0 = Sunday … 6 = Saturday. */
export function weekdayOfEpochDay(epochDay: number): number {
  return (((epochDay + 4) % 7) + 7) % 7;
}

/** Hours added to an all-day event's instant before its UTC date is read (allDayDate). */
const ALL_DAY_SHIFT_MS = 13 * 3_600_000;

/**
 * The date an all-day event's start (or exclusive end) names, as an ISO date, whatever zone its calendar wrote
 * it in: it is stored as the midnight of that date in the calendar's zone, an instant between 14 hours before
 * and 12 hours after the date's UTC midnight. Read 13 hours later, that instant is on the date itself for
 * every offset from UTC-10 (Hawaii) to UTC+13 (New Zealand in summer, Tonga), which is every calendar's zone
 * but UTC-11 (American Samoa, Niue), UTC+13:45 (the Chatham Islands' summer) and UTC+14 (Kiribati's Line
 * Islands), read a day off. The browser's own zone, which may be another, plays no part.
 */
export function allDayDate(value: TimeInput): string {
  return epochDayToIsoDate(Math.floor((toMs(value) + ALL_DAY_SHIFT_MS) / DAY_MS));
}
