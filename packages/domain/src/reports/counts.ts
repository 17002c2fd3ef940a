/** Count reports: the share of meetings matching a test (focus-block conflicts, scheduled late). */
import { type PreparedRow, type ReportMeetingRow, ratio, reportableRows } from './rows';

export interface CountReport {
  /** Meetings matching. */
  total: number;
  /** All reportable meetings. */
  meetings: number;
  /** total / meetings × 100, 2 decimals. */
  percent: number;
}

function countWhere(rows: readonly ReportMeetingRow[], test: (r: PreparedRow) => boolean): CountReport {
  const prepared = reportableRows(rows);
  let total = 0;
  for (const r of prepared) if (test(r)) total++;
  return countFromSums({ matching: total, meetings: prepared.length });
}

/** A CountReport (focus-block conflicts, scheduled late) from the matching and all meetings. */
export function countFromSums(sums: { matching: number; meetings: number }): CountReport {
  return {
    total: sums.matching,
    meetings: sums.meetings,
    percent: sums.meetings ? ratio(sums.matching * 100, sums.meetings) : 0,
  };
}

/** Meetings that conflicted with a Wellness block. */
export function reportFocusBlockConflicts(rows: readonly ReportMeetingRow[]): CountReport {
  return countWhere(rows, (r) => r.row.focusBlockConflict === true);
}

/** Meetings scheduled last minute. */
export function reportScheduledLate(rows: readonly ReportMeetingRow[]): CountReport {
  return countWhere(rows, (r) => r.row.scheduledLate === true);
}
