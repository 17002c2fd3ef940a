import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/client';
import type { users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { reevaluateSpans } from '../evaluation/reevaluate';
import { buildReport } from './build-report';
import { parseRange, parseStatusFilter } from './params';
import { ensureDays, prepareScope } from './rollups';
import { resolveReportScope } from './scope';
import { seedMeeting } from './test-seed';
import { warmReports, warmReportsJobKey } from './warm-reports';

type UserRow = typeof users.$inferSelect;

let ctx: TestContext;
let user: UserRow;
const NOW = new Date('2026-03-15T12:00:00Z');

const dayCount = async () =>
  Number((await ctx.db.execute<{ n: string }>(sql`select count(*) as n from report_days`)).rows[0]!.n);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.setNow(NOW);
  user = await createUser(ctx, { timeZone: 'Europe/Berlin' });
  for (let i = 0; i < 20; i++) {
    const startsAt = new Date(NOW.getTime() - i * 5 * 86_400_000);
    await seedMeeting(ctx, user, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      score: 50 + i,
      attendeesCount: 3,
    });
  }
});
afterAll(async () => {
  await ctx?.close();
});

describe('report roll-ups kept warm', () => {
  it('builds the user and team days ahead of any read, so the first read builds nothing', async () => {
    expect(await dayCount()).toBe(0);
    expect(await warmReports(ctx, user.id)).toEqual({ scopes: 2 });
    const warmed = await dayCount();
    expect(warmed).toBeGreaterThan(2 * 800);

    const query = { start: '2026-02-01', end: '2026-02-28', who: 'team' as const };
    const scope = await resolveReportScope(ctx.db, user, query);
    const report = await buildReport(ctx.db, {
      scope,
      kind: 'averages',
      range: parseRange(query),
      filter: parseStatusFilter(undefined),
    });
    expect(report.rows).toBeTruthy();
    expect(await dayCount()).toBe(warmed);
  });

  it("says in the averages' meta how many calendars the scope balances (none: there is nothing to sync)", async () => {
    const query = { start: '2026-02-01', end: '2026-02-28', who: 'user' as const };
    const withCalendar = await buildReport(ctx.db, {
      scope: await resolveReportScope(ctx.db, user, query),
      kind: 'averages',
      range: parseRange(query),
      filter: parseStatusFilter(undefined),
    });
    expect(withCalendar.meta).toMatchObject({ calendars: 1 });
    const lonely = await createUser(ctx);
    const without = await buildReport(ctx.db, {
      scope: await resolveReportScope(ctx.db, lonely, query),
      kind: 'averages',
      range: parseRange(query),
      filter: parseStatusFilter(undefined),
    });
    expect(without.meta).toMatchObject({ calendars: 0, synced_from: null });
  });

  it('is asked for after every re-evaluation, once per burst of changes (a keyed, delayed job)', async () => {
    const span = { from: NOW, to: new Date(NOW.getTime() + 3_600_000) };
    await reevaluateSpans(ctx, user.id, [span]);
    await reevaluateSpans(ctx, user.id, [span]);
    const { rows } = await ctx.pool.query<{ key: string; run_at: Date }>(
      `select key, run_at from graphile_worker._private_jobs where key = $1`,
      [warmReportsJobKey(user.id)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.run_at.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it("waits for another build of the same scope without holding one of the pool's connections", async () => {
    const scope = await resolveReportScope(ctx.db, user, {
      start: '2020-01-01',
      end: '2020-01-31',
      who: 'user',
    });
    const scopeId = await prepareScope(ctx.db, scope);
    // Another process is building this scope: it holds the scope's lock.
    const other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    await other.query('begin');
    await other.query(`select pg_advisory_xact_lock(727010, hashtext($1))`, [scopeId]);
    const single = connectDatabase(ctx.databaseUrl, { max: 1 });
    try {
      const building = ensureDays(single.db, {
        scopeId,
        scope,
        filter: parseStatusFilter(undefined),
        from: '2020-01-01',
        to: '2020-01-31',
      });
      await new Promise((r) => setTimeout(r, 300));
      // The only connection of the pool is free for other requests while the build waits.
      const started = Date.now();
      await single.db.execute(sql`select 1`);
      expect(Date.now() - started).toBeLessThan(1_000);
      await other.query('commit');
      await building;
      const { rows } = await ctx.pool.query<{ n: string }>(
        `select count(*) as n from report_days where scope_id = $1 and day between '2020-01-01' and '2020-01-31'`,
        [scopeId],
      );
      expect(Number(rows[0]!.n)).toBe(31);
    } finally {
      await other.end();
      await single.close();
    }
  });
});
