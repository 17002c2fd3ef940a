import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/client';
import type { users } from '../../db/schema';
import type { App } from '../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { healthRoutes } from '../health/routes';
import { prepareScope } from './rollups';
import { reportRoutes } from './routes';
import { resolveReportScope } from './scope';
import { seedMeeting } from './test-seed';

type UserRow = typeof users.$inferSelect;

let ctx: TestContext;
/** An API process whose pool has three connections, fewer than the concurrent cold reads below. */
let small: ReturnType<typeof connectDatabase>;
let app: App;
let admin: UserRow;
let member: UserRow;
let builder: pg.Client;

const YEAR = { start: '2025-01-01', end: '2025-12-31' };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx);
  member = await createUser(ctx, { companyOf: admin });
  for (let i = 0; i < 12; i++) {
    const startsAt = new Date(Date.UTC(2025, i, 10, 14));
    for (const user of [admin, member]) {
      await seedMeeting(ctx, user, {
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        score: 40 + i,
        attendeesCount: 3,
      });
    }
  }
  small = connectDatabase(ctx.databaseUrl, { max: 3 });
  app = await createTestApp({ ...ctx, db: small.db, pool: small.pool }, [healthRoutes, reportRoutes]);
  builder = new pg.Client({ connectionString: ctx.databaseUrl });
  await builder.connect();
});
afterAll(async () => {
  await builder?.end();
  await app?.close();
  await small?.close();
  await ctx?.close();
});

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};

describe('cold team-year reads while its roll-up is being built', () => {
  it('hold no connection while they wait: /health and another scope answer at once, and all get the report', async () => {
    const adminHeaders = await bearerFor(ctx, admin.id);
    const memberHeaders = await bearerFor(ctx, member.id);
    const scope = await resolveReportScope(ctx.db, admin, { ...YEAR, who: 'team' });
    const scopeId = await prepareScope(ctx.db, scope);
    // A long build of the team's days elsewhere (another process, or the warm-up job): it holds the lock.
    await builder.query('begin');
    await builder.query('select pg_advisory_xact_lock(727010, hashtext($1))', [scopeId]);
    let released = false;
    try {
      // Twice as many people opening the team year as the pool has connections.
      const cold = Array.from({ length: 6 }, () =>
        app.inject({
          method: 'GET',
          url: `/api/v1/reports/averages?start=${YEAR.start}&end=${YEAR.end}&who=team`,
          headers: adminHeaders,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await timed(() => app.inject({ method: 'GET', url: '/api/v1/health' }));
      expect(health.value.statusCode).toBe(200);
      expect(health.ms).toBeLessThan(1_000);
      const own = await timed(() =>
        app.inject({
          method: 'GET',
          url: '/api/v1/reports/averages?start=2025-03-01&end=2025-03-31&who=user',
          headers: memberHeaders,
        }),
      );
      expect(own.value.statusCode).toBe(200);
      expect(own.ms).toBeLessThan(1_000);

      await builder.query('commit');
      released = true;
      const answers = await Promise.all(cold);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    } finally {
      if (!released) await builder.query('rollback');
    }
  });
});
