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

type OtherMeetingRecord = {
  user_id: string;
  id: string;
  event_key: string;
  summary: string;
  starts_at: Date | string;
  ends_at: Date | string;
  all_day: boolean;
  status: OtherMeetingRow['status'];
  response_status: string | null;
  organizer_email: string | null;
  skip_evaluation: boolean;
  attendees_count: number;
  maybe_wellness_block: OtherMeetingRow['maybeWellnessBlock'];
  wellness_block_id: string | null;
};

/**
 * loadOtherMeetingRows for several users at once, in one statement: a team's period reads the meetings around
 * a few of each of hundreds of members' meetings, which one round trip per member made seconds of waiting.
 * Each span is one (user_id, starts_at) index range scan, as for one user; a meeting that overlaps two spans of
 * its user comes once.
 */
export async function loadOtherMeetingRowsOf(
  db: Pick<Database, 'execute'>,
  spansByUser: ReadonlyMap<string, Span[]>,
): Promise<Map<string, OtherMeetingRow[]>> {
  const users: string[] = [];
  const starts: string[] = [];
  const ends: string[] = [];
  for (const [userId, spans] of spansByUser)
    for (const span of spans) {
      users.push(userId);
      starts.push(new Date(span.from).toISOString());
      ends.push(new Date(span.to).toISOString());
    }
  const byUser = new Map<string, OtherMeetingRow[]>([...spansByUser.keys()].map((id) => [id, []]));
  if (users.length === 0) return byUser;
  const { rows } = await db.execute<OtherMeetingRecord>(sql`
    select n.user_id, n.id, n.event_key, n.summary, n.starts_at, n.ends_at, n.all_day, n.status, n.response_status,
           n.organizer_email, n.skip_evaluation, n.attendees_count, n.maybe_wellness_block, n.wellness_block_id
    from unnest(${sql.param(users)}::uuid[], ${sql.param(starts)}::timestamptz[], ${sql.param(ends)}::timestamptz[])
      as r(u, f, t)
    cross join lateral (
      select m.user_id, m.id, m.event_key, m.summary, m.starts_at, m.ends_at, m.all_day, m.status, m.response_status,
             m.organizer_email, m.skip_evaluation, m.attendees_count, m.maybe_wellness_block, m.wellness_block_id
      from meetings m where m.user_id = r.u
        and m.starts_at >= r.f - interval '12 hours' and m.starts_at < r.t and m.ends_at > r.f
        and m.status <> 'deleted' and ${inWatchedCalendar(sql`m`)}
      offset 0
    ) as n`);
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    byUser.get(r.user_id)?.push({
      id: r.id,
      eventKey: r.event_key,
      summary: r.summary,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      allDay: r.all_day,
      status: r.status,
      responseStatus: r.response_status,
      organizerEmail: r.organizer_email,
      skipEvaluation: r.skip_evaluation,
      attendeesCount: r.attendees_count,
      maybeWellnessBlock: r.maybe_wellness_block,
      wellnessBlockId: r.wellness_block_id,
    });
  }
  return byUser;
}

/**
 * The one builder of the conflict rule's "other meeting" on the server (re-evaluation, a first import's scoring
 * and auto-balance all use it): the domain's otherMeetingInput, which compares the organizer's address with the
 * user's trimmed and case-insensitively.
 */
export function toOtherMeeting(m: StoredMeetingForConflicts, userEmail: string): OtherMeetingInput {
  return otherMeetingInput(m, userEmail);
}
