import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { jobFailures } from '../db/schema';
import type { JobRequest } from './job-queue';

/**
 * The failures of jobs done for a person (a job definition's `owner`): recorded when a job fails for good, so
 * the person sees that their work stopped and can start it again; removed by the job's next success.
 */
export async function recordOwnedFailure(
  ctx: Pick<AppContext, 'db'>,
  failure: { userId: string; job: string; payload: unknown; jobKey: string | undefined; message: string },
) {
  const values = {
    userId: failure.userId,
    job: failure.job,
    payload: failure.payload ?? {},
    jobKey: failure.jobKey ?? null,
    message: failure.message,
    failedAt: sql`now()`,
  };
  await ctx.db
    .insert(jobFailures)
    .values(values)
    .onConflictDoUpdate({ target: [jobFailures.userId, jobFailures.job], set: values });
}

export async function clearOwnedFailure(ctx: Pick<AppContext, 'db'>, userId: string, job: string) {
  await ctx.db.delete(jobFailures).where(and(eq(jobFailures.userId, userId), eq(jobFailures.job, job)));
}

export async function ownedFailures(ctx: Pick<AppContext, 'db'>, userId: string) {
  return ctx.db
    .select()
    .from(jobFailures)
    .where(eq(jobFailures.userId, userId))
    .orderBy(jobFailures.failedAt);
}

/**
 * Runs a person's failed job again with what it last ran with (its key, so a waiting run absorbs it). Null when
 * that job has not failed for them. Its failure stays until the run succeeds.
 */
export async function retryOwnedFailure(ctx: Pick<AppContext, 'db' | 'jobs'>, userId: string, job: string) {
  const [failure] = await ctx.db
    .select()
    .from(jobFailures)
    .where(and(eq(jobFailures.userId, userId), eq(jobFailures.job, job)));
  if (!failure) return null;
  await ctx.jobs.enqueueMany([
    {
      name: failure.job,
      payload: failure.payload,
      options: failure.jobKey ? { jobKey: failure.jobKey } : {},
    } as JobRequest,
  ]);
  return failure;
}
