/**
 * Report math (docs/spec/stats-team-billing-public.md §3, report kinds). Every function takes plain rows, keeps the
 * reportable ones (scored, not all day), counts each event once, and returns the API's attribute names.
 *
 * Rounding, so SQL can match: averages and percentages are round(x, 2) computed from integer sums
 * (half away from zero), the average score of `reportAverages` is a whole number, costs are whole dollars
 * per meeting then summed.
 */

import { personColor } from '../constants/colors';
import { intentionLabel } from '../constants/intentions';
import { meetingCost } from '../cost/cost';
import {
  isGoodScore,
  type LetterGrade,
  letterGrade,
  type QualityLabel,
  qualityLabel,
} from '../evaluation/grades';
import { type DateRange, spanDays } from '../formats/date-range';
import { formatNumber, formatPercent } from '../formats/number';
import { workHours } from '../formats/work-hours';
import { DAY_MS, epochDayToIsoDate, MINUTE_MS, toMs } from '../lib/time';
import { isValidTimeZone, utcToWall } from '../lib/tz';
import { normalizeEmail } from '../validation/email';
import {
  isReportable,
  type PreparedRow,
  type ReportActionRow,
  type ReportMeetingRow,
  ratio,
  reportableRows,
} from './rows';

const hours2 = (seconds: number): number => ratio(seconds, 3600);

function localDay(ms: number, timeZone: string | null | undefined): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  return epochDayToIsoDate(Math.floor(utcToWall(zone, ms) / DAY_MS));
}

// ---------------------------------------------------------------------------------------------------------

export interface AveragesReport {
  /** Mean score, rounded to a whole number; null with no meetings. */
  average: number | null;
  /** Mean score, 2 decimals. */
  average_exact: number | null;
  quality_label: QualityLabel | null;
  letter_grade: LetterGrade | null;
  /** Meetings scoring 80 or more (success tier). */
  good: number;
  /** The others. */
  bad: number;
  total: number;
}

/** Sums of a set of reportable meetings, as SQL aggregates give them. */
export interface AverageSums {
  meetings: number;
  scoreSum: number;
  /** Meetings scoring GOOD_SCORE_THRESHOLD or more. */
  good: number;
}

/** reportAverages from sums (the same figures SQL aggregates give). */
export function averagesFromSums(sums: AverageSums): AveragesReport {
  const total = sums.meetings;
  if (total === 0) {
    return {
      average: null,
      average_exact: null,
      quality_label: null,
      letter_grade: null,
      good: 0,
      bad: 0,
      total: 0,
    };
  }
  const average = ratio(sums.scoreSum, total, 0);
  return {
    average,
    average_exact: ratio(sums.scoreSum, total),
    quality_label: qualityLabel(average),
    letter_grade: letterGrade(average),
    good: sums.good,
    bad: total - sums.good,
    total,
  };
}

/** Average score with its quality label, and good (score ≥ 80) and bad (below) counts. */
export function reportAverages(rows: readonly ReportMeetingRow[]): AveragesReport {
  const prepared = reportableRows(rows);
  let scoreSum = 0;
  let good = 0;
  for (const r of prepared) {
    scoreSum += r.score;
    if (isGoodScore(r.score)) good++;
  }
  return averagesFromSums({ meetings: prepared.length, scoreSum, good });
}

export interface TotalsReport {
  total: number;
  good: number;
  bad: number;
  duration_seconds: number;
}

/** Counts and total duration. */
export function reportTotals(rows: readonly ReportMeetingRow[]): TotalsReport {
  const prepared = reportableRows(rows);
  let good = 0;
  let seconds = 0;
  for (const r of prepared) {
    if (isGoodScore(r.score)) good++;
    seconds += r.durationSeconds;
  }
  return { total: prepared.length, good, bad: prepared.length - good, duration_seconds: seconds };
}

// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------

export interface OrganizerDetail {
  email: string;
  name: string | null;
  profile_image: string | null;
  good_hours: number;
  bad_hours: number;
  total_hours: number;
  count: number;
  cost: number;
  /** Share of the meetings (count), 2 decimals. */
  percent: number;
  past_actions: number;
}

export interface BreakdownDetail {
  count: number;
  hours: number;
  cost: number;
  /** Share of the meetings (count), 2 decimals. */
  percent: number;
}

export interface DurationAndCostDetailsReport {
  /** Sorted by count, descending (then email). */
  organizers: OrganizerDetail[];
  /** Recurring and single meetings. */
  categories: (BreakdownDetail & { category: 'recurring' | 'single' })[];
  /** By intention ('none' for meetings without one), sorted by count descending. */
  intentions: (BreakdownDetail & { intention: string; label: string })[];
}

/** One group of meetings (an organizer, a category, an intention) as sums: SQL's GROUP BY gives them. */
export interface GroupSums {
  key: string;
  meetings: number;
  /** Σ duration in whole seconds. */
  seconds: number;
  /** Σ duration of the good meetings (score ≥ GOOD_SCORE_THRESHOLD). */
  goodSeconds: number;
  /** Σ meetingCost. */
  cost: number;
  /** Organizers only. */
  name?: string | null;
  profileImage?: string | null;
}

function byCount<T extends { count: number }>(key: (x: T) => string) {
  return (a: T, b: T) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** Past actions counted per organizer (normalised email). */
export function countByOrganizer(actions: readonly ReportActionRow[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of actions ?? []) {
    const email = normalizeEmail(a?.organizerEmail);
    counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}

/**
 * reportDurationAndCostDetails from group sums: every meeting is in exactly one organizer, one category
 * ('recurring' | 'single') and one intention group ('none' without one).
 */
export function durationAndCostDetailsFromGroups(
  groups: {
    organizers: readonly GroupSums[];
    categories: readonly GroupSums[];
    intentions: readonly GroupSums[];
  },
  options: { pastActionsByOrganizer?: ReadonlyMap<string, number> } = {},
): DurationAndCostDetailsReport {
  let total = 0;
  for (const g of groups.categories) total += g.meetings;
  const detail = (g: GroupSums): BreakdownDetail => ({
    count: g.meetings,
    hours: hours2(g.seconds),
    cost: g.cost,
    percent: ratio(g.meetings * 100, total),
  });
  const categories = new Map(groups.categories.map((g) => [g.key, g]));
  return {
    organizers: groups.organizers
      .map((g) => ({
        email: g.key,
        name: g.name ?? null,
        profile_image: g.profileImage ?? null,
        good_hours: hours2(g.goodSeconds),
        bad_hours: hours2(g.seconds - g.goodSeconds),
        total_hours: hours2(g.seconds),
        count: g.meetings,
        cost: g.cost,
        percent: ratio(g.meetings * 100, total),
        past_actions: options.pastActionsByOrganizer?.get(g.key) ?? 0,
      }))
      .sort(byCount((o) => o.email)),
    categories: (['recurring', 'single'] as const)
      .filter((c) => categories.has(c))
      .map((category) => ({ category, ...detail(categories.get(category) as GroupSums) })),
    intentions: groups.intentions
      .map((g) => ({ intention: g.key, label: intentionLabel(g.key) ?? 'None', ...detail(g) }))
      .sort(byCount((i) => i.intention)),
  };
}

function addTo(
  map: Map<string, GroupSums>,
  key: string,
  seconds: number,
  good: boolean,
  cost: number,
): GroupSums {
  let acc = map.get(key);
  if (!acc) {
    acc = { key, meetings: 0, seconds: 0, goodSeconds: 0, cost: 0 };
    map.set(key, acc);
  }
  acc.meetings++;
  acc.seconds += seconds;
  if (good) acc.goodSeconds += seconds;
  acc.cost += cost;
  return acc;
}

/** Per organizer, per category (recurring or not) and per intention: hours, counts, costs and shares. */
export function reportDurationAndCostDetails(
  rows: readonly ReportMeetingRow[],
  options: { annualSalary: number; pastActions?: readonly ReportActionRow[] },
): DurationAndCostDetailsReport {
  const organizers = new Map<string, GroupSums>();
  const categories = new Map<string, GroupSums>();
  const intentions = new Map<string, GroupSums>();
  for (const r of reportableRows(rows)) {
    const cost = meetingCost({
      durationSeconds: r.durationSeconds,
      attendeesCount: r.row.attendeesCount,
      annualSalary: options.annualSalary,
    });
    const good = isGoodScore(r.score);
    const email = normalizeEmail(r.row.organizerEmail);
    const isNew = !organizers.has(email);
    const organizer = addTo(organizers, email, r.durationSeconds, good, cost);
    if (isNew || (!organizer.name && r.row.organizerName)) {
      organizer.name = r.row.organizerName ?? null;
      organizer.profileImage = r.row.organizerProfileImage ?? null;
    }
    addTo(categories, r.row.recurring ? 'recurring' : 'single', r.durationSeconds, good, cost);
    addTo(intentions, r.row.intention || 'none', r.durationSeconds, good, cost);
  }
  return durationAndCostDetailsFromGroups(
    {
      organizers: [...organizers.values()],
      categories: [...categories.values()],
      intentions: [...intentions.values()],
    },
    { pastActionsByOrganizer: countByOrganizer(options.pastActions) },
  );
}

// ---------------------------------------------------------------------------------------------------------

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

export interface CompliantMeetingsReport {
  compliant: number;
  non_compliant: number;
  total: number;
  /** compliant / (compliant + non_compliant) × 100, 2 decimals. */
  percent: number;
}

export function reportCompliantMeetings(rows: readonly ReportMeetingRow[]): CompliantMeetingsReport {
  const prepared = reportableRows(rows);
  let compliant = 0;
  let nonCompliant = 0;
  for (const r of prepared) {
    if (r.row.compliant === true) compliant++;
    else if (r.row.compliant === false) nonCompliant++;
  }
  return compliantMeetingsFromSums({ compliant, nonCompliant, meetings: prepared.length });
}

export function compliantMeetingsFromSums(sums: {
  compliant: number;
  nonCompliant: number;
  meetings: number;
}): CompliantMeetingsReport {
  const known = sums.compliant + sums.nonCompliant;
  return {
    compliant: sums.compliant,
    non_compliant: sums.nonCompliant,
    total: sums.meetings,
    percent: known ? ratio(sums.compliant * 100, known) : 0,
  };
}

/**
 * The Compliant meetings tile's line: the counts behind the percentage, and how many meetings of the span
 * carry no compliance check (auto-balance checks only meetings it may act on: those others organize, from the
 * day it is on), so the counts always add up to the meetings the other tiles count.
 */
export function complianceCountsText(report: CompliantMeetingsReport): string {
  const unchecked = Math.max(0, report.total - report.compliant - report.non_compliant);
  const counts = `${formatNumber(report.compliant, 0)} compliant · ${formatNumber(report.non_compliant, 0)} not`;
  return unchecked ? `${counts} · ${formatNumber(unchecked, 0)} not checked` : counts;
}

/** What the Compliant meetings figure says when no meeting of the span was checked: a share of nothing. */
export const COMPLIANCE_NOT_APPLICABLE = 'not applicable';

/**
 * The Compliant meetings figure: the share of checked meetings that comply ("66.7%"), or "not applicable" when
 * none was checked ("0 compliant · 0 not · 14 not checked" is no evidence of 0 %).
 */
export function compliancePercentText(report: CompliantMeetingsReport, decimals = 1): string {
  return report.compliant + report.non_compliant > 0
    ? formatPercent(report.percent, decimals)
    : COMPLIANCE_NOT_APPLICABLE;
}

// ---------------------------------------------------------------------------------------------------------

export interface OrganizerDayAverage {
  organizer_email: string;
  day: string;
  /** 2 decimals. */
  average: number;
  count: number;
}

export interface LeaderboardRow {
  organizer_email: string;
  name: string | null;
  profile_image: string | null;
  average: number;
  count: number;
  /** Past actions (reminders and declines) sent to this organizer. */
  nudges: number;
  color: string;
}

export interface AverageScoresByReport {
  /** Sorted by day, then organizer. */
  rows: OrganizerDayAverage[];
  /** Sorted by average descending (then count descending, then email). */
  leaderboard: LeaderboardRow[];
}

/** One organizer's score sums, on one day (dayRows) or over the span (organizers). */
export interface OrganizerScoreSums {
  email: string;
  /** 'YYYY-MM-DD' (dayRows only). */
  day?: string;
  scoreSum: number;
  meetings: number;
  name?: string | null;
  profileImage?: string | null;
}

/** reportAverageScoresBy from sums per organizer per day and per organizer, with nudges per organizer. */
export function averageScoresByFromSums(sums: {
  dayRows: readonly OrganizerScoreSums[];
  organizers: readonly OrganizerScoreSums[];
  nudgesByOrganizer?: ReadonlyMap<string, number>;
}): AverageScoresByReport {
  const dayRows = sums.dayRows
    .map((d) => ({
      organizer_email: d.email,
      day: d.day ?? '',
      average: ratio(d.scoreSum, d.meetings),
      count: d.meetings,
    }))
    .sort((a, b) =>
      a.day < b.day ? -1 : a.day > b.day ? 1 : a.organizer_email < b.organizer_email ? -1 : 1,
    );
  const leaderboard = sums.organizers
    .map((o) => ({
      organizer_email: o.email,
      name: o.name ?? null,
      profile_image: o.profileImage ?? null,
      average: ratio(o.scoreSum, o.meetings),
      count: o.meetings,
      nudges: sums.nudgesByOrganizer?.get(o.email) ?? 0,
      color: '',
    }))
    .sort(
      (a, b) =>
        b.average - a.average ||
        b.count - a.count ||
        (a.organizer_email < b.organizer_email ? -1 : a.organizer_email > b.organizer_email ? 1 : 0),
    )
    .map((row) => ({ ...row, color: personColor(row.organizer_email) }));
  return { rows: dayRows, leaderboard };
}

/** Average score per organizer per local day, and the organizers' leaderboard. */
export function reportAverageScoresBy(
  rows: readonly ReportMeetingRow[],
  options: { timeZone?: string | null; pastActions?: readonly ReportActionRow[] } = {},
): AverageScoresByReport {
  const perDay = new Map<string, OrganizerScoreSums>();
  const perOrganizer = new Map<string, OrganizerScoreSums>();
  for (const r of reportableRows(rows)) {
    const email = normalizeEmail(r.row.organizerEmail);
    const day = localDay(r.start, options.timeZone);
    const key = `${day}\u0001${email}`;
    const d = perDay.get(key) ?? { email, day, scoreSum: 0, meetings: 0 };
    d.scoreSum += r.score;
    d.meetings++;
    perDay.set(key, d);
    const o = perOrganizer.get(email) ?? { email, scoreSum: 0, meetings: 0, name: null, profileImage: null };
    o.scoreSum += r.score;
    o.meetings++;
    o.name ??= r.row.organizerName ?? null;
    o.profileImage ??= r.row.organizerProfileImage ?? null;
    perOrganizer.set(email, o);
  }
  return averageScoresByFromSums({
    dayRows: [...perDay.values()],
    organizers: [...perOrganizer.values()],
    nudgesByOrganizer: countByOrganizer(options.pastActions),
  });
}

export interface ActionsPerDay {
  day: string;
  count: number;
}

/** Past actions per local day, sorted by day (rows with the same id counted once). */
export function reportPastActionsBy(
  actions: readonly ReportActionRow[],
  options: { timeZone?: string | null } = {},
): ActionsPerDay[] {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  for (const a of actions) {
    if (!a) continue;
    if (a.id) {
      if (seen.has(a.id)) continue;
      seen.add(a.id);
    }
    const ms = toMs(a.performedAt);
    if (!Number.isFinite(ms)) continue;
    const day = localDay(ms, options.timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return pastActionsFromDayCounts([...counts.entries()].map(([day, count]) => ({ day, count })));
}

/** reportPastActionsBy from counts per day: days without actions left out, sorted by day. */
export function pastActionsFromDayCounts(counts: readonly ActionsPerDay[]): ActionsPerDay[] {
  return counts
    .filter((c) => c.count > 0)
    .map((c) => ({ day: c.day, count: c.count }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Team view: how many members can be evaluated (have a watched calendar) out of all. */
export function reportUserCounts(users: readonly { evaluatable: boolean }[]): {
  evaluatable_users: number;
  total_users: number;
} {
  let evaluatable = 0;
  for (const u of users) if (u?.evaluatable) evaluatable++;
  return { evaluatable_users: evaluatable, total_users: users.length };
}
