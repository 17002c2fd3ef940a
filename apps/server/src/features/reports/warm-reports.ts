import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { StatusFilter } from './params';
import { builtFilters, ensureDays, prepareScope } from './rollups';
import { resolveReportScope } from './scope';

/** The days kept built after a change: the year back the Review page offers (with its trends) and ahead. */
const WARM_DAYS_BACK = 800;
const WARM_DAYS_AHEAD = 100;
const DAY_MS = 86_400_000;
/** Changes within this long are warmed together (the job's key debounces them). */
const WARM_DELAY_MS = 3_000;

export const warmReportsJobKey = (userId: string) => `warm_reports:${userId}`;

/** Asks for the user's and their team's report days to be built again soon (after a change dropped them). */
export async function requestReportWarmup(ctx: Pick<AppContext, 'jobs' | 'now'>, userId: string) {
  await ctx.jobs.enqueue(
    'warm_reports',
    { userId },
    { jobKey: warmReportsJobKey(userId), runAt: new Date(ctx.now().getTime() + WARM_DELAY_MS) },
  );
}

const filterOf = (key: string): StatusFilter => ({ key, statuses: key === 'all' ? null : key.split(',') });

/**
 * Builds the missing days of the user's scope and of their team's, for every filter those scopes were read
 * with, so that the next Review read sums rows instead of building them inside the request.
 */
export async function warmReports(ctx: Pick<AppContext, 'db' | 'now'>, userId: string) {
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
    for (const key of await builtFilters(ctx.db, scopeId)) {
      await ensureDays(ctx.db, { scopeId, scope, filter: filterOf(key), from, to });
    }
    scopes++;
  }
  return { scopes };
}
