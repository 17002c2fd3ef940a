/**
 * Daily report roll-ups. A scope (a user, or a company's current members with each event counted once) gets one row per local
 * day and status filter in report_days, and the same day split by organizer, intention and category in
 * report_day_groups. Days are built in SQL from the meetings by jobs ahead of reads (warm-reports.ts: after a
 * sync or an import, a membership change, the demo's seeding), and dropped when meetings of the scope change
 * (invalidateReports, called after every re-evaluation), when its members change, or when the scope's zone or
 * salary changes. A read builds only what fits its budget and answers with the ready days (meta.partial).
 * Reports then sum a few hundred rows instead of reading a year of meetings.
 *
 * What a day holds follows packages/domain's report rows: scored meetings that are not all day (flag or
 * ALL_DAY_HOURS or more), not cancelled or deleted, that start on that local day; one row per event_key (the
 * organizer's own row first, then the copy of the member longest on the team, then the smallest user id and
 * meeting id); costs per meeting in whole dollars. A membership change drops the team's days (teams/members.ts).
 */
import {
  ALL_DAY_HOURS,
  GOOD_SCORE_THRESHOLD,
  MINUTE_MS,
  OVERTIME_WORKDAY,
  spanDays,
  WORK_HOURS_PER_YEAR,
} from '@meetwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Database } from '../../db/client';
import { queryNamed } from '../../db/named';
import { AppError } from '../../http/errors';
import type { StatusFilter } from './params';
import type { ReportScope } from './scope';

/** Advisory-lock namespace: builds and invalidations of one scope never interleave. */
const LOCK_NAMESPACE = 727_010;
/** Advisory-lock namespace held (shared) while a job builds a scope's days: reads leave the building to it. */
const BACKGROUND_NAMESPACE = 727_011;
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

/** The most missing days a read with a budget tries to build itself: a month and the one before it. */
const READ_BUILD_MAX_DAYS = 2 * BUILD_CHUNK_DAYS;
/** How long a build without a budget (a job, a mail) waits for another build of the scope before 503. */
const BUILD_WAIT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type DaysToBuild = {
  scopeId: string;
  scope: ReportScope;
  filter: StatusFilter;
  from: string;
  to: string;
};
/** How many days of [from, to] are built: all of them unless a budget ran out first. */
export type DaysReady = { ready: number; total: number };

/** The statement was cancelled by its statement_timeout (PostgreSQL query_canceled), drizzle's wrapper or not. */
function isCancelled(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '57014') return true;
  }
  return false;
}

/**
 * Builds the missing days of [from, to] for the scope and filter, the newest month first, one month per
 * transaction (under the scope's lock), so that what is built is kept and seen at once.
 *
 * Without a budget (jobs, mails) it returns once every day is built; while another build holds the scope it
 * waits WITHOUT holding a connection (the lock is only tried, the transaction given back, tried again later),
 * and answers 503 after BUILD_WAIT_MS.
 *
 * With budgetMs (a person's read) it never takes longer than that: it builds what fits (its statements are
 * cancelled at the budget's end; nothing while a background build of the scope runs, nor when more than
 * READ_BUILD_MAX_DAYS are missing), then says how much is ready; the caller answers with those days and
 * asks a job for the rest (requestDaysBuild).
 */
export async function ensureDays(
  db: Database,
  params: DaysToBuild,
  options: { budgetMs?: number } = {},
): Promise<DaysReady> {
  const { scopeId, filter } = params;
  const budget = options.budgetMs;
  const started = Date.now();
  let total = 0;
  for (let attempt = 0; ; attempt++) {
    // Every read asks this first (the days are usually built): a named statement, planned once per connection.
    const missing = await queryNamed<{ day: string }>(
      db,
      missingDaysQuery(scopeId, filter.key, params.from, params.to),
    );
    if (total === 0) total = spanDays({ start: params.from, end: params.to });
    if (missing.length === 0) return { ready: total, total };
    const elapsed = Date.now() - started;
    // A read builds a month or two at most (what a budget can hold); a longer stretch is the job's.
    if (budget !== undefined && (elapsed >= budget || missing.length > READ_BUILD_MAX_DAYS))
      return { ready: total - missing.length, total };
    const outcome = await buildNewestMonth(db, params, budget === undefined ? null : budget - elapsed);
    if (outcome === 'built') {
      attempt = -1;
      continue;
    }
    if (outcome === 'cancelled') return { ready: total - missing.length, total };
    if (budget === undefined && Date.now() - started > BUILD_WAIT_MS) {
      throw new AppError('unavailable', 'This report is being prepared. Please try again in a moment.', {
        headers: { 'retry-after': '5' },
      });
    }
    const pause = Math.min(500, 25 * 2 ** attempt);
    await sleep(budget === undefined ? pause : Math.max(1, Math.min(pause, budget - (Date.now() - started))));
  }
}

/**
 * One transaction: the scope's newest missing month (up to BUILD_CHUNK_DAYS days), if the scope's lock is
 * free. With a time limit (a read), nothing is built while a background build of the scope runs
 * (holdBackgroundBuild), and the statement is cancelled at the limit.
 */
async function buildNewestMonth(
  db: Database,
  params: DaysToBuild,
  limitMs: number | null,
): Promise<'built' | 'busy' | 'cancelled'> {
  try {
    return await db.transaction(async (tx) => {
      if (limitMs !== null) {
        const free = await tx.execute<{ free: boolean }>(
          sql`select pg_try_advisory_xact_lock(${BACKGROUND_NAMESPACE}, hashtext(${params.scopeId})) as free`,
        );
        if (free.rows[0]?.free !== true) return 'busy';
      }
      if (!(await tryLockScope(tx, params.scopeId))) return 'busy';
      const missing = await missingDays(tx, params.scopeId, params.filter.key, params.from, params.to);
      const newest = chunkDays(missing).at(-1);
      if (!newest) return 'built';
      // A chunk sorts its meetings once (DISTINCT ON): in memory, not on disk.
      await tx.execute(sql`set local work_mem = '64MB'`);
      if (limitMs !== null) {
        // Cancelled at the limit: no JIT compilation either (it is not interrupted while it compiles).
        await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(20, Math.ceil(limitMs))}`));
        await tx.execute(sql`set local jit = off`);
      }
      await buildDays(tx, { ...params, days: newest });
      return 'built';
    });
  } catch (error) {
    if (limitMs !== null && isCancelled(error)) return 'cancelled';
    throw error;
  }
}

/**
 * Runs a background build of the scope (a job) holding a shared lock on its own connection, which tells
 * reads that the scope's days are on their way: they then wait within their budget instead of competing
 * with the job for the scope's lock (each read's build would be cancelled at its budget, work thrown away).
 */
export async function holdBackgroundBuild<T>(
  pool: Pool,
  scopeId: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock_shared($1, hashtext($2))', [BACKGROUND_NAMESPACE, scopeId]);
    return await work();
  } finally {
    await client
      .query('select pg_advisory_unlock_shared($1, hashtext($2))', [BACKGROUND_NAMESPACE, scopeId])
      .catch(() => {});
    client.release();
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

/**
 * The meetings a report counts (docs/decisions.md, "What a report counts"), as `m` joined to the scope's
 * source: in a watched calendar, starting on a local day from `first` to `last` in `zone`, not cancelled or
 * deleted, scored, not all day (flag, or 6 hours and more), answered as the status filter keeps. The roll-ups
 * and the meetings export both read it, so the CSV holds exactly the meetings the figures sum.
 */
export function countedMeetings(params: {
  source: ReturnType<typeof scopeSource>;
  first: string;
  last: string;
  zone: string;
  filter: StatusFilter;
}): SQL {
  const { source, first, last, zone, filter } = params;
  const statusCondition = filter.statuses
    ? sql`and coalesce(m.response_status, 'needsAction') = any(${sql.param(filter.statuses)}::text[])`
    : sql``;
  return sql`${source.where}
        and exists (select 1 from calendars wc where wc.id = m.calendar_id and wc.watching)
        and m.starts_at >= (${first}::date::timestamp at time zone ${zone})
        and m.starts_at < ((${last}::date + 1)::timestamp at time zone ${zone})
        and m.status not in ('cancelled', 'deleted')
        and m.score is not null
        and not m.all_day
        and m.ends_at > m.starts_at
        and m.ends_at - m.starts_at < make_interval(hours => ${ALL_DAY_HOURS})
        ${statusCondition}`;
}

/**
 * Whose copies a scope reads: the user's, or those of the company's current members (packages/domain
 * reports/membership.ts): memberships decide, not meetings.company_id, so a member who left counts in no
 * period and one who joined in all of them. member_since orders the copies of an event no member organizes
 * (the member longest on the team first, then the smallest user id: the domain's rankTeamMembers).
 */
export function scopeSource(scope: ReportScope): { join: SQL; where: SQL; memberSince: SQL } {
  if (scope.type === 'user')
    return { join: sql``, where: sql`m.user_id = ${scope.userId}`, memberSince: sql`null::timestamptz` };
  // meetings.company_id (every move sets it with the membership, in one transaction) narrows the read to the
  // team's index; the membership decides.
  return {
    join: sql`join memberships mb on mb.user_id = m.user_id and mb.company_id = ${scope.companyId}`,
    where: sql`m.company_id = ${scope.companyId}`,
    memberSince: sql`date_trunc('milliseconds', mb.created_at)`,
  };
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
  const costDivisor = 3600 * WORK_HOURS_PER_YEAR;
  const workdayStartMs = OVERTIME_WORKDAY.start * MINUTE_MS;
  const workdayEndMs = OVERTIME_WORKDAY.end * MINUTE_MS;
  const salary = scope.annualSalary;
  const source = scopeSource(scope);
  await db.execute(sql`
    with src as (
      select m.id, m.user_id, m.event_key, m.starts_at, m.ends_at, m.score, m.attendees_count, m.intention,
             m.recurring_meeting, m.compliant,
             (m.evaluation -> 'results' -> 'focus_block_conflict' ->> 'score') = '0' as focus_conflict,
             (m.evaluation -> 'results' -> 'last_minute_schedule' ->> 'score') = '0' as scheduled_late,
             lower(btrim(coalesce(m.organizer_email, ''))) as organizer,
             m.organizer_name,
             lower(btrim(coalesce(m.organizer_email, ''))) = lower(u.email) as is_organizer,
             u.company_id as owner_company_id,
             ${source.memberSince} as member_since
      from meetings m
      join users u on u.id = m.user_id
      ${source.join}
      where ${countedMeetings({ source, first, last, zone, filter })}
    ),
    picked as (
      select distinct on (event_key) * from src
      order by event_key, is_organizer desc, member_since, user_id, id
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
  // The users' teams as memberships say now, as well as the companies given (a change read with a company id
  // from before a move still reaches the team the user is on).
  const scopes = await db.execute<{ id: string }>(sql`
    select id from report_scopes
    where user_id = any(${sql.param(userIds)}::uuid[]) or company_id = any(${sql.param(companyIds)}::uuid[])
       or company_id in (select company_id from memberships where user_id = any(${sql.param(userIds)}::uuid[]))
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
