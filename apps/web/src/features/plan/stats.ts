import {
  type DateRange,
  isReportable,
  meetingCost,
  type ReportMeetingRow,
  reportAverages,
  reportTotals,
  workHours,
  workHoursSummary,
} from '@meetwell/domain';
import { type Meeting, meetingVariant } from '../meeting/types';

export interface WeekStats {
  meetings: number;
  seconds: number;
  cost: number;
  averageScore: number | null;
  qualityLabel: string | null;
  letterGrade: string | null;
  good: number;
  bad: number;
  workHours: ReturnType<typeof workHoursSummary>;
}

function toRow(meeting: Meeting): ReportMeetingRow {
  return {
    eventId: meeting.id,
    meetingId: meeting.id,
    startsAt: meeting.starts_at,
    endsAt: meeting.ends_at,
    allDay: meeting.all_day,
    score: typeof meeting.score === 'number' ? meeting.score : null,
    attendeesCount: meeting.attendees_count ?? 1,
  };
}

/**
 * Time spent, cost and the report card of a week, with the domain's report rules: only meetings that are
 * scored and not all day count (Wellness blocks, possible blocks, report events and skipped meetings never are).
 */
export function weekStats(
  meetings: readonly Meeting[],
  range: DateRange,
  annualSalary: number | null,
): WeekStats {
  const counted = meetings.filter(
    (meeting) =>
      meetingVariant(meeting) === 'meeting' && meeting.status !== 'cancelled' && meeting.status !== 'deleted',
  );
  const rows = counted.map(toRow);
  const totals = reportTotals(rows);
  const averages = reportAverages(rows);
  let cost = 0;
  counted.forEach((meeting, index) => {
    const row = rows[index] as ReportMeetingRow;
    if (!isReportable(row)) return;
    cost +=
      typeof meeting.cost === 'number'
        ? meeting.cost
        : meetingCost({
            durationSeconds:
              meeting.duration ?? (Date.parse(meeting.ends_at) - Date.parse(meeting.starts_at)) / 1000,
            attendeesCount: meeting.attendees_count ?? 1,
            annualSalary: annualSalary ?? 0,
          });
  });
  return {
    meetings: totals.total,
    seconds: totals.duration_seconds,
    cost,
    averageScore: averages.average,
    qualityLabel: averages.quality_label,
    letterGrade: averages.letter_grade,
    good: averages.good,
    bad: averages.bad,
    workHours: workHoursSummary(totals.duration_seconds / 3600, workHours(range)),
  };
}
