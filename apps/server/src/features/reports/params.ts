import { previousSpan, REPORT_KINDS, reportQuery, spanDays } from '@meetwell/domain';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { MAX_PERIOD_DAYS } from '../../http/period';

// The report kinds and the report endpoints' query are the API contract's (suggestions read the same query).
export { REPORT_KINDS, reportQuery };
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The kinds compared with the previous span of the same length (§7). */
export const TREND_KINDS: ReadonlySet<ReportKind> = new Set([
  'averages',
  'duration_and_costs',
  'overtime',
  'average_attendees',
  'focus_block_conflict',
  'scheduled_late',
]);

/**
 * The invite-status filter values of the Review page and the meeting response statuses they keep:
 * confirmed (shown as Accepted), tentative, none (Unresponded), declined. 'all' (or nothing) keeps every meeting.
 */
const STATUS_VALUES: Record<string, string> = {
  confirmed: 'accepted',
  accepted: 'accepted',
  tentative: 'tentative',
  none: 'needsAction',
  unresponded: 'needsAction',
  needsaction: 'needsAction',
  declined: 'declined',
};

export type ReportQuery = z.infer<typeof reportQuery>;

export type StatusFilter = { key: string; statuses: string[] | null };

/** 'all' (or nothing) → every meeting; otherwise the response statuses kept, with a stable key for roll-ups. */
export function parseStatusFilter(value: string | undefined): StatusFilter {
  const parts = (value ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0 || parts.includes('all')) return { key: 'all', statuses: null };
  const statuses = new Set<string>();
  for (const part of parts) {
    const status = STATUS_VALUES[part];
    if (!status) {
      throw new AppError('validation_failed', [
        {
          detail: `byAttendeeStatus: unknown status "${part}" (use all, confirmed, tentative, none, declined).`,
          parameter: 'byAttendeeStatus',
        },
      ]);
    }
    statuses.add(status);
  }
  const sorted = [...statuses].sort();
  return { key: sorted.join(','), statuses: sorted };
}

export type ReportRange = {
  start: string;
  end: string;
  previous: { start: string; end: string };
  days: number;
};

/**
 * The inclusive date range, at least a day apart (the picker's rule) and at most MAX_PERIOD_DAYS (the cap of
 * every period read, http/period.ts), with the span before it.
 */
export function parseRange(query: Pick<ReportQuery, 'start' | 'end'>): ReportRange {
  const range = { start: query.start, end: query.end };
  const days = spanDays(range);
  if (days === 0) {
    throw new AppError('validation_failed', [{ detail: 'end must not be before start.', parameter: 'end' }]);
  }
  if (days > MAX_PERIOD_DAYS) {
    throw new AppError('validation_failed', [
      { detail: `A report spans at most ${MAX_PERIOD_DAYS} days.`, parameter: 'end' },
    ]);
  }
  return { ...range, previous: previousSpan(range), days };
}
