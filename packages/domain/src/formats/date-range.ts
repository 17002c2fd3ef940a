/**
 * Date ranges of Review (both specs §5): preset labels, 'Last N days', previous spans. Ranges are inclusive
 * calendar dates 'YYYY-MM-DD' in the user's zone; "today" is an input. Weeks start on Sunday (the date
 * library's default) unless told otherwise.
 */
import {
  DAY_MS,
  epochDayFromParts,
  epochDayToIsoDate,
  isoDateToEpochDay,
  weekdayOfEpochDay,
} from '../lib/time';
import { formatDate } from './date';

export interface DateRange {
  /** 'YYYY-MM-DD', inclusive. */
  start: string;
  /** 'YYYY-MM-DD', inclusive. */
  end: string;
}

export interface DateRangeOptions {
  /** 0 = Sunday (default) … 6 = Saturday. */
  weekStartsOn?: number;
}

function parts(epochDay: number): { year: number; month: number } {
  const d = new Date(epochDay * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

function weekStart(day: number, weekStartsOn: number): number {
  return day - ((weekdayOfEpochDay(day) - weekStartsOn + 7) % 7);
}

function monthStart(day: number): number {
  const { year, month } = parts(day);
  return epochDayFromParts(year, month, 1);
}

function monthEnd(day: number): number {
  const { year, month } = parts(day);
  return epochDayFromParts(year, month + 1, 1) - 1;
}

/** The four presets (This week, Last week, This month, Last month), each ending at its period's end. */
export function dateRangePresets(
  today: string,
  options: DateRangeOptions = {},
): (DateRange & { label: string })[] {
  const t = isoDateToEpochDay(today);
  if (!Number.isFinite(t)) return [];
  const ws = weekStart(t, options.weekStartsOn ?? 0);
  const lastMonthDay = monthStart(t) - 1;
  const iso = epochDayToIsoDate;
  return [
    { label: 'This week', start: iso(ws), end: iso(ws + 6) },
    { label: 'Last week', start: iso(ws - 7), end: iso(ws - 1) },
    { label: 'This month', start: iso(monthStart(t)), end: iso(monthEnd(t)) },
    { label: 'Last month', start: iso(monthStart(lastMonthDay)), end: iso(lastMonthDay) },
  ];
}

/**
 * The label of a range: 'This week' / 'This month' (ending at the period's end or today), 'Last week',
 * 'Last month', 'Last N days' when it ends today (N counts both ends), else 'March 3rd 2025 - March 9th 2025'.
 */
export function dateRangeLabel(range: DateRange, today: string, options: DateRangeOptions = {}): string {
  const s = isoDateToEpochDay(range.start);
  const e = isoDateToEpochDay(range.end);
  const t = isoDateToEpochDay(today);
  if (!Number.isFinite(s) || !Number.isFinite(e) || !Number.isFinite(t)) return '';
  const ws = weekStart(t, options.weekStartsOn ?? 0);
  if (s === ws && (e === ws + 6 || e === t)) return 'This week';
  if (s === ws - 7 && e === ws - 1) return 'Last week';
  const ms = monthStart(t);
  if (s === ms && (e === monthEnd(t) || e === t)) return 'This month';
  if (s === monthStart(ms - 1) && e === ms - 1) return 'Last month';
  if (e === t && s <= e) {
    const n = e - s + 1;
    return `Last ${n} day${n === 1 ? '' : 's'}`;
  }
  return s === e ? formatDate(range.start) : `${formatDate(range.start)} - ${formatDate(range.end)}`;
}

/** Number of days in an inclusive range (0 when unreadable or reversed). */
export function spanDays(range: DateRange): number {
  const s = isoDateToEpochDay(range.start);
  const e = isoDateToEpochDay(range.end);
  return Number.isFinite(s) && Number.isFinite(e) && e >= s ? e - s + 1 : 0;
}

/** The span of the same length just before (for trends). */
export function previousSpan(range: DateRange): DateRange {
  const s = isoDateToEpochDay(range.start);
  const n = spanDays(range);
  return { start: epochDayToIsoDate(s - n), end: epochDayToIsoDate(s - 1) };
}

/** The date picker applies a range only when start and end differ by a day or more. */
export function isApplicableDateRange(range: DateRange): boolean {
  const s = isoDateToEpochDay(range.start);
  const e = isoDateToEpochDay(range.end);
  return Number.isFinite(s) && Number.isFinite(e) && e - s >= 1;
}

/** Working days (Monday to Friday) in an inclusive range. */
export function workingDays(range: DateRange): number {
  const s = isoDateToEpochDay(range.start);
  const e = isoDateToEpochDay(range.end);
  if (!Number.isFinite(s) || !Number.isFinite(e) || e < s) return 0;
  const total = e - s + 1;
  let count = Math.floor(total / 7) * 5;
  for (let d = s + Math.floor(total / 7) * 7; d <= e; d++) {
    const wd = weekdayOfEpochDay(d);
    if (wd !== 0 && wd !== 6) count++;
  }
  return count;
}
