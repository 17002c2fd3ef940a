import type pg from 'pg';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { Secrets } from './lib/crypto';
import type { PubSub } from './realtime/pubsub';

/** What every route, job and service reaches: created once in main.ts (or by the test harness). */
export type AppContext = {
  config: Config;
  db: Database;
  pool: pg.Pool;
  secrets: Secrets;
  pubsub: PubSub;
  jobs: JobQueue;
  /** The clock, so tests can move time. */
  now: () => Date;
};
