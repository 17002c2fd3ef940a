// The Review page's state lives in the URL: /my/review/{view}/{statusFilter}?s=YYYY-MM-DD&e=YYYY-MM-DD.
import {
  type DateRange,
  dateRangeLabel,
  dateRangePresets,
  formatDate,
  isApplicableDateRange,
} from '@meetwell/domain';
import dayjs from 'dayjs';

const VIEWS = ['you', 'team'] as const;
export type ReviewView = (typeof VIEWS)[number];

export function isReviewView(value: string | undefined): value is ReviewView {
  return (VIEWS as readonly string[]).includes(value ?? '');
}

/** Weeks start on Sunday, the date library's default (stats §9). */
export const WEEK_STARTS_ON = 0;

/** Today's calendar date in the browser's zone. */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range in ?s=&e= when it is readable and spans a day or more; else this week (Sunday to Saturday). */
export function rangeFromSearch(params: URLSearchParams, today: string = todayIso()): DateRange {
  const start = params.get('s') ?? '';
  const end = params.get('e') ?? '';
  if (ISO_DATE.test(start) && ISO_DATE.test(end) && isApplicableDateRange({ start, end }))
    return { start, end };
  const [thisWeek] = dateRangePresets(today, { weekStartsOn: WEEK_STARTS_ON });
  return { start: thisWeek!.start, end: thisWeek!.end };
}

/** 'This week', 'Last month', 'Last 10 days', or the dates. */
export function rangeLabel(range: DateRange, today: string = todayIso()): string {
  return dateRangeLabel(range, today, { weekStartsOn: WEEK_STARTS_ON });
}

/** 'March 1st 2025 - March 31st 2025': the title of an exported report. */
export function rangeDates(range: DateRange): string {
  return range.start === range.end
    ? formatDate(range.start)
    : `${formatDate(range.start)} - ${formatDate(range.end)}`;
}

/**
 * The range's label inside a sentence: a relative one in lower case ('… in this week', '… for last month'),
 * dates as they are written ('… in March 1st 2025 - March 31st 2025').
 */
export function rangeInSentence(range: DateRange, today: string = todayIso()): string {
  const label = rangeLabel(range, today);
  return label === rangeDates(range) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** The four presets of the picker. */
export function rangePresets(today: string = todayIso()) {
  return dateRangePresets(today, { weekStartsOn: WEEK_STARTS_ON });
}

/** The picker's choice, applied only when start and end differ by a day or more. */
export function applicableRange(start: string | null, end: string | null): DateRange | null {
  if (!start || !end) return null;
  const range = start <= end ? { start, end } : { start: end, end: start };
  return isApplicableDateRange(range) ? range : null;
}

// Invite-status filter -------------------------------------------------------------------------------------

export const STATUS_OPTIONS = [
  { value: 'all', label: 'All', disabled: false },
  { value: 'confirmed', label: 'Accepted', disabled: false },
  { value: 'tentative', label: 'Tentative', disabled: true },
  { value: 'none', label: 'Unresponded', disabled: true },
  { value: 'declined', label: 'Declined', disabled: true },
] as const;

const SELECTABLE: ReadonlySet<string> = new Set(
  STATUS_OPTIONS.filter((o) => !o.disabled).map((o) => o.value),
);

/** The statuses of the URL segment ('confirmed', 'confirmed,tentative'); none or anything unknown → ['all']. */
export function statusesFromSegment(segment: string | undefined): string[] {
  const values = (segment ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => SELECTABLE.has(v));
  return values.length === 0 || values.includes('all') ? ['all'] : [...new Set(values)];
}

/**
 * The multi-select's rule: All is exclusive (choosing All clears the others; choosing another clears All),
 * removing the last choice returns to All, and only All and Accepted can be chosen.
 */
export function nextStatuses(previous: readonly string[], next: readonly string[]): string[] {
  const chosen = next.filter((v) => SELECTABLE.has(v));
  if (chosen.length === 0) return ['all'];
  const added = chosen.filter((v) => !previous.includes(v));
  if (added.includes('all')) return ['all'];
  const others = chosen.filter((v) => v !== 'all');
  return others.length ? others : ['all'];
}

/** /my/review/{view}[/{statuses}]?s=&e= */
export function reviewPath(view: ReviewView, statuses: readonly string[], range: DateRange): string {
  const segment = statuses.includes('all') ? '' : `/${statuses.join(',')}`;
  return `/my/review/${view}${segment}?s=${range.start}&e=${range.end}`;
}
