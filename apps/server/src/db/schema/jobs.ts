import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/**
 * Liveness of the job workers (jobs/recovery.ts): every worker of a running process refreshes its row; the
 * jobs a worker locked are unlocked for others once its row is stale (it crashed or was killed), instead of
 * after graphile-worker's fixed four hours.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  seenAt: ts('seen_at').notNull().defaultNow(),
});

/**
 * A person's job that failed for good (jobs/owned-failures.ts): what failed, when and why, and what to run to
 * try again. The job's next success removes it; the app shows it where that job's work shows.
 */
export const jobFailures = pgTable(
  'job_failures',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    job: text('job').notNull(),
    payload: jsonb('payload').notNull(),
    jobKey: text('job_key'),
    message: text('message').notNull(),
    failedAt: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.job] })],
);

/**
 * Request counters of the rate limits (http/rate-limit-store.ts), shared by every API process: one row per
 * limited key and fixed window. UNLOGGED (see the migration): counters need no crash safety.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
