/**
 * Date formats (docs/spec/personal-app.md §9). An instant is shown in a time zone (default UTC): its local wall time is
 * formatted by dayjs in UTC mode, so formatting never depends on the machine's zone.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { DAY_MS, isoDateToEpochDay, type TimeInput, toMs } from '../lib/time';
import { isValidTimeZone, utcToWall } from '../lib/tz';

dayjs.extend(utc);
dayjs.extend(advancedFormat);

export const DATE_FORMATS = {
  Default: 'MMMM Do YYYY',
  Long: 'dddd, MMMM Do YYYY',
  Short: 'M/D/YY',
  NoYear: 'MMMM Do',
  Time: 'h:mm a',
  Hash: 'YYYY-MM-DD',
  /** The nudge tile's day (stats §9). */
  NudgeDay: 'M/D/YYYY',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

/** A calendar date 'YYYY-MM-DD' (kept as that date), or an instant. */
export type DateInput = TimeInput;

function wallMs(value: DateInput, timeZone: string | null | undefined): number {
  if (typeof value === 'string') {
    const day = isoDateToEpochDay(value);
    if (Number.isFinite(day)) return day * DAY_MS;
  }
  const ms = toMs(value);
  return isValidTimeZone(timeZone) ? utcToWall(timeZone, ms) : ms;
}

/**
 * Format a date: `format` is a name of DATE_FORMATS (default 'Default') or a dayjs format string. A
 * 'YYYY-MM-DD' string is a calendar date and is not shifted by the zone. Unreadable input gives ''.
 */
export function formatDate(
  value: DateInput | null | undefined,
  format: DateFormatName | (string & {}) = 'Default',
  timeZone?: string | null,
): string {
  if (value === null || value === undefined) return '';
  const ms = wallMs(value, timeZone);
  if (!Number.isFinite(ms)) return '';
  const pattern = (DATE_FORMATS as Record<string, string>)[format] ?? format;
  return dayjs.utc(ms).format(pattern);
}

/** The 'YYYY-MM-DD' (Hash) date of an instant in a zone. */
export function localDateString(value: TimeInput, timeZone?: string | null): string {
  return formatDate(value, 'Hash', timeZone);
}
