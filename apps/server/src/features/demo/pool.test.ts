import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../http/app';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { claimDemo, DEMO_POOL_FRESH_MS, readyDemos, refillDemoPool, startDemo, tendDemoPool } from './pool';
import { removeDemoTeams } from './seed';

const JSON_API = { 'content-type': 'application/vnd.api+json' };
const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
/** A fixed clock at noon UTC today: the same local day in Berlin and New York, an hour on included. */
const today = new Date();
const NOON = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12));
const at = (ms: number) => new Date(NOON.getTime() + ms);

function tryDemo(app: App, options: { timeZone?: string; remoteAddress?: string; cookie?: string } = {}) {
  const csrf = /MWCsrf=([^;]+)/.exec(options.cookie ?? '')?.[1];
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/demo',
    remoteAddress: options.remoteAddress ?? '203.0.113.9',
    headers: {
      ...JSON_API,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(csrf ? { 'x-csrf-token': csrf } : {}),
    },
    payload: JSON.stringify({
      data: { type: 'sessions', attributes: { time_zone: options.timeZone ?? BERLIN } },
    }),
  });
}

const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

type PoolRow = { company_id: string; admin_id: string; time_zone: string; claimed_at: Date | null };

async function poolRows(ctx: TestContext): Promise<PoolRow[]> {
  const { rows } = await ctx.db.execute<Omit<PoolRow, 'claimed_at'> & { claimed_at: string | null }>(
    sql`select company_id, admin_id, time_zone, claimed_at from demo_pool order by built_at, company_id`,
  );
  return rows.map((r) => ({ ...r, claimed_at: r.claimed_at === null ? null : new Date(r.claimed_at) }));
}

async function demoCompanies(ctx: TestContext) {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from companies where is_demo`,
  );
  return rows[0]!.n;
}

async function refillJobs(ctx: TestContext) {
  const { rows } = await ctx.pool.query<{ key: string; payload: { timeZone: string } }>(
    `select j.key, j.payload from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'demo_pool_refill' order by j.key`,
  );
  return rows;
}

async function emptyEverything(ctx: TestContext) {
  const { rows } = await ctx.db.execute<{ id: string }>(sql`select id from companies where is_demo`);
  await removeDemoTeams(
    ctx,
    rows.map((r) => r.id),
  );
  await ctx.pool.query(
    `select graphile_worker.remove_job(key) from graphile_worker.jobs where task_identifier = 'demo_pool_refill'`,
  );
  ctx.setNow(NOON);
}

describe('the demo pool: demo teams built ahead, claimed on the click', () => {
  let ctx: TestContext;
  let app: App;
  beforeAll(async () => {
    ctx = await createTestContext({ DEMO_MODE: 'true', DEMO_POOL_SIZE: '2', DEMO_PER_IP_PER_HOUR: '1000' });
    app = await createTestApp(ctx, allRoutes);
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });
  beforeEach(() => emptyEverything(ctx));

  it('hands the visitor a ready demo of their time zone, seeded ahead, and queues its refill', async () => {
    expect(await refillDemoPool(ctx, BERLIN)).toBe(2);
    const ready = await poolRows(ctx);
    expect(ready.map((r) => [r.time_zone, r.claimed_at])).toEqual([
      [BERLIN, null],
      [BERLIN, null],
    ]);
    // Whole before it is offered: each pooled demo already holds its meetings.
    const { rows: meetings } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from meetings where user_id = ${ready[0]!.admin_id}`);
    expect(meetings[0]!.n).toBeGreaterThan(5);

    // Ten minutes on, a visitor clicks.
    const clickedAt = at(10 * 60_000);
    ctx.setNow(clickedAt);
    const res = await tryDemo(app);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.id).toBe(ready[0]!.admin_id);
    expect(await demoCompanies(ctx)).toBe(2);
    const after = await poolRows(ctx);
    expect(after.find((r) => r.company_id === ready[0]!.company_id)?.claimed_at).toEqual(clickedAt);
    expect(after.find((r) => r.company_id === ready[1]!.company_id)?.claimed_at).toBeNull();
    // Its day of life starts at the claim.
    const { rows: company } = await ctx.db.execute<{ created_at: string }>(
      sql`select created_at from companies where id = ${ready[0]!.company_id}`,
    );
    expect(new Date(company[0]!.created_at)).toEqual(clickedAt);

    expect(await refillJobs(ctx)).toEqual([
      { key: `demo_pool_refill:${BERLIN}`, payload: { timeZone: BERLIN } },
    ]);
    expect(await refillDemoPool(ctx, BERLIN)).toBe(1);
    expect(await readyDemos(ctx, BERLIN)).toBe(2);
    expect(await refillDemoPool(ctx, BERLIN)).toBe(0);
  });

  it('gives visitors clicking at once a ready demo each, never one demo twice', async () => {
    await refillDemoPool(ctx, BERLIN);
    const pooled = (await poolRows(ctx)).map((r) => r.admin_id);
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDemo(ctx, BERLIN)));
    const got = claims.flatMap((c) => (c ? [c.id] : []));
    expect(got.sort()).toEqual([...pooled].sort());
    expect(claims.filter((c) => c === null)).toHaveLength(4);
    expect((await poolRows(ctx)).every((r) => r.claimed_at !== null)).toBe(true);
  });

  it('seeds on the click for visitors past the pool, each their own team, all at once', async () => {
    await refillDemoPool(ctx, BERLIN);
    const pooled = new Set((await poolRows(ctx)).map((r) => r.admin_id));
    const visitors = await Promise.all(
      Array.from({ length: 3 }, (_, i) => tryDemo(app, { remoteAddress: `198.51.100.${40 + i}` })),
    );
    expect(visitors.map((v) => v.statusCode)).toEqual([201, 201, 201]);
    const ids = visitors.map((v) => v.json().data.id as string);
    expect(new Set(ids).size).toBe(3);
    expect(ids.filter((id) => pooled.has(id))).toHaveLength(2);
    // The third was seeded on the click, recorded as claimed (so the pool learns its zone).
    const rows = await poolRows(ctx);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.claimed_at !== null && r.time_zone === BERLIN)).toBe(true);
    expect(await demoCompanies(ctx)).toBe(3);
  });

  it('seeds on the click when the pool holds only other zones or stale demos', async () => {
    await refillDemoPool(ctx, BERLIN);
    const berlin = new Set((await poolRows(ctx)).map((r) => r.admin_id));

    const res = await tryDemo(app, { timeZone: NEW_YORK });
    expect(res.statusCode).toBe(201);
    const visitor = res.json().data;
    expect(berlin.has(visitor.id)).toBe(false);
    expect(visitor.attributes.time_zone).toBe(NEW_YORK);
    expect(await readyDemos(ctx, BERLIN)).toBe(2);
    expect((await refillJobs(ctx)).map((j) => j.payload.timeZone)).toEqual([NEW_YORK]);

    // An hour on, the Berlin demos are stale: a Berlin visitor gets a fresh one, the upkeep removes them.
    ctx.setNow(at(DEMO_POOL_FRESH_MS + 60_000));
    expect(await readyDemos(ctx, BERLIN)).toBe(0);
    const later = await tryDemo(app, { remoteAddress: '198.51.100.50' });
    expect(later.statusCode).toBe(201);
    expect(berlin.has(later.json().data.id)).toBe(false);
    expect(await tendDemoPool(ctx)).toBe(2);
    const { rows: gone } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where id = any(${sql.param([...berlin])}::uuid[])`,
    );
    expect(gone[0]!.n).toBe(0);
    // Both zones visitors came from get their pool topped up.
    expect((await refillJobs(ctx)).map((j) => j.payload.timeZone).sort()).toEqual([NEW_YORK, BERLIN].sort());
  });

  it('returns a visitor whose demo session is still valid to that same demo', async () => {
    await refillDemoPool(ctx, BERLIN);
    const first = await tryDemo(app);
    expect(first.statusCode).toBe(201);
    const cookie = cookiesOf(first);
    expect(cookie).toContain('MWCsrf=');
    const again = await tryDemo(app, { cookie });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    // No other demo was taken: one claimed, one still ready.
    expect(await readyDemos(ctx, BERLIN)).toBe(1);
    const bearer = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/demo',
      remoteAddress: '203.0.113.9',
      headers: { ...JSON_API, authorization: `Bearer ${first.json().meta.token as string}` },
      payload: JSON.stringify({ data: { type: 'sessions', attributes: { time_zone: NEW_YORK } } }),
    });
    expect(bearer.json().data.id).toBe(first.json().data.id);
    // The browser's zone is sent at each sign-in: the returning visitor's demo moves to it.
    expect(bearer.json().data.attributes.time_zone).toBe(NEW_YORK);
    expect(await demoCompanies(ctx)).toBe(2);

    // Signed out (no session), the same browser gets another demo.
    const signedOut = await tryDemo(app);
    expect(signedOut.statusCode).toBe(201);
    expect(signedOut.json().data.id).not.toBe(first.json().data.id);
  });

  it("never builds past DEMO_MAX_TEAMS, and a click at the cap removes waiting demos before a visitor's", async () => {
    // This context's cap is the default 200: fill it as a smaller one would be, by counting what is there.
    await refillDemoPool(ctx, BERLIN);
    const visitor = (await tryDemo(app, { timeZone: NEW_YORK })).json().data.id as string;
    expect(await demoCompanies(ctx)).toBe(3);
    const capped = { ...ctx, config: { ...ctx.config, demo: { ...ctx.config.demo, maxTeams: 3 } } };
    expect(await refillDemoPool(capped, NEW_YORK)).toBe(0);
    const next = await startDemo(capped, { timeZone: 'Asia/Tokyo' });
    expect(next.timeZone).toBe('Asia/Tokyo');
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`select u.id from users u join companies c on c.id = u.company_id where c.is_demo and u.email like 'alex@%'`,
    );
    // One waiting Berlin demo made room; the visitor's demo stays.
    expect(rows.map((r) => r.id)).toContain(visitor);
    expect(rows.map((r) => r.id)).toContain(next.id);
    expect(await readyDemos(ctx, BERLIN)).toBe(1);
  });
});

describe('the demo_pool_refill job', () => {
  let ctx: TestContext;
  let app: App;
  let worker: RunningWorker;
  beforeAll(async () => {
    ctx = await createTestContext({ DEMO_MODE: 'true', DEMO_POOL_SIZE: '2' });
    app = await createTestApp(ctx, allRoutes);
    worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await ctx.close();
  });

  it('fills the pool of the zone a visitor came from, so the next visitor claims a ready demo', async () => {
    // The first visitor of a zone has no pool yet: seeded on the click.
    const first = await tryDemo(app, { timeZone: NEW_YORK });
    expect(first.statusCode).toBe(201);
    await vi.waitFor(async () => expect(await readyDemos(ctx, NEW_YORK)).toBe(2), {
      timeout: 90_000,
      interval: 200,
    });
    const ready = new Set((await poolRows(ctx)).filter((r) => !r.claimed_at).map((r) => r.admin_id));
    const next = await tryDemo(app, { timeZone: NEW_YORK, remoteAddress: '198.51.100.60' });
    expect(ready.has(next.json().data.id)).toBe(true);
  });
});

describe('a worker whose own DEMO_MODE is off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ DEMO_MODE: 'false', DEMO_POOL_SIZE: '1' });
  });
  afterAll(() => ctx.close());

  it('still fills the pool it was asked to (only a server in demo mode queues the job)', async () => {
    expect(await refillDemoPool(ctx, BERLIN)).toBe(1);
    expect(await readyDemos(ctx, BERLIN)).toBe(1);
  });
});

describe('without a pool (DEMO_POOL_SIZE=0)', () => {
  let ctx: TestContext;
  let app: App;
  beforeAll(async () => {
    ctx = await createTestContext({ DEMO_MODE: 'true', DEMO_POOL_SIZE: '0' });
    app = await createTestApp(ctx, allRoutes);
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('seeds each demo on the click and queues no refill', async () => {
    expect(await refillDemoPool(ctx, BERLIN)).toBe(0);
    const res = await tryDemo(app);
    expect(res.statusCode).toBe(201);
    expect(await poolRows(ctx)).toEqual([
      expect.objectContaining({
        admin_id: res.json().data.id,
        time_zone: BERLIN,
        claimed_at: expect.any(Date),
      }),
    ]);
    expect(await refillJobs(ctx)).toEqual([]);
  });
});
