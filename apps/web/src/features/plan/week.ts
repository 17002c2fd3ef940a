/**
 * Weeks of the Plan screen, in the browser's time zone (the zone the calendar draws in). Weeks start on
 * Sunday — in react-big-calendar's dayjs localizer (dayjs 'en' locale), in Mantine's DatePicker
 * (firstDayOfWeek={WEEK_STARTS_ON}) and in the domain's date ranges.
 */
import { formatDate } from '@meetwell/domain';
import { CALENDAR_DEFAULTS } from '../../copy/ui';

export const WEEK_STARTS_ON = 0;

export interface Week {
  /** Sunday 00:00, local. */
  start: Date;
  /** The next Sunday 00:00, local (exclusive). */
  end: Date;
  /** ?w= value of the week: its Sunday, 'YYYY-MM-DD'. */
  key: string;
}

/** A 'YYYY-MM-DD' string as a local date; null when missing, 'invalid' when not a real date. */
export function parseWeekParam(value: string | null): Date | null | 'invalid' {
  if (value === null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'invalid';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : 'invalid';
}

export function toDateKey(date: Date): string {
  const y = date.getFullYear();
  const m = date.getMonth() + 1;
  const d = date.getDate();
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function weekOf(date: Date): Week {
  const start = new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() - ((date.getDay() - WEEK_STARTS_ON + 7) % 7),
  );
  return { start, end: addDays(start, 7), key: toDateKey(start) };
}

export function isSameWeek(a: Week, b: Week): boolean {
  return a.key === b.key;
}

/** 'March 2nd - March 8th 2025' (the year once when both ends share it). */
export function weekRangeText(week: Week): string {
  const last = addDays(week.start, 6);
  const sameYear = last.getFullYear() === week.start.getFullYear();
  return `${formatDate(toDateKey(week.start), sameYear ? 'NoYear' : 'Default')} - ${formatDate(toDateKey(last))}`;
}

/** The plan URL of a week (and of a meeting or block inside it). */
export function planPath(week: Week | null, sub = ''): string {
  return `/my/plan${sub}${week ? `?w=${week.key}` : ''}`;
}

interface Timed {
  start: Date;
  end: Date;
  allDay?: boolean;
}

/**
 * The visible hours: 7:00 to 17:00, widened to the earliest start and the latest end of the week's timed
 * events (rounded out to the hour). Dates are on the week's first day: only their time matters.
 */
export function visibleHours(events: readonly Timed[], week: Week): { min: Date; max: Date } {
  let startHour: number = CALENDAR_DEFAULTS.startHour;
  let endHour: number = CALENDAR_DEFAULTS.endHour;
  for (const event of events) {
    if (event.allDay) continue;
    const endsAtMidnight =
      event.end.getHours() === 0 &&
      event.end.getMinutes() === 0 &&
      toDateKey(addDays(event.start, 1)) === toDateKey(event.end);
    if (endsAtMidnight) {
      startHour = Math.min(startHour, event.start.getHours());
      endHour = 24;
      continue;
    }
    const sameDay = toDateKey(event.start) === toDateKey(event.end);
    startHour = Math.min(startHour, event.start.getHours());
    const endsAt = event.end.getHours() + (event.end.getMinutes() > 0 ? 1 : 0);
    // An event running past midnight needs the whole evening.
    endHour = Math.max(endHour, sameDay ? endsAt : 24);
    if (!sameDay) startHour = Math.min(startHour, 0);
  }
  const day = week.start;
  const min = new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.max(0, startHour), 0);
  const max =
    endHour >= 24
      ? new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59)
      : new Date(day.getFullYear(), day.getMonth(), day.getDate(), endHour, 0);
  return { min, max };
}
