import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { connectDatabase, type Db } from '../db/client';
import { createTestContext, type TestContext } from '../test/context';
import { buildApp, type FeatureRoutes } from './app';

const routes: FeatureRoutes = (app) => {
  app.get('/api/v1/test/open', { config: { public: true } }, async () => ({ data: null }));
  app.get(
    '/api/v1/test/guarded',
    { config: { public: true, rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async () => ({
      data: null,
    }),
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
