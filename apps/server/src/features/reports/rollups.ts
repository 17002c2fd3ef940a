/**
 * Daily report roll-ups. A scope (a user, or a company with each event counted once) gets one row per local
 * day and status filter in report_days, and the same day split by organizer, intention and category in
 * report_day_groups. Days are built on first read, in SQL from the meetings, and dropped when meetings of the
 * scope change (invalidateReports, called after every re-evaluation) or when the scope's zone or salary
 * changes. Reports then sum a few hundred rows instead of reading a year of meetings.
 *
 * What a day holds follows packages/domain's report rows: scored meetings that are not all day (flag or
 * ALL_DAY_HOURS or more), not cancelled or deleted, that start on that local day; one row per event_key (the
 * organizer's own row first, then the smallest meeting id); costs per meeting in whole dollars.
 */
import {
  ALL_DAY_HOURS,
  GOOD_SCORE_THRESHOLD,
  MINUTE_MS,
  OVERTIME_WORKDAY,
  WORK_HOURS_PER_YEAR,
} from '@meetwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryNamed } from '../../db/named';
import { AppError } from '../../http/errors';
import type { StatusFilter } from './params';
import type { ReportScope } from './scope';

/** Advisory-lock namespace: builds and invalidations of one scope never interleave. */
const LOCK_NAMESPACE = 727_010;
/** Days built per statement (bounds the sort of one DISTINCT ON). */
const BUILD_CHUNK_DAYS = 31;
const DAY_MS = 86_400_000;

type Executor = Pick<Database, 'execute'>;

const lockScope = (db: Executor, scopeId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${scopeId}))`);

/** The roll-up scope row of a report scope; a new zone or salary drops its days (they are rebuilt on read). */
export async function prepareScope(db: Database, scope: ReportScope): Promise<string> {
  const owner = scope.type === 'user' ? sql`user_id` : sql`company_id`;
  const ownerId = scope.type === 'user' ? scope.userId : scope.companyId;
  const [found] = await queryNamed<{ id: string; time_zone: string; annual_salary: number }>(
    db,
    sql`select id, time_zone, annual_salary from report_scopes where ${owner} = ${ownerId}`,
  );
  let row = found;
  if (!row) {
    const inserted = await db.execute<{ id: string; time_zone: string; annual_salary: number }>(sql`
      insert into report_scopes (${owner}, time_zone, annual_salary)
      values (${ownerId}, ${scope.timeZone}, ${scope.annualSalary})
      on conflict do nothing
      returning id, time_zone, annual_salary`);
    row =
      inserted.rows[0] ??
      (
        await db.execute<{ id: string; time_zone: string; annual_salary: number }>(sql`
          select id, time_zone, annual_salary from report_scopes where ${owner} = ${ownerId}`)
      ).rows[0];
  }
  if (!row) throw new Error('report scope could not be created');
  if (row.time_zone !== scope.timeZone || row.annual_salary !== scope.annualSalary) {
    const scopeId = row.id;
    await db.transaction(async (tx) => {
      await lockScope(tx, scopeId);
      await tx.execute(sql`delete from report_day_groups where scope_id = ${scopeId}`);
      await tx.execute(sql`delete from report_days where scope_id = ${scopeId}`);
      await tx.execute(sql`
        update report_scopes set time_zone = ${scope.timeZone}, annual_salary = ${scope.annualSalary}, updated_at = now()
        where id = ${scopeId}`);
    });
  }
  return row.id;
}

const missingDaysQuery = (scopeId: string, filter: string, from: string, to: string) => sql`
    select d::date::text as day
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    where not exists (
      select 1 from report_days r where r.scope_id = ${scopeId} and r.filter = ${filter} and r.day = d::date
    )
    order by 1`;

/** The days of [from, to] not built yet, read inside the build's transaction. */
async function missingDays(db: Executor, scopeId: string, filter: string, from: string, to: string) {
  const result = await db.execute<{ day: string }>(missingDaysQuery(scopeId, filter, from, to));
  return result.rows.map((r) => r.day);
}

/** Sorted days → runs of at most BUILD_CHUNK_DAYS calendar days. */
function chunkDays(days: string[]): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let first = 0;
  for (const day of days) {
    const t = Date.parse(`${day}T00:00:00Z`);
    if (current.length && t - first >= BUILD_CHUNK_DAYS * DAY_MS) {
      chunks.push(current);
      current = [];
    }
    if (!current.length) first = t;
    current.push(day);
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** How long a read waits for another build of the same scope before it answers 503 (try again). */
const BUILD_WAIT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds every missing day of [from, to] for the scope and filter (under the scope's lock). When another
 * request or the warm-up job is building the same scope, it waits WITHOUT holding a connection: the lock is
 * only tried, the transaction given back, and tried again a little later (or the days are found built).
 */
export async function ensureDays(
  db: Database,
  params: { scopeId: string; scope: ReportScope; filter: StatusFilter; from: string; to: string },
) {
  const { scopeId, filter } = params;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    // Every read asks this first (the days are usually built): a named statement, planned once per connection.
    if ((await queryNamed(db, missingDaysQuery(scopeId, filter.key, params.from, params.to))).length === 0)
      return;
    const built = await db.transaction(async (tx) => {
      if (!(await tryLockScope(tx, scopeId))) return false;
      const missing = await missingDays(tx, scopeId, filter.key, params.from, params.to);
      // Each chunk sorts its meetings once (DISTINCT ON): in memory, not on disk.
      if (missing.length) await tx.execute(sql`set local work_mem = '64MB'`);
      for (const days of chunkDays(missing)) await buildDays(tx, { ...params, days });
      return true;
    });
    if (built) return;
    if (Date.now() - started > BUILD_WAIT_MS) {
      throw new AppError('unavailable', 'This report is being prepared. Please try again in a moment.', {
        headers: { 'retry-after': '5' },
      });
    }
    await sleep(Math.min(500, 25 * 2 ** attempt));
  }
}

async function tryLockScope(db: Executor, scopeId: string): Promise<boolean> {
  const result = await db.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${scopeId})) as locked`,
  );
  return result.rows[0]?.locked === true;
}

/** The filters a scope's days were built for (the ones people read), 'all' always among them. */
export async function builtFilters(db: Executor, scopeId: string): Promise<string[]> {
  const result = await db.execute<{ filter: string }>(
    sql`select distinct filter from report_days where scope_id = ${scopeId}`,
  );
  return [...new Set(['all', ...result.rows.map((r) => r.filter)])];
}

function scopeCondition(scope: ReportScope): SQL {
  return scope.type === 'user' ? sql`m.user_id = ${scope.userId}` : sql`m.company_id = ${scope.companyId}`;
}

/**
 * One statement per chunk: the reportable meetings of the days, one per event, then the day totals and the
 * organizer / intention / category groups, inserted together.
 */
async function buildDays(
  db: Executor,
  params: { scopeId: string; scope: ReportScope; filter: StatusFilter; days: string[] },
) {
  const { scopeId, scope, filter, days } = params;
  const zone = scope.timeZone;
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const statusCondition = filter.statuses
    ? sql`and coalesce(m.response_status, 'needsAction') = any(${sql.param(filter.statuses)}::text[])`
    : sql``;
  const costDivisor = 3600 * WORK_HOURS_PER_YEAR;
  const workdayStartMs = OVERTIME_WORKDAY.start * MINUTE_MS;
  const workdayEndMs = OVERTIME_WORKDAY.end * MINUTE_MS;
  const salary = scope.annualSalary;
  await db.execute(sql`
    with src as (
      select m.id, m.event_key, m.starts_at, m.ends_at, m.score, m.attendees_count, m.intention,
             m.recurring_meeting, m.compliant,
             (m.evaluation -> 'results' -> 'focus_block_conflict' ->> 'score') = '0' as focus_conflict,
             (m.evaluation -> 'results' -> 'last_minute_schedule' ->> 'score') = '0' as scheduled_late,
             lower(btrim(coalesce(m.organizer_email, ''))) as organizer,
             m.organizer_name,
             lower(btrim(coalesce(m.organizer_email, ''))) = lower(u.email) as is_organizer,
             u.company_id as owner_company_id
      from meetings m
      join users u on u.id = m.user_id
      where ${scopeCondition(scope)}
        and exists (select 1 from calendars wc where wc.id = m.calendar_id and wc.watching)
        and m.starts_at >= (${first}::date::timestamp at time zone ${zone})
        and m.starts_at < ((${last}::date + 1)::timestamp at time zone ${zone})
        and m.status not in ('cancelled', 'deleted')
        and m.score is not null
        and not m.all_day
        and m.ends_at > m.starts_at
        and m.ends_at - m.starts_at < make_interval(hours => ${ALL_DAY_HOURS})
        ${statusCondition}
    ),
    picked as (
      select distinct on (event_key) * from src order by event_key, is_organizer desc, id
    ),
    rows as (
      select (p.starts_at at time zone ${zone})::date as day,
             p.score,
             p.score >= ${GOOD_SCORE_THRESHOLD} as good,
             p.attendees_count,
             p.organizer,
             coalesce(nullif(btrim(concat_ws(' ', o.first_name, o.last_name)), ''), p.organizer_name) as organizer_name,
             o.profile_image,
             coalesce(nullif(p.intention, ''), 'none') as intention,
             case when p.recurring_meeting then 'recurring' else 'single' end as category,
             p.compliant,
             p.focus_conflict,
             p.scheduled_late,
             w.seconds,
             case when w.seconds > 0 and p.attendees_count > 0 and ${salary}::bigint > 0
               then round(w.seconds::numeric * p.attendees_count * ${salary}::bigint / ${costDivisor})::bigint
               else 0 end as cost,
             w.len_ms - ins.inside_ms as outside_ms
      from picked p
      left join users o on lower(o.email) = p.organizer and o.company_id = p.owner_company_id
      cross join lateral (
        select round(extract(epoch from (p.ends_at - p.starts_at))::float8)::bigint as seconds,
               extract(epoch from (p.starts_at at time zone ${zone}))::float8 * 1000 as ws_ms,
               extract(epoch from (p.ends_at - p.starts_at))::float8 * 1000 as len_ms
      ) w
      cross join lateral (select floor(w.ws_ms / ${DAY_MS}::float8) as d0) d
      -- Meetings are shorter than ALL_DAY_HOURS, so they touch at most two local days.
      cross join lateral (
        select
          (case when mod(mod(d.d0::bigint + 4, 7) + 7, 7) not in (0, 6)
             then greatest(0, least(w.ws_ms + w.len_ms, d.d0 * ${DAY_MS} + ${workdayEndMs})
                            - greatest(w.ws_ms, d.d0 * ${DAY_MS} + ${workdayStartMs}))
             else 0 end)
          + (case when (d.d0 + 1) * ${DAY_MS} < w.ws_ms + w.len_ms and mod(mod(d.d0::bigint + 5, 7) + 7, 7) not in (0, 6)
             then greatest(0, least(w.ws_ms + w.len_ms, (d.d0 + 1) * ${DAY_MS} + ${workdayEndMs})
                            - greatest(w.ws_ms, (d.d0 + 1) * ${DAY_MS} + ${workdayStartMs}))
             else 0 end) as inside_ms
      ) ins
    ),
    kept as (
      select * from rows where day = any(${sql.param(days)}::date[])
    ),
    -- Every member's own copy, before one copy per event is picked: the team's time per member.
    member_days as (
      select (s.starts_at at time zone ${zone})::date as day,
             sum(round(extract(epoch from (s.ends_at - s.starts_at))::float8)::bigint) as member_seconds
      from src s group by 1
    ),
    day_totals as (
      insert into report_days (scope_id, filter, day, meetings, score_sum, good, seconds, cost, attendees_sum,
                               focus_conflicts, scheduled_late, compliant, non_compliant, overtime_meetings, overtime_ms,
                               member_seconds)
      select ${scopeId}::uuid, ${filter.key}::text, d.day,
             coalesce(a.meetings, 0), coalesce(a.score_sum, 0), coalesce(a.good, 0), coalesce(a.seconds, 0),
             coalesce(a.cost, 0), coalesce(a.attendees_sum, 0), coalesce(a.focus_conflicts, 0),
             coalesce(a.scheduled_late, 0), coalesce(a.compliant, 0), coalesce(a.non_compliant, 0),
             coalesce(a.overtime_meetings, 0), coalesce(a.overtime_ms, 0), coalesce(md.member_seconds, 0)
      from unnest(${sql.param(days)}::date[]) as d(day)
      left join member_days md on md.day = d.day
      left join (
        select day,
               count(*) as meetings,
               sum(score) as score_sum,
               count(*) filter (where good) as good,
               sum(seconds) as seconds,
               sum(cost) as cost,
               sum(attendees_count) as attendees_sum,
               count(*) filter (where focus_conflict) as focus_conflicts,
               count(*) filter (where scheduled_late) as scheduled_late,
               count(*) filter (where compliant is true) as compliant,
               count(*) filter (where compliant is false) as non_compliant,
               count(*) filter (where outside_ms > 0) as overtime_meetings,
               round(coalesce(sum(outside_ms) filter (where outside_ms > 0), 0)) as overtime_ms
        from kept group by day
      ) a on a.day = d.day
      on conflict do nothing
      returning 1
    ),
    groups as (
      insert into report_day_groups (scope_id, filter, dimension, day, key, meetings, score_sum, seconds,
                                     good_seconds, cost, name, profile_image)
      select ${scopeId}::uuid, ${filter.key}::text, 'organizer', day, organizer, count(*), sum(score), sum(seconds),
             coalesce(sum(seconds) filter (where good), 0), sum(cost), max(organizer_name), max(profile_image)
      from kept group by day, organizer
      union all
      select ${scopeId}::uuid, ${filter.key}::text, 'intention', day, intention, count(*), sum(score), sum(seconds),
             coalesce(sum(seconds) filter (where good), 0), sum(cost), null, null
      from kept group by day, intention
      union all
      select ${scopeId}::uuid, ${filter.key}::text, 'category', day, category, count(*), sum(score), sum(seconds),
             coalesce(sum(seconds) filter (where good), 0), sum(cost), null, null
      from kept group by day, category
      on conflict do nothing
      returning 1
    )
    select (select count(*) from day_totals) as days, (select count(*) from groups) as groups`);
}

/**
 * The days the spans touch, a day of margin each side, as few disjoint ranges (YYYY-MM-DD, inclusive): the
 * meetings of a big import are tens of thousands of spans over a few months, and each built day would
 * otherwise be compared with every one of them.
 */
export function mergedDayRanges(spans: readonly { from: Date; to: Date }[]): { lo: string; hi: string }[] {
  const days = spans
    .map((s) => ({
      lo: Math.floor((Math.min(s.from.getTime(), s.to.getTime()) - DAY_MS) / DAY_MS),
      hi: Math.floor((Math.max(s.from.getTime(), s.to.getTime()) + DAY_MS) / DAY_MS),
    }))
    .sort((a, b) => a.lo - b.lo);
  const merged: { lo: number; hi: number }[] = [];
  for (const range of days) {
    const last = merged.at(-1);
    if (last && range.lo <= last.hi + 1) last.hi = Math.max(last.hi, range.hi);
    else merged.push({ ...range });
  }
  const date = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  return merged.map((r) => ({ lo: date(r.lo), hi: date(r.hi) }));
}

/**
 * Drops the built days that changes to meetings may have touched: of the users' scopes and of their
 * companies' scopes, for the given instants (a day of margin each side covers every zone), or all days.
 * Call it after the change is committed.
 */
export async function invalidateReports(
  db: Database,
  params: {
    userIds?: readonly string[];
    companyIds?: readonly (string | null)[];
    spans?: readonly { from: Date; to: Date }[];
  },
) {
  const userIds = [...new Set(params.userIds ?? [])];
  const companyIds = [...new Set((params.companyIds ?? []).filter((c): c is string => Boolean(c)))];
  if (userIds.length === 0 && companyIds.length === 0) return;
  const scopes = await db.execute<{ id: string }>(sql`
    select id from report_scopes
    where user_id = any(${sql.param(userIds)}::uuid[]) or company_id = any(${sql.param(companyIds)}::uuid[])
    order by id`);
  if (scopes.rows.length === 0) return;
  const spans = params.spans;
  let dayCondition = sql``;
  if (spans) {
    if (spans.length === 0) return;
    const ranges = mergedDayRanges(spans);
    const lows = ranges.map((r) => r.lo);
    const highs = ranges.map((r) => r.hi);
    dayCondition = sql`and exists (
      select 1 from unnest(${sql.param(lows)}::date[], ${sql.param(highs)}::date[]) as s(lo, hi)
      where day between s.lo and s.hi)`;
  }
  await db.transaction(async (tx) => {
    for (const { id } of scopes.rows) {
      await lockScope(tx, id);
      await tx.execute(sql`delete from report_day_groups where scope_id = ${id} ${dayCondition}`);
      await tx.execute(sql`delete from report_days where scope_id = ${id} ${dayCondition}`);
    }
  });
}
