import {
  type AveragesReport,
  formatDate,
  formatNumber,
  type LetterGrade,
  letterGrade,
  PRODUCT_NAME,
  type QualityLabel,
} from '@meetwell/domain';
import type { AppContext } from '../../context';
import type { users } from '../../db/schema';
import { buildReport } from '../reports/build-report';
import { parseRange, parseStatusFilter } from '../reports/params';
import { resolveReportScope } from '../reports/scope';
import { lowestScoredMeetings } from '../weekly-report/weekly-report';

type UserRow = typeof users.$inferSelect;

type DayMeeting = { id: string; summary: string; startsAt: Date; score: number };

/** One person's day as its report event tells it: the Review averages of that day and its scored meetings. */
export type DayReport = {
  date: string;
  /** The zone the day is cut in and the times are shown in. */
  timeZone: string;
  average: number;
  letterGrade: LetterGrade;
  qualityLabel: QualityLabel;
  total: number;
  /** In the order they started. */
  meetings: DayMeeting[];
};

/**
 * The day's figures from the report builders (the you view, every invite status) and the meetings they count,
 * so the event says what Review says of that day. Null for a day without a scored meeting.
 */
export async function dayReport(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
  date: string,
): Promise<DayReport | null> {
  const day = { start: date, end: date };
  const scope = await resolveReportScope(ctx.db, user, { who: 'user', ...day });
  const averages = (
    await buildReport(ctx.db, {
      scope,
      kind: 'averages',
      range: parseRange(day),
      filter: parseStatusFilter(undefined),
    })
  ).rows as AveragesReport;
  if (averages.total === 0 || averages.average === null) return null;
  const meetings = await lowestScoredMeetings(ctx, user, day, Number.POSITIVE_INFINITY);
  return {
    date,
    timeZone: scope.timeZone,
    average: averages.average,
    letterGrade: averages.letter_grade!,
    qualityLabel: averages.quality_label!,
    total: averages.total,
    meetings: meetings.sort(
      (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id),
    ),
  };
}

const meetingCount = (total: number) => (total === 1 ? '1 meeting' : `${formatNumber(total, 0)} meetings`);

/** 'MeetWell daily report: 86 (B) — 5 meetings' */
export const reportTitle = (report: DayReport) =>
  `${PRODUCT_NAME} daily report: ${report.average} (${report.letterGrade}) — ${meetingCount(report.total)}`;

/** The Plan page over the report's day. */
const dayPlanUrl = (appUrl: string, date: string) => `${appUrl}/my/plan?w=${date}`;

/** The event's text: the day's average, each meeting with its time and score, and the way into the app. */
export function reportDescription(report: DayReport, appUrl: string): string {
  const lines = report.meetings.map(
    (m) =>
      `• ${formatDate(m.startsAt, 'Time', report.timeZone)} ${m.summary || 'Untitled meeting'}: ${m.score} (${letterGrade(m.score)})`,
  );
  return [
    `Your ${meetingCount(report.total)} on ${formatDate(report.date, 'Long')} scored ${report.average} on average: grade ${report.letterGrade}, ${report.qualityLabel} quality.`,
    '',
    ...lines,
    '',
    `Times are in ${report.timeZone}.`,
    `See the day in ${PRODUCT_NAME}: ${dayPlanUrl(appUrl, report.date)}`,
  ].join('\n');
}
