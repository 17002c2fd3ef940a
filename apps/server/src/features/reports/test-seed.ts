/**
 * Test data for the report tests: meetings written straight into the database (one calendar per user), and the
 * same meetings as packages/domain's report rows, so both computations can be compared.
 */
import {
  localDateString,
  type ReportActionRow,
  type ReportMeetingRow,
  teamReportRows,
} from '@meetwell/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { actions, calendars, meetings, type users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
type MeetingInsert = typeof meetings.$inferInsert;

export type SeedMeeting = Partial<MeetingInsert> & {
  startsAt: Date;
  endsAt: Date;
  /** focus_block_conflict / last_minute_schedule results (true: the rule failed). */
  focusConflict?: boolean;
  scheduledLate?: boolean;
};

const calendarOf = new Map<string, string>();

async function calendarFor(ctx: AppContext, user: UserRow) {
  const known = calendarOf.get(user.id);
  if (known) return known;
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId: user.id, provider: 'ics', externalId: 'test', name: 'Test', watching: true })
    .returning();
  calendarOf.set(user.id, calendar!.id);
  return calendar!.id;
}

let sequence = 0;

/** Inserts one meeting in the user's calendar (as a sync would have stored and scored it). */
export async function seedMeeting(ctx: AppContext, user: UserRow, m: SeedMeeting) {
  sequence += 1;
  const calendarId = await calendarFor(ctx, user);
  const { focusConflict, scheduledLate, ...row } = m;
  const score = row.score === undefined ? 80 : row.score;
  const results: Record<string, { score: number; weight: number; points: number; letter_grade: string }> = {};
  if (focusConflict !== undefined) {
    results.focus_block_conflict = {
      score: focusConflict ? 0 : 100,
      weight: 20,
      points: focusConflict ? 0 : 20,
      letter_grade: focusConflict ? 'F' : 'A+',
    };
  }
  if (scheduledLate !== undefined) {
    results.last_minute_schedule = {
      score: scheduledLate ? 0 : 100,
      weight: 15,
      points: scheduledLate ? 0 : 15,
      letter_grade: scheduledLate ? 'F' : 'A+',
    };
  }
  const [inserted] = await ctx.db
    .insert(meetings)
    .values({
      userId: user.id,
      companyId: user.companyId,
      calendarId,
      providerEventId: `p${sequence}`,
      eventKey: row.eventKey ?? `event-${sequence}`,
      organizerEmail: user.email,
      attendeesCount: 3,
      responseStatus: 'accepted',
      durationSeconds: Math.round((m.endsAt.getTime() - m.startsAt.getTime()) / 1000),
      evaluation:
        score === null ? null : { results, details_positive: [], details_negative: [], details_maybe: [] },
      ...row,
      score,
    })
    .returning();
  return inserted!;
}

export async function seedAction(
  ctx: AppContext,
  user: UserRow,
  meetingId: string,
  values: { organizerEmail: string; performedAt: Date; status?: 'done' | 'scheduled'; action?: string },
) {
  const [row] = await ctx.db
    .insert(actions)
    .values({
      userId: user.id,
      meetingId,
      action: values.action ?? 'remind',
      status: values.status ?? 'done',
      organizerEmail: values.organizerEmail,
      performedAt: values.performedAt,
    })
    .returning();
  return row!;
}

/**
 * The meetings of a scope as domain report rows, the way the report API selects them: not cancelled or
 * deleted, starting on a local day of [start, end] in the zone, filtered by the user's response status.
 * Organizers who are members of the row owner's company carry their profile name and image.
 */
export async function domainRows(
  ctx: AppContext,
  params: {
    scope: { userId: string } | { companyId: string };
    zone: string;
    start: string;
    end: string;
    statuses?: string[] | null;
  },
): Promise<ReportMeetingRow[]> {
  // A team's rows: every stored copy, then the domain keeps those of its current members (teamReportRows).
  const owner = 'userId' in params.scope ? sql`m.user_id = ${params.scope.userId}` : sql`true`;
  const result = await ctx.db.execute<Record<string, unknown>>(sql`
    select m.*, u.email as owner_email,
           o.first_name as o_first, o.last_name as o_last, o.profile_image as o_image
    from meetings m
    join users u on u.id = m.user_id
    left join users o on lower(o.email) = lower(btrim(m.organizer_email)) and o.company_id = u.company_id
    where ${owner} and m.status not in ('cancelled', 'deleted')`);
  const rows: (ReportMeetingRow & { userId: string })[] = [];
  for (const r of result.rows) {
    const startsAt = new Date(r.starts_at as string);
    const day = localDateString(startsAt, params.zone);
    if (day < params.start || day > params.end) continue;
    if (params.statuses && !params.statuses.includes((r.response_status as string | null) ?? 'needsAction'))
      continue;
    const results = ((r.evaluation as { results?: Record<string, { score: number }> } | null)?.results ??
      {}) as Record<string, { score: number }>;
    const memberName = [r.o_first, r.o_last].filter(Boolean).join(' ').trim();
    rows.push({
      userId: r.user_id as string,
      eventId: r.event_key as string,
      meetingId: r.id as string,
      isOrganizer:
        String(r.organizer_email ?? '')
          .trim()
          .toLowerCase() === String(r.owner_email).toLowerCase(),
      startsAt,
      endsAt: new Date(r.ends_at as string),
      allDay: r.all_day as boolean,
      score: r.score as number | null,
      attendeesCount: r.attendees_count as number,
      organizerEmail: r.organizer_email as string | null,
      organizerName: memberName || (r.organizer_name as string | null),
      organizerProfileImage: (r.o_image as string | null) ?? null,
      intention: r.intention as string | null,
      recurring: r.recurring_meeting as boolean,
      focusBlockConflict: results.focus_block_conflict ? results.focus_block_conflict.score === 0 : null,
      scheduledLate: results.last_minute_schedule ? results.last_minute_schedule.score === 0 : null,
      compliant: r.compliant as boolean | null,
    });
  }
  if ('userId' in params.scope) return rows;
  const members = await ctx.db.execute<{ user_id: string; since: string }>(sql`
    select user_id, floor(extract(epoch from created_at) * 1000)::bigint::text as since
    from memberships where company_id = ${params.scope.companyId}`);
  return teamReportRows(
    rows,
    members.rows.map((m) => ({ userId: m.user_id, memberSince: Number(m.since) })),
  );
}

/** Done past actions of the scope's users performed on a local day of [start, end], as domain action rows. */
export async function domainActions(
  ctx: AppContext,
  params: { userIds: string[]; zone: string; start: string; end: string },
): Promise<ReportActionRow[]> {
  const rows = await ctx.db.select().from(actions).where(eq(actions.status, 'done'));
  return rows
    .filter((a) => params.userIds.includes(a.userId) && a.performedAt)
    .filter((a) => {
      const day = localDateString(a.performedAt!, params.zone);
      return day >= params.start && day <= params.end;
    })
    .map((a) => ({
      id: a.id,
      action: a.action,
      performedAt: a.performedAt!,
      organizerEmail: a.organizerEmail,
    }));
}
