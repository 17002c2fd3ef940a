/**
 * A cold read never makes a person wait for roll-ups to be built: it answers with the days that are ready
 * (meta.partial says how many), and a job builds the rest.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../db/schema';
import type { App } from '../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { buildReport } from './build-report';
import { parseRange, parseStatusFilter } from './params';
import { ensureDays, holdBackgroundBuild, prepareScope } from './rollups';
import { reportRoutes } from './routes';
import { resolveReportScope } from './scope';
import { seedMeeting } from './test-seed';
import { buildRequestedDays, type DaysRequest } from './warm-reports';

type UserRow = typeof users.$inferSelect;

let ctx: TestContext;
let app: App;
let user: UserRow;
const YEAR = { start: '2025-01-01', end: '2025-12-31' };

/** The builds reads asked for, as queued. */
async function queuedBuilds(): Promise<DaysRequest[]> {
  const { rows } = await ctx.pool.query<{ payload: DaysRequest }>(
    `select payload from graphile_worker._private_jobs j
     join graphile_worker._private_tasks t on t.id = j.task_id
     where t.identifier = 'warm_reports' and j.key like 'warm_reports:%:%' order by j.id`,
  );
  return rows.map((r) => r.payload);
}

async function readYear() {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/reports/averages?start=${YEAR.start}&end=${YEAR.end}&who=user`,
    headers: await bearerFor(ctx, user.id),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { attributes: { rows: { total: number; average: number } } };
    meta: { partial?: { ready_days: number; total_days: number; percent: number } };
  };
}

beforeAll(async () => {
  // Reads build nothing themselves: every missing day goes to a job.
  ctx = await createTestContext({ REPORT_READ_BUDGET_MS: '0' });
  app = await createTestApp(ctx, [reportRoutes]);
  user = await createUser(ctx, { timeZone: 'UTC' });
  // One meeting a month, scored 10, 20, … 120 (capped at 100).
  for (let month = 0; month < 12; month++) {
    const startsAt = new Date(Date.UTC(2025, month, 10, 14));
    await seedMeeting(ctx, user, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      score: Math.min(100, 10 * (month + 1)),
    });
  }
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

describe('cold report reads', () => {
  it('answer at once with what is ready and how much, and queue a job that builds the rest', async () => {
    const scope = await resolveReportScope(ctx.db, user, { ...YEAR, who: 'user' });
    const scopeId = await prepareScope(ctx.db, scope);
    // December is built already (a job got that far): the read counts it, and says so.
    await ensureDays(ctx.db, {
      scopeId,
      scope,
      filter: parseStatusFilter(undefined),
      from: '2025-12-01',
      to: '2025-12-31',
    });
    const cold = await readYear();
    expect(cold.meta.partial).toEqual({ ready_days: 31, total_days: 730, percent: 4 });
    expect(cold.data.attributes.rows).toMatchObject({ total: 1, average: 100 });
    // The year and the year before (its trend) are asked of a job, once however often it is read.
    await readYear();
    const builds = await queuedBuilds();
    expect(builds).toEqual([{ scopeId, filter: 'all', from: '2024-01-02', to: '2025-12-31' }]);

    expect(await buildRequestedDays(ctx, builds[0]!)).toEqual({ ready: 730, total: 730 });
    const warm = await readYear();
    expect(warm.meta.partial).toBeUndefined();
    // 10 + 20 + … + 90 + 100 × 3 = 750 over 12 meetings.
    expect(warm.data.attributes.rows).toMatchObject({ total: 12, average: 63 });
  });

  it('with a budget, wait no longer than it while a background build holds the scope', async () => {
    // A month (and the month before it, for its trend): few enough days for a read to build them itself.
    const query = { start: '2023-03-01', end: '2023-03-31', who: 'user' as const };
    const scope = await resolveReportScope(ctx.db, user, query);
    const scopeId = await prepareScope(ctx.db, scope);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const background = holdBackgroundBuild(ctx.pool, scopeId, () => released);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const report = await buildReport(ctx.db, {
        scope,
        kind: 'averages',
        range: parseRange(query),
        filter: parseStatusFilter(undefined),
        budgetMs: 300,
      });
      const took = Date.now() - started;
      expect(report.meta.partial).toMatchObject({ ready_days: 0, total_days: 62 });
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(2_000);
    } finally {
      release();
      await background;
    }
    const days = await ctx.db.execute<{ n: string }>(
      sql`select count(*) as n from report_days where scope_id = ${scopeId} and day < '2024-01-01'`,
    );
    expect(Number(days.rows[0]!.n)).toBe(0);
  });

  it('leave a stretch longer than two months to the job, however large the budget', async () => {
    const query = { start: '2022-01-01', end: '2022-06-30', who: 'user' as const };
    const started = Date.now();
    const report = await buildReport(ctx.db, {
      scope: await resolveReportScope(ctx.db, user, query),
      kind: 'averages',
      range: parseRange(query),
      filter: parseStatusFilter(undefined),
      budgetMs: 20_000,
    });
    expect(report.meta.partial).toMatchObject({ ready_days: 0, total_days: 362 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('build what fits their budget themselves when no background build runs', async () => {
    const query = { start: '2021-03-01', end: '2021-03-31', who: 'user' as const };
    const report = await buildReport(ctx.db, {
      scope: await resolveReportScope(ctx.db, user, query),
      kind: 'averages',
      range: parseRange(query),
      filter: parseStatusFilter(undefined),
      budgetMs: 20_000,
    });
    expect(report.meta.partial).toBeUndefined();
  });
});
