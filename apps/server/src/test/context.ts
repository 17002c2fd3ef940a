import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { connectDatabase } from '../db/client';
import { buildApp, type FeatureRoutes } from '../http/app';
import { createJobQueue } from '../jobs/queue';
import { createSecrets } from '../lib/crypto';
import { createPubSub } from '../realtime/pubsub';

export type TestContext = AppContext & {
  databaseUrl: string;
  dataDir: string;
  /** Moves the context's clock; `null` goes back to real time. */
  setNow: (date: Date | null) => void;
  close: () => Promise<void>;
};

async function createDatabaseFromTemplate(): Promise<string> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** A fresh, migrated database of its own, and the context the app and the workers run with. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const databaseUrl = await createDatabaseFromTemplate();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_URL: 'http://localhost:3000',
    DEMO_MODE: 'true',
    // Report reads build every missing day (tests read figures); a test of cold reads sets a budget.
    REPORT_READ_BUDGET_MS: '60000',
    ...env,
  });
  const { db, pool } = connectDatabase(databaseUrl, { max: 5 });
  const pubsub = await createPubSub(databaseUrl);
  const jobs = await createJobQueue(pool);
  let fixedNow: Date | null = null;
  return {
    config,
    db,
    pool,
    secrets: createSecrets('test-secret-key-that-is-long-enough-0123456789'),
    pubsub,
    jobs,
    now: () => (fixedNow ? new Date(fixedNow) : new Date()),
    setNow: (date) => {
      fixedNow = date;
    },
    databaseUrl,
    dataDir,
    close: async () => {
      await jobs.close();
      await pubsub.close();
      await pool.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(ctx: AppContext, features: FeatureRoutes[]) {
  const app = await buildApp(ctx, features);
  await app.ready();
  return app;
}
