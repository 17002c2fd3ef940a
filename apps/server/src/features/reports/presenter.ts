import { resource } from '../../http/jsonapi';
import type { ReportOutput } from './build-report';

/**
 * The spec's Report resource (type reports): id, name, starts_at, ends_at, spans_days, rows, trends, average,
 * total; plus previous (the previous span's rows, trend kinds) and leaderboard (average_scores_by).
 */
export function presentReport(report: ReportOutput, who: string) {
  const { range } = report;
  return resource('reports', `${report.kind}:${who}:${range.start}:${range.end}`, {
    name: report.kind,
    starts_at: range.start,
    ends_at: range.end,
    spans_days: range.days,
    rows: report.rows,
    trends: report.trends,
    average: report.average,
    total: report.total,
    previous: report.previous,
    previous_starts_at: report.trends ? range.previous.start : null,
    previous_ends_at: report.trends ? range.previous.end : null,
    ...(report.leaderboard !== undefined ? { leaderboard: report.leaderboard } : {}),
  });
}
