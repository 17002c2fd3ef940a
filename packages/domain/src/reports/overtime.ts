/** The overtime report: time in meetings outside work hours. */
import { DAY_MS, MINUTE_MS } from '../lib/time';
import { isValidTimeZone, utcToWall } from '../lib/tz';
import { type ReportMeetingRow, ratio, reportableRows } from './rows';

export interface OvertimeReport {
  /** Meetings with any minute outside work hours. */
  total: number;
  /** Minutes outside work hours, summed (2 decimals). */
  overtime_minutes: number;
  overtime_hours: number;
}

/** The work day of the overtime report, in minutes after local midnight: 9:00 to 17:00, Monday to Friday. */
export const OVERTIME_WORKDAY = { start: 9 * 60, end: 17 * 60 } as const;

/**
 * Time in meetings outside work hours: before workdayStart or after workdayEnd (minutes after local
 * midnight, default OVERTIME_WORKDAY) on Monday–Friday, and all of Saturday and Sunday, in the zone.
 */
export function reportOvertime(
  rows: readonly ReportMeetingRow[],
  options: { timeZone?: string | null; workdayStart?: number; workdayEnd?: number } = {},
): OvertimeReport {
  const zone = isValidTimeZone(options.timeZone) ? options.timeZone : 'UTC';
  const dayStart = (options.workdayStart ?? OVERTIME_WORKDAY.start) * MINUTE_MS;
  const dayEnd = (options.workdayEnd ?? OVERTIME_WORKDAY.end) * MINUTE_MS;
  let total = 0;
  let outsideMs = 0;
  for (const r of reportableRows(rows)) {
    // Wall clock of the meeting (its length kept even across a DST change).
    const wallStart = utcToWall(zone, r.start);
    const wallEnd = wallStart + (r.end - r.start);
    let inside = 0;
    for (let day = Math.floor(wallStart / DAY_MS); day * DAY_MS < wallEnd; day++) {
      const weekday = (((day + 4) % 7) + 7) % 7;
      if (weekday === 0 || weekday === 6) continue;
      const from = Math.max(wallStart, day * DAY_MS + dayStart);
      const to = Math.min(wallEnd, day * DAY_MS + dayEnd);
      if (to > from) inside += to - from;
    }
    const outside = wallEnd - wallStart - inside;
    if (outside > 0) {
      total++;
      outsideMs += outside;
    }
  }
  return overtimeFromSums({ overtimeMeetings: total, overtimeMs: outsideMs });
}

/** reportOvertime from sums: meetings with time outside work hours, and that time in milliseconds. */
export function overtimeFromSums(sums: { overtimeMeetings: number; overtimeMs: number }): OvertimeReport {
  return {
    total: sums.overtimeMeetings,
    overtime_minutes: ratio(sums.overtimeMs, MINUTE_MS),
    overtime_hours: ratio(sums.overtimeMs, 3_600_000),
  };
}
