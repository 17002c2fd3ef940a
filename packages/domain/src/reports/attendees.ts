/** The average attendees report. */
import { type ReportMeetingRow, ratio, reportableRows } from './rows';

export interface AverageAttendeesReport {
  /** Mean attendees_count, 2 decimals (0 with no meetings). */
  average: number;
  total: number;
}

export function reportAverageAttendees(rows: readonly ReportMeetingRow[]): AverageAttendeesReport {
  const prepared = reportableRows(rows);
  let sum = 0;
  for (const r of prepared) sum += r.row.attendeesCount;
  return averageAttendeesFromSums({ meetings: prepared.length, attendeesSum: sum });
}

export function averageAttendeesFromSums(sums: {
  meetings: number;
  attendeesSum: number;
}): AverageAttendeesReport {
  return { average: sums.meetings ? ratio(sums.attendeesSum, sums.meetings) : 0, total: sums.meetings };
}
