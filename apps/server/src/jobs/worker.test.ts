import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../test/context';
import { defineJob, type JobHelpers } from './define';
import { createJobQueue, type JobQueue } from './queue';
import { type RunningWorker, startWorker } from './worker';

type Run = { job: string; payload: unknown; at: number } & Pick<
  JobHelpers,
  'attempt' | 'maxAttempts' | 'jobKey' | 'cron'
> & {
    sameContext: boolean;
  };

const runs: Run[] = [];
let ctx: TestContext;

function record(job: string, payload: unknown, helpers: JobHelpers) {
  runs.push({
    job,
    payload,
    at: Date.now(),
    attempt: helpers.attempt,
    maxAttempts: helpers.maxAttempts,
    jobKey: helpers.jobKey,
    cron: helpers.cron,
    sameContext: helpers.ctx === ctx,
  });
}

let slowFinished = false;

const testJobs = {
  record: defineJob({
    name: 'record',
    payload: z.strictObject({ id: z.string() }),
    async run(payload, helpers) {
      record('record', payload, helpers);
    },
  }),
  flaky: defineJob({
    name: 'flaky',
    payload: z.object({ id: z.string() }),
    maxAttempts: 3,
    async run(payload, helpers) {
      record('flaky', payload, helpers);
      if (helpers.attempt === 1) throw new Error('the first attempt fails');
    },
  }),
  always_fails: defineJob({
    name: 'always_fails',
    payload: z.object({}),
    async run(payload, helpers) {
      record('always_fails', payload, helpers);
      throw new Error('nope, never');
    },
  }),
  slow: defineJob({
    name: 'slow',
    payload: z.object({}),
    async run() {
      await new Promise((resolve) => setTimeout(resolve, 400));
      slowFinished = true;
    },
  }),
} as const;

/** Run only by the worker of the test that reads the log (the file's worker does not know it). */
const loggedJobs = {
  bad_statement: defineJob({
    name: 'bad_statement',
    payload: z.object({}),
    async run(_payload, helpers) {
      // A statement over 100,000 values that PostgreSQL refuses: drizzle's error holds them all.
      const ids = Array.from(
        { length: 100_000 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      await helpers.ctx.db.execute(
        sql`select * from meetings where id = any(${sql.param(ids)}::uuid[]) and no_such_column = 1`,
      );
    },
  }),
};

let queue: JobQueue<typeof testJobs>;
let worker: RunningWorker;
const failures: string[] = [];

const runsOf = (id: string) => runs.filter((r) => (r.payload as { id?: string }).id === id);

async function jobRow(task: string) {
  const { rows } = await ctx.pool.query<{
    attempts: number;
    max_attempts: number;
    last_error: string | null;
  }>('select attempts, max_attempts, last_error from graphile_worker.jobs where task_identifier = $1', [
    task,
  ]);
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await createJobQueue(ctx.pool, { registry: testJobs });
  worker = await startWorker(ctx, { concurrency: 2, registry: testJobs, crontab: false, pollInterval: 100 });
  worker.events.on('job:error', ({ error }) => failures.push(String((error as Error).message)));
});
afterAll(async () => {
  await worker.stop();
  await queue.close();
  await ctx.close();
});

describe('startWorker', () => {
  it('runs an enqueued job within a second, with its helpers', async () => {
    const enqueuedAt = Date.now();
    await queue.enqueue('record', { id: 'fast' }, { jobKey: 'fast-key' });
    await vi.waitFor(() => expect(runsOf('fast')).toHaveLength(1), { timeout: 1_000, interval: 10 });
    const [run] = runsOf('fast');
    expect(run!.at - enqueuedAt).toBeLessThan(1_000);
    expect(run).toMatchObject({
      job: 'record',
      payload: { id: 'fast' },
      attempt: 1,
      jobKey: 'fast-key',
      sameContext: true,
    });
    expect(run!.cron).toBeUndefined();
    await vi.waitFor(async () => expect(await jobRow('record')).toEqual([]));
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    await queue.enqueue('flaky', { id: 'retry' });
    await vi.waitFor(() => expect(runsOf('retry')).toHaveLength(1), { timeout: 5_000, interval: 20 });
    await vi.waitFor(() => expect(failures).toContain('the first attempt fails'), { timeout: 5_000 });
    // The worker says the job failed before it writes the failure to the job's row: waited for, not assumed
    // (on a busy machine the row was read in between).
    await vi.waitFor(
      async () =>
        expect(await jobRow('flaky')).toEqual([
          { attempts: 1, max_attempts: 3, last_error: expect.stringContaining('the first attempt fails') },
        ]),
      { timeout: 2_000, interval: 20 },
    );

    // graphile-worker waits e^1 ≈ 2.7 s before the second attempt.
    await vi.waitFor(() => expect(runsOf('retry')).toHaveLength(2), { timeout: 8_000, interval: 50 });
    expect(runsOf('retry').map((r) => r.attempt)).toEqual([1, 2]);
    expect(runsOf('retry')[1]!.at - runsOf('retry')[0]!.at).toBeGreaterThan(2_000);
    await vi.waitFor(async () => expect(await jobRow('flaky')).toEqual([]));
  });

  it('keeps a job that used up its attempts, with its last error', async () => {
    await queue.enqueue('always_fails', {}, { maxAttempts: 1 });
    await vi.waitFor(async () =>
      expect(await jobRow('always_fails')).toEqual([
        { attempts: 1, max_attempts: 1, last_error: expect.stringContaining('nope, never') },
      ]),
    );
  });

  it('checks the payload again when the job runs', async () => {
    await ctx.pool.query(`select graphile_worker.add_job('record', '{"id": 5}'::json, max_attempts => 1)`);
    await vi.waitFor(() =>
      expect(failures).toContainEqual(
        expect.stringMatching(/^Invalid payload for job "record" at run: id: /),
      ),
    );
    expect(runs.filter((r) => (r.payload as { id?: unknown }).id === 5)).toEqual([]);
  });

  it('hands cron metadata to the job separately from its payload', async () => {
    await ctx.pool.query(
      `select graphile_worker.add_job('record', '{"id": "cron", "_cron": {"ts": "2030-01-01T03:17:00Z", "backfilled": true}}'::json)`,
    );
    await vi.waitFor(() => expect(runsOf('cron')).toHaveLength(1));
    expect(runsOf('cron')[0]).toMatchObject({
      payload: { id: 'cron' },
      cron: { ts: '2030-01-01T03:17:00Z', backfilled: true },
    });
  });

  it("logs a failed job in one bounded line naming the database error, not the statement's values", async () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const logged = await startWorker(
      { ...ctx, config: { ...ctx.config, logLevel: 'error' } },
      { concurrency: 1, registry: loggedJobs, crontab: false, pollInterval: 100 },
    );
    const loggedQueue = await createJobQueue(ctx.pool, { registry: loggedJobs });
    try {
      await loggedQueue.enqueue('bad_statement', {}, { maxAttempts: 1 });
      await vi.waitFor(() => expect(written.some((line) => line.includes('bad_statement'))).toBe(true), {
        timeout: 15_000,
      });
    } finally {
      await logged.stop();
      await loggedQueue.close();
      write.mockRestore();
    }
    const line = written.find((l) => l.includes('bad_statement'))!;
    expect(line.length).toBeLessThan(8_000);
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({ task: 'bad_statement', level: 50 });
    expect(String(entry.jobId)).toMatch(/^\d+$/);
    expect(entry.attempt).toBe(1);
    expect(entry.msg).toContain('attempt 1 of 1');
    expect(entry.msg).toContain('PostgreSQL 42703: column "no_such_column" does not exist');
    expect(entry.msg).not.toContain('00000000-0000-4000-8000-');
    const [row] = await jobRow('bad_statement');
    expect(row!.last_error!.length).toBeLessThan(2_000);
    expect(row!.last_error).toContain('42703');
  });

  // Last: it stops the file's worker (stop() is idempotent, so afterAll's call is harmless).
  it('waits for the running job when stopped', async () => {
    await queue.enqueue('slow', {});
    await vi.waitFor(async () => {
      const { rows } = await ctx.pool.query(
        `select 1 from graphile_worker.jobs where task_identifier = 'slow' and locked_at is not null`,
      );
      expect(rows).toHaveLength(1);
    });
    expect(slowFinished).toBe(false);
    await worker.stop();
    expect(slowFinished).toBe(true);
    expect(await jobRow('slow')).toEqual([]);
  });
});
