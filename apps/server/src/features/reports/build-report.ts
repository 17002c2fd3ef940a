/**
 * buildReport: one report kind for a scope, a date range and a status filter. SQL sums the roll-ups; the
 * domain's *FromSums functions turn the sums into the report (the same functions its row-based reports use).
 */
import {
  type ActionsPerDay,
  type AnyReportRows,
  averageAttendeesFromSums,
  averageScoresByFromSums,
  averagesFromSums,
  compliantMeetingsFromSums,
  countFromSums,
  durationAndCostDetailsFromGroups,
  durationAndCostsFromSums,
  LEADERBOARD_COLORS,
  type LeaderboardRow,
  overtimeFromSums,
  pastActionsFromDayCounts,
  type ReportMeta,
  reportProgress,
  reportUserCounts,
  type Trend,
  trend,
} from '@meetwell/domain';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { ReportKind, ReportRange, StatusFilter } from './params';
import { TREND_KINDS } from './params';
import {
  type DaySums,
  readDaySums,
  readGroups,
  readOrganizerDays,
  readPastActions,
  readSyncedRange,
  readUserCounts,
} from './queries';
import { ensureDays, prepareScope } from './rollups';
import type { ReportScope } from './scope';
import type { DaysRequest } from './warm-reports';

/** The organizers drawn in the score chart: as many as the leaderboard has colours, the busiest first. */
const CHART_ORGANIZERS = LEADERBOARD_COLORS.length;

export type ReportOutput = {
  kind: ReportKind;
  range: ReportRange;
  /** The kind's figures, as the domain's report function returns them. */
  rows: AnyReportRows;
  /** The same figures for the previous span (trend kinds only). */
  previous: AnyReportRows | null;
  trends: Trend | null;
  average: number | null;
  total: number;
  /** average_scores_by: organizers sorted by average score, with their colours and nudges. */
  leaderboard?: LeaderboardRow[];
  meta: ReportMeta;
};

type Headline = { total: number; average: number | null; by: 'total' | 'average' };

/** The figures of a trend kind from the day sums of one span, and the headline its trend follows. */
function daySumsReport(
  kind: ReportKind,
  sums: DaySums,
  scope: ReportScope,
  span: { start: string; end: string },
) {
  switch (kind) {
    case 'averages': {
      const rows = averagesFromSums(sums);
      return {
        rows,
        headline: { total: rows.total, average: rows.average_exact, by: 'average' } as Headline,
      };
    }
    case 'duration_and_costs': {
      const rows = durationAndCostsFromSums(sums, {
        annualSalary: scope.annualSalary,
        range: span,
        members: scope.type === 'company' ? scope.members : null,
      });
      return {
        rows,
        headline: { total: rows.total, average: rows.ave_cost_per_meeting, by: 'total' } as Headline,
      };
    }
    case 'overtime': {
      const rows = overtimeFromSums(sums);
      return { rows, headline: { total: rows.total, average: rows.overtime_hours, by: 'total' } as Headline };
    }
    case 'average_attendees': {
      const rows = averageAttendeesFromSums(sums);
      return { rows, headline: { total: rows.total, average: rows.average, by: 'average' } as Headline };
    }
    case 'focus_block_conflict': {
      const rows = countFromSums({ matching: sums.focusConflicts, meetings: sums.meetings });
      return { rows, headline: { total: rows.total, average: rows.percent, by: 'total' } as Headline };
    }
    case 'scheduled_late': {
      const rows = countFromSums({ matching: sums.scheduledLate, meetings: sums.meetings });
      return { rows, headline: { total: rows.total, average: rows.percent, by: 'total' } as Headline };
    }
    case 'compliant_meetings': {
      const rows = compliantMeetingsFromSums(sums);
      return { rows, headline: { total: rows.compliant, average: rows.percent, by: 'total' } as Headline };
    }
    default:
      throw new Error(`${kind} is not a day-sums report`);
  }
}

function toMap(rows: { key: string; count: number }[]) {
  return new Map(rows.map((r) => [r.key, Number(r.count)]));
}

/**
 * One report of the spec's kinds (stats §3), with previous-span trends where §7 asks for them.
 *
 * Without `budgetMs` (mails, jobs) the missing days are built first and the figures are complete. With it (a
 * person's read) the report never waits longer than that for days to be built: it answers with the days
 * that are ready, says how many in meta.partial, and hands the rest to `onMissing` (a job builds them).
 */
export async function buildReport(
  db: Database,
  params: {
    scope: ReportScope;
    kind: ReportKind;
    range: ReportRange;
    filter: StatusFilter;
    budgetMs?: number;
    onMissing?: (days: DaysRequest) => Promise<void>;
  },
): Promise<ReportOutput> {
  const { scope, kind, range, filter } = params;
  const span = { start: range.start, end: range.end };
  const base = {
    kind,
    range,
    previous: null,
    trends: null,
    meta: { time_zone: scope.timeZone, filter: filter.key },
  };

  if (kind === 'user_counts') {
    if (scope.type !== 'company') throw badRequest('user_counts is a team report: ask with who=team.', 'who');
    const counts = await readUserCounts(db, scope.companyId);
    const rows = reportUserCounts([
      ...Array.from({ length: Number(counts.evaluatable) }, () => ({ evaluatable: true })),
      ...Array.from({ length: Number(counts.total) - Number(counts.evaluatable) }, () => ({
        evaluatable: false,
      })),
    ]);
    return { ...base, rows, average: null, total: rows.total_users };
  }

  if (kind === 'num_past_actions_by') {
    const perDay = await readPastActions(db, scope, span, 'day');
    const rows: ActionsPerDay[] = pastActionsFromDayCounts(
      perDay.map((r) => ({ day: r.key, count: Number(r.count) })),
    );
    return { ...base, rows, average: null, total: rows.reduce((sum, r) => sum + r.count, 0) };
  }

  const withTrend = TREND_KINDS.has(kind);
  const scopeId = await prepareScope(db, scope);
  const days = {
    scopeId,
    filter: filter.key,
    from: withTrend ? range.previous.start : range.start,
    to: range.end,
  };
  const ready = await ensureDays(
    db,
    { ...days, scope, filter },
    params.budgetMs === undefined ? {} : { budgetMs: params.budgetMs },
  );
  const progress = reportProgress(ready.ready, ready.total);
  if (progress) await params.onMissing?.(days);
  const key = { scopeId, filter: filter.key };
  // The synced period tells an empty report 'Meetings not synced' from 'No stats available'; the page reads it
  // from averages.
  const meta = {
    ...(kind === 'averages' ? { ...base.meta, ...(await readSyncedRange(db, scope)) } : base.meta),
    ...(progress ? { partial: progress } : {}),
  };

  if (kind === 'duration_and_cost_details') {
    const [organizers, intentions, categories, nudges] = await Promise.all([
      readGroups(db, key, 'organizer', span),
      readGroups(db, key, 'intention', span),
      readGroups(db, key, 'category', span),
      readPastActions(db, scope, span, 'organizer'),
    ]);
    const rows = durationAndCostDetailsFromGroups(
      { organizers, intentions, categories },
      { pastActionsByOrganizer: toMap(nudges) },
    );
    const total = categories.reduce((sum, c) => sum + Number(c.meetings), 0);
    return { ...base, meta, rows, average: null, total };
  }

  if (kind === 'average_scores_by') {
    const [organizers, nudges] = await Promise.all([
      readGroups(db, key, 'organizer', span),
      readPastActions(db, scope, span, 'organizer'),
    ]);
    const busiest = [...organizers]
      .sort((a, b) => Number(b.meetings) - Number(a.meetings) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, CHART_ORGANIZERS)
      .map((o) => o.key);
    const dayRows = await readOrganizerDays(db, key, span, busiest);
    const report = averageScoresByFromSums({
      dayRows,
      organizers: organizers.map((o) => ({
        email: o.key,
        scoreSum: Number(o.scoreSum),
        meetings: Number(o.meetings),
        name: o.name ?? null,
        profileImage: o.profileImage ?? null,
      })),
      nudgesByOrganizer: toMap(nudges),
    });
    const meetings = organizers.reduce((sum, o) => sum + Number(o.meetings), 0);
    const scoreSum = organizers.reduce((sum, o) => sum + Number(o.scoreSum), 0);
    return {
      ...base,
      meta: { ...meta, chart_organizers: busiest, organizers: organizers.length },
      rows: report.rows,
      leaderboard: report.leaderboard,
      average: averagesFromSums({ meetings, scoreSum, good: 0 }).average_exact,
      total: meetings,
    };
  }

  const sums = await readDaySums(db, key, span, withTrend ? range.previous : null);
  const current = daySumsReport(kind, sums.current, scope, span);
  if (!withTrend || !sums.previous) {
    return {
      ...base,
      meta,
      rows: current.rows,
      average: current.headline.average,
      total: current.headline.total,
    };
  }
  const previous = daySumsReport(kind, sums.previous, scope, range.previous);
  return {
    ...base,
    meta,
    rows: current.rows,
    previous: previous.rows,
    trends: trend(current.headline, previous.headline, { by: current.headline.by }),
    average: current.headline.average,
    total: current.headline.total,
  };
}
