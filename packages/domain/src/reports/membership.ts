/**
 * Who counts in a team's reports (docs/spec/stats-team-billing-public.md, "Who counts in team reports"):
 * the people who are members of the team now, in every period a report covers. Someone who leaves (or is
 * removed) takes their meetings out of every period of the team's reports; someone who joins brings theirs
 * into every period; a re-join brings them back. So the same meetings count the same way in any two periods.
 *
 * Each event counts once: the organizer's own copy when the organizer is a member, else the copy of the
 * member ranked first here (longest on the team, then the smallest user id). The rank depends on people,
 * never on when a copy was stored, so an event no member organizes is counted with the same member's copy
 * in every period.
 */
import { type TimeInput, toMs } from '../lib/time';
import type { ReportMeetingRow } from './rows';

export interface TeamMember {
  userId: string;
  /** When their current membership began (a re-join starts a new one). */
  memberSince: TimeInput;
}

/**
 * Each member's rank (0 first): earliest memberSince, compared to the millisecond, then the smallest user id
 * (lowercase uuid text sorts as PostgreSQL sorts uuids). SQL: order by date_trunc('milliseconds', created_at),
 * user_id.
 */
export function rankTeamMembers(members: readonly TeamMember[]): Map<string, number> {
  const sorted = [...members]
    .map((m) => ({ userId: m.userId.toLowerCase(), since: Math.floor(toMs(m.memberSince)) }))
    .sort((a, b) => a.since - b.since || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const ranks = new Map<string, number>();
  for (const m of sorted) if (!ranks.has(m.userId)) ranks.set(m.userId, ranks.size);
  return ranks;
}

/**
 * A team's report rows: the copies held by its current members, each with its member's rank (the other
 * rows, of people who are not members now, are left out), ready for the report functions.
 */
export function teamReportRows<R extends ReportMeetingRow & { userId: string }>(
  rows: readonly R[],
  members: readonly TeamMember[],
): R[] {
  const ranks = rankTeamMembers(members);
  const kept: R[] = [];
  for (const row of rows) {
    const rank = ranks.get(row.userId.toLowerCase());
    if (rank !== undefined) kept.push({ ...row, memberRank: rank });
  }
  return kept;
}

/** How much of a report's days are built: a cold read answers with what is ready and says so. */
export interface ReportProgress {
  ready_days: number;
  total_days: number;
  /** Whole percent, never 100 while a day is missing. */
  percent: number;
}

/** The progress of a report whose days are not all built yet, or null when they are. */
export function reportProgress(readyDays: number, totalDays: number): ReportProgress | null {
  const total = Math.max(0, Math.floor(totalDays));
  const ready = Math.min(total, Math.max(0, Math.floor(readyDays)));
  if (ready >= total) return null;
  return { ready_days: ready, total_days: total, percent: Math.min(99, Math.floor((ready * 100) / total)) };
}
