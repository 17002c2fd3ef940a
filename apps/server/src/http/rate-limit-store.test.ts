import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { connectDatabase, type Db } from '../db/client';
import { createTestContext, type TestContext } from '../test/context';
import { publicTestEndpoint } from '../test/endpoints';
import { buildApp, type FeatureRoutes } from './app';
import { route } from './endpoint';
import { pgRateLimitStore, SharedCounters } from './rate-limit-store';

const routes: FeatureRoutes = (app) => {
  route(app, publicTestEndpoint('/api/v1/test/open'), async () => ({ data: null }));
  route(app, publicTestEndpoint('/api/v1/test/guarded'), async () => ({ data: null }), {
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
  });
  // Outside the API, as the forms of pages without JavaScript and the webhooks are.
  app.get('/test-page', async () => 'page');
  app.get(
    '/test-page/guarded',
    { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } },
    async () => 'page',
  );
};

let ctx: TestContext;
let second: Db;
let apps: Awaited<ReturnType<typeof buildApp>>[];

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '200' });
  // A second API process: its own pool and app, the same database.
  second = connectDatabase(ctx.databaseUrl, { max: 3 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: ctx.dataDir,
    DATABASE_URL: ctx.databaseUrl,
    RATE_LIMIT_PER_MINUTE: '200',
  });
  apps = [
    await buildApp(ctx, [routes]),
    await buildApp({ ...ctx, config, db: second.db, pool: second.pool }, [routes]),
  ];
  for (const app of apps) await app.ready();
});

afterAll(async () => {
  for (const app of apps ?? []) await app.close();
  await second?.close();
  await ctx?.close();
});

const statuses = async (app: (typeof apps)[number], url: string, count: number, headers = {}) => {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await app.inject({ url, headers })).statusCode);
  return out;
};

/** Windows are whole minutes of the clock: a test never starts in the last seconds of one. */
async function awayFromWindowEdge() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
}

describe('rate limits shared by every API process', () => {
  beforeEach(awayFromWindowEdge);

  it('count a route outside the API that sets its own limit, and no other route outside the API', async () => {
    const guarded = await statuses(apps[0]!, '/test-page/guarded', 4, { 'x-forwarded-for': '10.7.0.1' });
    expect(guarded).toEqual([200, 200, 200, 429]);
    expect(await statuses(apps[0]!, '/test-page', 250)).toEqual(Array(250).fill(200));
  });

  it('give a guarded route one exact budget across processes', async () => {
    const first = await statuses(apps[0]!, '/api/v1/test/guarded', 3);
    const then = await statuses(apps[1]!, '/api/v1/test/guarded', 3);
    expect([...first, ...then]).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await apps[0]!.inject({ url: '/api/v1/test/guarded' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].status).toBe('429');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limit every API route per session, and the budget is not doubled by a second process', async () => {
    const session = { authorization: 'Bearer some-session-token-of-one-person' };
    const first = await statuses(apps[0]!, '/api/v1/test/open', 150, session);
    await new Promise((r) => setTimeout(r, 400)); // one flush of the batched counts
    const then = await statuses(apps[1]!, '/api/v1/test/open', 150, session);
    const accepted = [...first, ...then].filter((s) => s === 200).length;
    expect(first.every((s) => s === 200)).toBe(true);
    expect(then).toContain(429);
    expect(accepted).toBeGreaterThanOrEqual(200);
    expect(accepted).toBeLessThanOrEqual(205);
    // Another person (another key) keeps a budget of their own.
    expect((await apps[1]!.inject({ url: '/api/v1/test/open' })).statusCode).toBe(200);
  });
});

describe('sliding windows: a burst across a window edge gets the budget once', () => {
  afterEach(() => vi.useRealTimers());

  /** The plugin's view of one request: admitted or not, and the Retry-After it would send. */
  async function hit(store: InstanceType<ReturnType<typeof pgRateLimitStore>>, key: string, max: number) {
    return new Promise<{ admitted: boolean; retryAfter: number }>((resolve, reject) =>
      store.incr(
        key,
        (error, result) =>
          error
            ? reject(error)
            : resolve({ admitted: result!.current <= max, retryAfter: Math.ceil(result!.ttl / 1000) }),
        60_000,
        max,
      ),
    );
  }

  for (const [kind, max] of [
    ['exact (sign-in sized)', 5],
    ['batched (the per-session budget)', 150],
  ] as const) {
    it(`${kind}: ${max} just before a minute's edge, then nothing more just after it`, async () => {
      const counters = new SharedCounters(ctx.pool, 50);
      const Store = pgRateLimitStore(counters);
      const store = new Store({}) as InstanceType<typeof Store>;
      const key = `edge-${kind}-${Date.now()}`;
      const edge = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
      vi.useFakeTimers({ toFake: ['Date'] });

      vi.setSystemTime(edge - 100);
      const before = [];
      for (let i = 0; i < max; i++) before.push(await hit(store, key, max));
      expect(before.every((h) => h.admitted)).toBe(true);
      await counters.flush();

      vi.setSystemTime(edge + 100);
      const after = [];
      for (let i = 0; i < max; i++) after.push(await hit(store, key, max));
      // Fixed windows admitted all of these: twice the budget within 200 ms.
      expect(after.filter((h) => h.admitted)).toHaveLength(0);
      // Retry-After: when the requests of the last slice before the edge stop counting (about a minute on).
      expect(after[0]!.retryAfter).toBeGreaterThanOrEqual(59);
      expect(after[0]!.retryAfter).toBeLessThanOrEqual(66);

      // Refused requests were not counted: once the window slid past the burst, the budget is back whole.
      vi.setSystemTime(edge - 100 + 66_000);
      const later = [];
      for (let i = 0; i < max; i++) later.push(await hit(store, key, max));
      expect(later.every((h) => h.admitted)).toBe(true);
      expect((await hit(store, key, max)).admitted).toBe(false);
      await counters.close();
    });
  }

  it('holds across two processes at the edge (exact budgets)', async () => {
    const first = new SharedCounters(ctx.pool, 50);
    const other = new SharedCounters(second.pool, 50);
    const [A, B] = [pgRateLimitStore(first), pgRateLimitStore(other)];
    const a = new A({}) as InstanceType<typeof A>;
    const b = new B({}) as InstanceType<typeof B>;
    const key = `two-${Date.now()}`;
    const edge = Math.ceil(Date.now() / 60_000) * 60_000 + 120_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(edge - 50);
    const results = await Promise.all([...Array.from({ length: 6 }, () => hit(a, key, 6))]);
    vi.setSystemTime(edge + 50);
    results.push(...(await Promise.all(Array.from({ length: 6 }, () => hit(b, key, 6)))));
    expect(results.filter((r) => r.admitted)).toHaveLength(6);
    await first.close();
    await other.close();
  });
});

describe('a counter commits without waiting for the disk', () => {
  it('turns synchronous commit off for its own statement, and for nothing else on the session', async () => {
    const client = await ctx.pool.connect();
    try {
      // Each statement of the counters, inside a transaction this test holds open, so its setting can be read.
      const counters = new SharedCounters(client as unknown as typeof ctx.pool, 60_000);
      const key = `relaxed-${Date.now()}`;
      const setting = async () =>
        (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!
          .synchronous_commit;

      for (const step of [
        () => counters.hitNow(key, 60_000, 100),
        () => counters.hitBatched(key, 60_000, 100).then(() => counters.flush()),
        () => counters.hitNow(key, 60_000, 0),
      ]) {
        await client.query('begin');
        await step();
        expect(await setting()).toBe('off');
        await client.query('commit');
        // Outside the counter's transaction the session commits as always.
        expect(await setting()).toBe('on');
      }
      // The three steps counted and took back as before: one hit, one batched, one refused and taken back.
      const { rows } = await client.query<{ count: number }>(
        'select sum(count)::int as count from rate_limits where key like $1',
        [`${key}:%`],
      );
      expect(rows[0]!.count).toBe(2);
      await counters.close();
    } finally {
      client.release();
    }
  });
});
