/** The duration and costs report: time and money spent in meetings over a span. */
import { meetingCost } from '../cost/cost';
import { isGoodScore } from '../evaluation/grades';
import { type DateRange, spanDays } from '../formats/date-range';
import { workHours } from '../formats/work-hours';
import { toMs } from '../lib/time';
import { isReportable, type ReportMeetingRow, ratio, reportableRows } from './rows';
import { hours2 } from './shared';

export interface DurationAndCostsReport {
  total: number;
  good: number;
  bad: number;
  /** Total time in meetings, in seconds. */
  meeting_duration: number;
  /** Sum of each meeting's whole-dollar cost. */
  meeting_cost_total: number;
  /** meeting_cost_total / total, whole dollars (0 with no meetings). */
  ave_cost_per_meeting: number;
  annual_salary: number;
  /** Working days (Mon–Fri) in the span × 8: one person's. */
  work_hours: number;
  /** Time in meetings against work_hours: the person's own, or, for a team, per member. */
  work_hours_spent: { spent_hours: number; percent_of_time: number };
  /** The team's members the time is shared among; null for one person's report. */
  members: number | null;
  spans_days: number;
}

export interface DurationAndCostSums {
  meetings: number;
  good: number;
  /** Σ duration in whole seconds. */
  seconds: number;
  /** Σ meetingCost (whole dollars each). */
  cost: number;
  /** Σ duration of every member's own copy of the meetings (a meeting two members attend counts twice). */
  memberSeconds?: number;
}

/** reportDurationAndCosts from sums. */
export function durationAndCostsFromSums(
  sums: DurationAndCostSums,
  options: { annualSalary: number; range: DateRange; members?: number | null },
): DurationAndCostsReport {
  const total = sums.meetings;
  const work = workHours(options.range);
  // A team's time is each member's own time in meetings, averaged over its members: a shared meeting is one
  // event in the totals but an hour of each attendee's week.
  const members = options.members ?? null;
  const spent = members ? (sums.memberSeconds ?? 0) / members : sums.seconds;
  return {
    total,
    good: sums.good,
    bad: total - sums.good,
    meeting_duration: sums.seconds,
    meeting_cost_total: sums.cost,
    ave_cost_per_meeting: total ? ratio(sums.cost, total, 0) : 0,
    annual_salary: options.annualSalary,
    work_hours: work,
    work_hours_spent: {
      spent_hours: hours2(spent),
      percent_of_time: work ? ratio(spent * 100, work * 3600) : 0,
    },
    members,
    spans_days: spanDays(options.range),
  };
}

/** Time and money spent in meetings over a span, costed with the given salary (the team's average or the user's). */
export function reportDurationAndCosts(
  rows: readonly ReportMeetingRow[],
  options: { annualSalary: number; range: DateRange; members?: number | null },
): DurationAndCostsReport {
  const prepared = reportableRows(rows);
  let memberSeconds = 0;
  for (const row of rows) {
    if (row && isReportable(row)) memberSeconds += Math.round((toMs(row.endsAt) - toMs(row.startsAt)) / 1000);
  }
  let good = 0;
  let seconds = 0;
  let cost = 0;
  for (const r of prepared) {
    if (isGoodScore(r.score)) good++;
    seconds += r.durationSeconds;
    cost += meetingCost({
      durationSeconds: r.durationSeconds,
      attendeesCount: r.row.attendeesCount,
      annualSalary: options.annualSalary,
    });
  }
  return durationAndCostsFromSums({ meetings: prepared.length, good, seconds, cost, memberSeconds }, options);
}
