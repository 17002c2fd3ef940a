/** Reads of the built roll-ups and of past actions: sums the domain's report functions finish. */
import type { GroupSums, OrganizerScoreSums } from '@meetwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { QueryResultRow } from 'pg';
import type { Database } from '../../db/client';
import { queryNamed } from '../../db/named';
import type { ReportScope } from './scope';

/** The hot reads of every report request run as named statements (planned once per connection). */
const namedQuery = async <T extends QueryResultRow>(db: Database, query: SQL) => ({
  rows: await queryNamed<T>(db, query),
});

export type DaySums = {
  meetings: number;
  scoreSum: number;
  good: number;
  seconds: number;
  cost: number;
  attendeesSum: number;
  focusConflicts: number;
  scheduledLate: number;
  compliant: number;
  nonCompliant: number;
  overtimeMeetings: number;
  overtimeMs: number;
  memberSeconds: number;
};

type Span = { start: string; end: string };
type RollupKey = { scopeId: string; filter: string };

const EMPTY: DaySums = {
  meetings: 0,
  scoreSum: 0,
  good: 0,
  seconds: 0,
  cost: 0,
  attendeesSum: 0,
  focusConflicts: 0,
  scheduledLate: 0,
  compliant: 0,
  nonCompliant: 0,
  overtimeMeetings: 0,
  overtimeMs: 0,
  memberSeconds: 0,
};

/** The day totals of a span, and of the span before it when asked (one scan of both). */
export async function readDaySums(
  db: Database,
  key: RollupKey,
  current: Span,
  previous: Span | null,
): Promise<{ current: DaySums; previous: DaySums | null }> {
  const from = previous?.start ?? current.start;
  const result = await namedQuery<DaySums & { is_current: boolean }>(
    db,
    sql`
    select day >= ${current.start}::date as is_current,
           coalesce(sum(meetings), 0)::bigint as "meetings",
           coalesce(sum(score_sum), 0)::bigint as "scoreSum",
           coalesce(sum(good), 0)::bigint as "good",
           coalesce(sum(seconds), 0)::bigint as "seconds",
           coalesce(sum(cost), 0)::bigint as "cost",
           coalesce(sum(attendees_sum), 0)::bigint as "attendeesSum",
           coalesce(sum(focus_conflicts), 0)::bigint as "focusConflicts",
           coalesce(sum(scheduled_late), 0)::bigint as "scheduledLate",
           coalesce(sum(compliant), 0)::bigint as "compliant",
           coalesce(sum(non_compliant), 0)::bigint as "nonCompliant",
           coalesce(sum(overtime_meetings), 0)::bigint as "overtimeMeetings",
           coalesce(sum(overtime_ms), 0)::bigint as "overtimeMs",
           coalesce(sum(member_seconds), 0)::bigint as "memberSeconds"
    from report_days
    where scope_id = ${key.scopeId} and filter = ${key.filter}
      and day between ${from}::date and ${current.end}::date
    group by 1`,
  );
  const pick = (isCurrent: boolean) => {
    const row = result.rows.find((r) => r.is_current === isCurrent);
    if (!row) return { ...EMPTY };
    const { is_current: _, ...sums } = row;
    return sums;
  };
  return { current: pick(true), previous: previous ? pick(false) : null };
}

/** Group sums of one dimension over a span (organizers, intentions or categories). */
export async function readGroups(
  db: Database,
  key: RollupKey,
  dimension: 'organizer' | 'intention' | 'category',
  span: Span,
): Promise<(GroupSums & { scoreSum: number })[]> {
  const result = await namedQuery<GroupSums & { scoreSum: number } & Record<string, unknown>>(
    db,
    sql`
    select key as "key",
           sum(meetings)::bigint as "meetings",
           sum(score_sum)::bigint as "scoreSum",
           sum(seconds)::bigint as "seconds",
           sum(good_seconds)::bigint as "goodSeconds",
           sum(cost)::bigint as "cost",
           max(name) as "name",
           max(profile_image) as "profileImage"
    from report_day_groups
    where scope_id = ${key.scopeId} and filter = ${key.filter} and dimension = ${dimension}
      and day between ${span.start}::date and ${span.end}::date
    group by key`,
  );
  return result.rows;
}

/** Score sums per organizer per day, for the given organizers. */
export async function readOrganizerDays(
  db: Database,
  key: RollupKey,
  span: Span,
  organizers: readonly string[],
): Promise<OrganizerScoreSums[]> {
  if (organizers.length === 0) return [];
  const result = await namedQuery<OrganizerScoreSums & Record<string, unknown>>(
    db,
    sql`
    select key as "email", day::text as "day", sum(meetings)::bigint as "meetings", sum(score_sum)::bigint as "scoreSum"
    from report_day_groups
    where scope_id = ${key.scopeId} and filter = ${key.filter} and dimension = 'organizer'
      and day between ${span.start}::date and ${span.end}::date
      and key = any(${sql.param([...organizers])}::text[])
    group by key, day`,
  );
  return result.rows;
}

function actionUsers(scope: ReportScope): SQL {
  return scope.type === 'user'
    ? sql`a.user_id = ${scope.userId}`
    : sql`a.user_id in (select user_id from memberships where company_id = ${scope.companyId})`;
}

/** Past actions (status done) performed in the span's local days: per day, or per organizer (nudges). */
export async function readPastActions(
  db: Database,
  scope: ReportScope,
  span: Span,
  by: 'day' | 'organizer',
): Promise<{ key: string; count: number }[]> {
  const zone = scope.timeZone;
  const group =
    by === 'day'
      ? sql`(a.performed_at at time zone ${zone})::date::text`
      : sql`lower(btrim(coalesce(a.organizer_email, '')))`;
  const result = await namedQuery<{ key: string; count: number }>(
    db,
    sql`
    select ${group} as "key", count(*)::bigint as "count"
    from actions a
    where ${actionUsers(scope)}
      and a.status = 'done'
      and a.performed_at >= (${span.start}::date::timestamp at time zone ${zone})
      and a.performed_at < ((${span.end}::date + 1)::timestamp at time zone ${zone})
    group by 1`,
  );
  return result.rows;
}

/** Team members, and those with a watched calendar (evaluatable). */
export async function readUserCounts(db: Database, companyId: string) {
  const result = await namedQuery<{ evaluatable: number; total: number }>(
    db,
    sql`
    select count(*)::bigint as "total",
           count(*) filter (where exists (
             select 1 from calendars c where c.user_id = mb.user_id and c.watching
           ))::bigint as "evaluatable"
    from memberships mb
    where mb.company_id = ${companyId}`,
  );
  return result.rows[0] ?? { evaluatable: 0, total: 0 };
}

/** The scope's synced period: what its watched calendars cover (the team's: from the earliest to the latest). */
export async function readSyncedRange(db: Database, scope: ReportScope) {
  const owners =
    scope.type === 'user'
      ? sql`c.user_id = ${scope.userId}`
      : sql`c.user_id in (select user_id from memberships where company_id = ${scope.companyId})`;
  const result = await namedQuery<{
    synced_from: Date | null;
    synced_to: Date | null;
    syncing: boolean;
    calendars: number;
  }>(
    db,
    sql`
    select min(c.synced_from) as synced_from, max(c.synced_to) as synced_to,
           coalesce(bool_or(c.sync_status in ('queued', 'running')), false) as syncing,
           count(*)::int as calendars
    from calendars c
    where ${owners} and c.watching`,
  );
  const row = result.rows[0];
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  return {
    synced_from: iso(row?.synced_from),
    synced_to: iso(row?.synced_to),
    syncing: Boolean(row?.syncing),
    /** Calendars balanced (watched): none means there is nothing to sync, only one to connect. */
    calendars: Number(row?.calendars ?? 0),
  };
}
