import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { connectDatabase, type Db } from '../db/client';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { healthRoutes } from '../features/health/routes';
import { createJobQueue } from '../jobs/queue';
import { createSecrets } from '../lib/crypto';
import { createPubSub } from '../realtime/pubsub';
import { publicTestEndpoint } from '../test/endpoints';
import { buildApp, type FeatureRoutes } from './app';
import { route } from './endpoint';

/** Any route that reads the database: the error handler, not the route, decides what an outage answers. */
const readsUsers: FeatureRoutes = (app, ctx) => {
  route(app, publicTestEndpoint('/api/v1/test/users'), async () => ({
    data: (await ctx.db.select({ id: users.id }).from(users).limit(1)).map((u) => ({
      id: u.id,
      type: 'users',
    })),
  }));
};

let dataDir: string;
let database: EmbeddedDatabase;
let db: Db;
let app: Awaited<ReturnType<typeof buildApp>>;
let ctx: AppContext;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-outage-'));
  await fs.chmod(dataDir, 0o755);
  database = await startEmbeddedDatabase({ dataDir, databaseName: 'outage', persistent: false });
  db = connectDatabase(database.url, { max: 4 });
  await runMigrations(db);
  ctx = {
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
    }),
    db: db.db,
    pool: db.pool,
    secrets: createSecrets('test-secret-key-that-is-long-enough-0123456789'),
    pubsub: await createPubSub(database.url, { onError: () => {} }),
    jobs: await createJobQueue(db.pool),
    now: () => new Date(),
  };
  app = await buildApp(ctx, [healthRoutes, readsUsers]);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await ctx?.jobs.close();
  await ctx?.pubsub.close();
  await db?.close();
  await database?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('while the database is away', () => {
  it('answers 503 with Retry-After (never a 500 or a hang), then serves again once it is back', async () => {
    expect((await app.inject({ url: '/api/v1/test/users' })).statusCode).toBe(200);
    const before = database.pid()!;
    process.kill(before, 'SIGKILL');
    const seen = new Set<number>();
    let recovered = false;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      for (const url of ['/api/v1/health', '/api/v1/test/users']) {
        const started = Date.now();
        const response = await app.inject({ url });
        expect(Date.now() - started).toBeLessThan(7_000);
        seen.add(response.statusCode);
        if (response.statusCode === 503) {
          expect(response.headers['retry-after']).toBe('5');
          expect(response.json().errors[0].status).toBe('503');
        } else {
          expect(response.statusCode).toBe(200);
        }
      }
      if (seen.has(503) && (await app.inject({ url: '/api/v1/test/users' })).statusCode === 200) {
        recovered = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.has(503)).toBe(true);
    expect(recovered).toBe(true);
    expect(database.pid()).not.toBe(before);
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  }, 90_000);
});
