import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { StatusFilter } from './params';
import { builtFilters, ensureDays, holdBackgroundBuild, prepareScope } from './rollups';
import type { ReportScope } from './scope';
import { resolveReportScope } from './scope';

/** The days kept built after a change: the year back the Review page offers (with its trends) and ahead. */
const WARM_DAYS_BACK = 800;
const WARM_DAYS_AHEAD = 100;
const DAY_MS = 86_400_000;
/** Changes within this long are warmed together (the job's key debounces them). */
export const WARM_DELAY_MS = 3_000;

export const warmReportsJobKey = (userId: string) => `warm_reports:${userId}`;

/**
 * Asks for the user's and their team's report days to be built again soon (after a change dropped them):
 * after a sync or an import, a re-scoring, a membership change, and when the demo is seeded (with no delay:
 * `requestReportWarmup(ctx, adminId, { delayMs: 0 })`, one call, so its first Review read finds them built).
 */
export async function requestReportWarmup(
  ctx: Pick<AppContext, 'jobs' | 'now'>,
  userId: string,
  options: { delayMs?: number } = {},
) {
  await ctx.jobs.enqueue(
    'warm_reports',
    { userId },
    {
      jobKey: warmReportsJobKey(userId),
      runAt: new Date(ctx.now().getTime() + (options.delayMs ?? WARM_DELAY_MS)),
    },
  );
}

/** Days a read found missing and a job builds: one scope, one filter, a range (the newest month first). */
export type DaysRequest = { scopeId: string; filter: string; from: string; to: string };

/** Asks a job to build days a read could not build within its budget (once per scope, filter and range). */
export async function requestDaysBuild(ctx: Pick<AppContext, 'jobs'>, days: DaysRequest) {
  await ctx.jobs.enqueue('warm_reports', days, {
    jobKey: `warm_reports:${days.scopeId}:${days.filter}:${days.from}:${days.to}`,
  });
}

const filterOf = (key: string): StatusFilter => ({ key, statuses: key === 'all' ? null : key.split(',') });

/**
 * Builds the missing days of the user's scope and of their team's, for every filter those scopes were read
 * with, so that the next Review read sums rows instead of building them inside the request.
 */
export async function warmReports(ctx: Pick<AppContext, 'db' | 'pool' | 'now'>, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { scopes: 0 };
  const today = ctx.now().getTime();
  const from = new Date(today - WARM_DAYS_BACK * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(today + WARM_DAYS_AHEAD * DAY_MS).toISOString().slice(0, 10);
  const queries = [{ who: 'user' as const }, ...(user.companyId ? [{ who: 'team' as const }] : [])];
  let scopes = 0;
  for (const query of queries) {
    const scope = await resolveReportScope(ctx.db, user, { start: from, end: to, ...query });
    const scopeId = await prepareScope(ctx.db, scope);
    await holdBackgroundBuild(ctx.pool, scopeId, async () => {
      for (const key of await builtFilters(ctx.db, scopeId)) {
        await ensureDays(ctx.db, { scopeId, scope, filter: filterOf(key), from, to });
      }
    });
    scopes++;
  }
  return { scopes };
}

/**
 * Builds the days a read asked for (requestDaysBuild), for the scope as stored: its owner, zone and salary.
 * A scope whose zone or salary changed since is prepared again by its next read (which drops its days).
 */
export async function buildRequestedDays(ctx: Pick<AppContext, 'db' | 'pool'>, days: DaysRequest) {
  const result = await ctx.db.execute<{
    user_id: string | null;
    company_id: string | null;
    time_zone: string;
    annual_salary: number;
  }>(sql`select user_id, company_id, time_zone, annual_salary from report_scopes where id = ${days.scopeId}`);
  const row = result.rows[0];
  if (!row) return { ready: 0, total: 0 };
  const scope: ReportScope = row.user_id
    ? {
        type: 'user',
        userId: row.user_id,
        companyId: null,
        timeZone: row.time_zone,
        annualSalary: Number(row.annual_salary),
      }
    : {
        type: 'company',
        companyId: row.company_id as string,
        timeZone: row.time_zone,
        annualSalary: Number(row.annual_salary),
        members: 0,
      };
  return holdBackgroundBuild(ctx.pool, days.scopeId, () =>
    ensureDays(ctx.db, { ...days, scope, filter: filterOf(days.filter) }),
  );
}
