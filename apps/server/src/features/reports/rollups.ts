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
import { spanDays } from '@meetwell/domain';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Database } from '../../db/client';
import { queryNamed } from '../../db/named';
import { AppError } from '../../http/errors';
import type { StatusFilter } from './params';
import { buildDays } from './rollup-days';
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

/** A period whose days are all built: the meetings they count (the report card's figure) and their newest build. */
export type BuiltPeriod = { meetings: number; newestBuild: string };

/**
 * The period's days of the scope (as it is now: its zone) and filter, when every one of them is built; null
 * otherwise. A day dropped and built again has a larger `built`, so the newest build tells whether what was
 * derived from the days still holds.
 */
export async function builtPeriod(
  db: Pick<Database, 'execute'>,
  params: { scope: ReportScope; start: string; end: string; filter: StatusFilter },
): Promise<BuiltPeriod | null> {
  const { scope, start, end, filter } = params;
  const owner =
    scope.type === 'user' ? sql`s.user_id = ${scope.userId}` : sql`s.company_id = ${scope.companyId}`;
  const { rows } = await db.execute<{
    days: number;
    expected: number;
    meetings: number;
    newest: string | null;
  }>(sql`
    select count(d.day)::int as days, (${end}::date - ${start}::date + 1)::int as expected,
           coalesce(sum(d.meetings), 0)::int as meetings, max(d.built)::text as newest
    from report_scopes s
    join report_days d on d.scope_id = s.id and d.filter = ${filter.key}
      and d.day between ${start}::date and ${end}::date
    where ${owner} and s.time_zone = ${scope.timeZone}`);
  const row = rows[0];
  return row && row.days === row.expected ? { meetings: row.meetings, newestBuild: row.newest ?? '' } : null;
}

/** The filters a scope's days were built for (the ones people read), 'all' always among them. */
export async function builtFilters(db: Executor, scopeId: string): Promise<string[]> {
  const result = await db.execute<{ filter: string }>(
    sql`select distinct filter from report_days where scope_id = ${scopeId}`,
  );
  return [...new Set(['all', ...result.rows.map((r) => r.filter)])];
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
