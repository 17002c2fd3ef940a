import { localEpochDay, localToUtc } from '@meetwell/domain';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { companies, demoPool, users } from '../../db/schema';
import { followBrowserZone } from '../users/time-zone';
import { DEMO_LIFETIME_MS, demoTimeZone } from './demo-team';
import { buildDemoTeam, createDemoTeam, removeDemoTeams, takeOutOfPool } from './seed';

type UserRow = typeof users.$inferSelect;

/**
 * A demo waits in the pool this long at most, and never past the end of its local day: its meetings, nudges
 * and roll-ups were seeded around the moment it was built, so an older one would show a visitor yesterday.
 */
export const DEMO_POOL_FRESH_MS = 60 * 60_000;

/** The pool is refilled a few seconds after a claim, so the visitor's first screen does not share the CPU. */
const REFILL_DELAY_MS = 3_000;

/**
 * 'Try the demo'. A visitor whose demo session is still valid (`current`, a demo person) returns to that same
 * demo. Anyone else gets a demo team of their own in their time zone: a ready one claimed from the pool
 * (built ahead by the demo_pool_refill job), or, when the pool has none for that zone, one seeded now. Either
 * way the pool is refilled behind them. Returns the person the visitor is signed in as.
 */
export async function startDemo(
  ctx: AppContext,
  options: {
    timeZone?: string | undefined;
    current?: { id: string; isDemo: boolean } | null | undefined;
  } = {},
): Promise<UserRow> {
  if (options.current?.isDemo) {
    // Read again: a session is cached for a few seconds, and its demo may have just been removed.
    const [same] = await ctx.db.select().from(users).where(eq(users.id, options.current.id));
    if (same) return followBrowserZone(ctx, same, options.timeZone);
  }
  const timeZone = demoTimeZone(options.timeZone);
  const admin = (await claimDemo(ctx, timeZone)) ?? (await createDemoTeam(ctx, { timeZone }));
  await queuePoolRefill(ctx, timeZone);
  return admin;
}

/** The earliest a demo of `timeZone` may have been built to be claimed at `now` (DEMO_POOL_FRESH_MS). */
function freshSince(timeZone: string, now: Date): Date {
  const startOfDay = localToUtc(timeZone, localEpochDay(timeZone, now.getTime()), 0);
  return new Date(Math.max(now.getTime() - DEMO_POOL_FRESH_MS, startOfDay));
}

/**
 * Claims a ready demo of `timeZone` from the pool, atomically: visitors clicking at once each get another one
 * (the row is locked by the first, skipped by the others), and none gets one the expiry job is taking out.
 * The demo's day of life starts at the claim (its company's age is what the expiry job and the cap read).
 * Returns its admin, or null when none is ready.
 */
export async function claimDemo(ctx: AppContext, timeZone: string): Promise<UserRow | null> {
  const now = ctx.now();
  const since = freshSince(timeZone, now);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ company_id: string; admin_id: string }>(sql`
      update demo_pool set claimed_at = ${now.toISOString()}::timestamptz
       where company_id = (
         select company_id from demo_pool
          where claimed_at is null and time_zone = ${timeZone} and built_at >= ${since.toISOString()}::timestamptz
          order by built_at, company_id
          limit 1
          for update skip locked)
      returning company_id, admin_id`);
    const claimed = rows[0];
    if (!claimed) return null;
    await tx.update(companies).set({ createdAt: now }).where(eq(companies.id, claimed.company_id));
    const [admin] = await tx.select().from(users).where(eq(users.id, claimed.admin_id));
    return admin ?? null;
  });
}

/** Demos of `timeZone` ready in the pool now. */
export async function readyDemos(ctx: AppContext, timeZone: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(demoPool)
    .where(
      and(
        eq(demoPool.timeZone, timeZone),
        isNull(demoPool.claimedAt),
        gte(demoPool.builtAt, freshSince(timeZone, ctx.now())),
      ),
    );
  return row?.n ?? 0;
}

/** Queues the demo_pool_refill job of a zone (one waiting job per zone; DEMO_POOL_SIZE 0 keeps no pool). */
export async function queuePoolRefill(ctx: AppContext, timeZone: string, delayMs = REFILL_DELAY_MS) {
  if (!ctx.config.demoMode || ctx.config.demo.poolSize === 0) return;
  await ctx.jobs.enqueue(
    'demo_pool_refill',
    { timeZone },
    { jobKey: `demo_pool_refill:${timeZone}`, runAt: new Date(Date.now() + delayMs) },
  );
}

/**
 * Builds demos of `timeZone` until DEMO_POOL_SIZE are ready, one at a time (the job runs in its own queue, so
 * refills never seed side by side). Stops at the DEMO_MAX_TEAMS cap: the pool never removes a visitor's demo
 * to make room. Returns how many it built. Only a server in demo mode queues it, so it does not ask demo
 * mode again: a worker started without DEMO_MODE (it defaults to off beside DATABASE_URL) still fills it.
 */
export async function refillDemoPool(ctx: AppContext, timeZone: string): Promise<number> {
  const size = ctx.config.demo.poolSize;
  if (size === 0) return 0;
  let built = 0;
  for (let attempt = 0; attempt < size; attempt++) {
    if ((await readyDemos(ctx, timeZone)) >= size) break;
    if (!(await buildDemoTeam(ctx, { timeZone, pooled: true }))) break;
    built++;
  }
  return built;
}

/**
 * The pool's upkeep, with the expiry job: unclaimed demos past their freshness go (taken out of the pool
 * first, so no visitor claims one while it is removed), and the pool of every zone a visitor came from within
 * the demos' lifetime is topped up. Returns how many stale demos went.
 */
export async function tendDemoPool(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const waiting = await ctx.db
    .select({ companyId: demoPool.companyId, timeZone: demoPool.timeZone, builtAt: demoPool.builtAt })
    .from(demoPool)
    .where(isNull(demoPool.claimedAt));
  const stale = waiting
    .filter((demo) => demo.builtAt < freshSince(demo.timeZone, now))
    .map((demo) => demo.companyId);
  const taken = stale.length
    ? await takeOutOfPool(ctx, { where: inValues(demoPool.companyId, stale, 'uuid') })
    : [];
  await removeDemoTeams(ctx, taken);
  const zones = await ctx.db
    .selectDistinct({ timeZone: demoPool.timeZone })
    .from(demoPool)
    .where(gt(demoPool.claimedAt, new Date(now.getTime() - DEMO_LIFETIME_MS)));
  for (const { timeZone } of zones) await queuePoolRefill(ctx, timeZone, 0);
  return taken.length;
}
