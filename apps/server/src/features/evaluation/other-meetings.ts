import { type OtherMeetingInput, otherMeetingInput, type StoredMeetingForConflicts } from '@meetwell/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { meetings } from '../../db/schema';
import type { Span } from './spans';

/**
 * The meeting (SQL alias) belongs to a calendar that is balanced: meetings of a calendar switched off stay
 * stored (with what the person added) but take part in nothing until it is switched on again.
 */
export const inWatchedCalendar = (alias: SQL) =>
  sql`exists (select 1 from calendars wc where wc.id = ${alias}.calendar_id and wc.watching)`;

/** Meetings of the user overlapping any of the (sorted, disjoint) spans, in watched calendars. */
export function overlapping(userId: string, spans: Span[]) {
  const starts = sql.param(spans.map((s) => new Date(s.from).toISOString()));
  const ends = sql.param(spans.map((s) => new Date(s.to).toISOString()));
  // LATERAL keeps one (user_id, starts_at) index range scan per span whatever the (often stale, right after a
  // bulk import) statistics say (OFFSET 0 stops the planner from flattening it into a plain join, which may
  // scan all the user's meetings once per span).
  return sql`${meetings.id} in (
    select near.id from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as r(f, t)
    cross join lateral (
      select n.id from meetings n where n.user_id = ${userId}
        and n.starts_at >= r.f - interval '12 hours' and n.starts_at < r.t and n.ends_at > r.f
        and ${inWatchedCalendar(sql`n`)}
      offset 0
    ) as near)`;
}

/** What the conflict rule reads of a stored meeting (and the span it covers). */
const OTHER_MEETING_COLUMNS = {
  id: meetings.id,
  eventKey: meetings.eventKey,
  summary: meetings.summary,
  startsAt: meetings.startsAt,
  endsAt: meetings.endsAt,
  allDay: meetings.allDay,
  status: meetings.status,
  responseStatus: meetings.responseStatus,
  organizerEmail: meetings.organizerEmail,
  skipEvaluation: meetings.skipEvaluation,
  attendeesCount: meetings.attendeesCount,
  maybeWellnessBlock: meetings.maybeWellnessBlock,
  wellnessBlockId: meetings.wellnessBlockId,
};

/** The user's meetings overlapping the spans (not deleted, in watched calendars), as the conflict rule reads them. */
export function loadOtherMeetingRows(db: Pick<Database, 'select'>, userId: string, spans: Span[]) {
  return db
    .select(OTHER_MEETING_COLUMNS)
    .from(meetings)
    .where(and(eq(meetings.userId, userId), ne(meetings.status, 'deleted'), overlapping(userId, spans)));
}
export type OtherMeetingRow = Awaited<ReturnType<typeof loadOtherMeetingRows>>[number];

/**
 * The one builder of the conflict rule's "other meeting" on the server (re-evaluation, a first import's scoring
 * and auto-balance all use it): the domain's otherMeetingInput, which compares the organizer's address with the
 * user's trimmed and case-insensitively.
 */
export function toOtherMeeting(m: StoredMeetingForConflicts, userEmail: string): OtherMeetingInput {
  return otherMeetingInput(m, userEmail);
}
