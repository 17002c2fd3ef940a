import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../test/context';
import { defineJob, InvalidJobPayloadError } from './define';
import { createJobQueue, type JobQueue, UnknownJobError } from './queue';

const testJobs = {
  send_digest: defineJob({
    name: 'send_digest',
    payload: z.object({ userId: z.uuid(), period: z.enum(['day', 'week']).default('day') }),
    maxAttempts: 4,
    async run() {},
  }),
  with_date: defineJob({
    name: 'with_date',
    payload: z.object({ at: z.date() }),
    async run() {},
  }),
} as const;

type StoredJob = {
  task: string;
  payload: unknown;
  key: string | null;
  run_at: Date;
  max_attempts: number;
  priority: number;
  queue_name: string | null;
};

let ctx: TestContext;
let queue: JobQueue<typeof testJobs>;
const USER = '6f1c1f57-5d0a-4c59-9a43-0d6f4c7c8f11';

async function storedJobs(): Promise<StoredJob[]> {
  const { rows } = await ctx.pool.query<StoredJob>(
    `select t.identifier as task, j.payload, j.key, j.run_at, j.max_attempts, j.priority, q.queue_name
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
       left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
      order by j.id`,
  );
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await createJobQueue(ctx.pool, { registry: testJobs });
});
afterAll(async () => {
  await queue.close();
  await ctx.close();
});

describe('JobQueue', () => {
  it('stores a validated payload (defaults applied) with the definition’s maxAttempts', async () => {
    await ctx.pool.query('delete from graphile_worker._private_jobs');
    await queue.enqueue('send_digest', { userId: USER });
    expect(await storedJobs()).toEqual([
      expect.objectContaining({
        task: 'send_digest',
        payload: { userId: USER, period: 'day' },
        key: null,
        max_attempts: 4,
        priority: 0,
        queue_name: null,
      }),
    ]);
  });

  it('replaces the pending job with the same key, or keeps it with unsafe_dedupe', async () => {
    await ctx.pool.query('delete from graphile_worker._private_jobs');
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await queue.enqueue('send_digest', { userId: USER, period: 'day' }, { jobKey: 'digest:1', runAt: later });
    await queue.enqueue(
      'send_digest',
      { userId: USER, period: 'week' },
      { jobKey: 'digest:1', runAt: later },
    );
    let jobs = await storedJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ key: 'digest:1', payload: { period: 'week' } });

    await queue.enqueue(
      'send_digest',
      { userId: USER, period: 'day' },
      { jobKey: 'digest:1', jobKeyMode: 'unsafe_dedupe' },
    );
    jobs = await storedJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ payload: { period: 'week' } });
    expect(jobs[0]!.run_at.getTime()).toBe(later.getTime());

    // preserve_run_at updates the payload but keeps the time it was due.
    await queue.enqueue(
      'send_digest',
      { userId: USER, period: 'day' },
      { jobKey: 'digest:1', jobKeyMode: 'preserve_run_at', runAt: new Date(Date.now() + 5 * 60 * 60 * 1000) },
    );
    jobs = await storedJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ payload: { period: 'day' } });
    expect(jobs[0]!.run_at.getTime()).toBe(later.getTime());
  });

  it('passes priority, queue name and maxAttempts overrides through', async () => {
    await ctx.pool.query('delete from graphile_worker._private_jobs');
    await queue.enqueue(
      'send_digest',
      { userId: USER },
      { priority: -5, queueName: 'digests', maxAttempts: 1 },
    );
    expect(await storedJobs()).toEqual([
      expect.objectContaining({ priority: -5, queue_name: 'digests', max_attempts: 1 }),
    ]);
  });

  it('rejects an invalid payload at enqueue and stores nothing', async () => {
    await ctx.pool.query('delete from graphile_worker._private_jobs');
    const error = await queue
      // @ts-expect-error the payload type is checked at compile time too
      .enqueue('send_digest', { userId: 'not-a-uuid', period: 'year' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidJobPayloadError);
    expect((error as Error).message).toMatch(
      /^Invalid payload for job "send_digest" at enqueue: userId: .*; period: /,
    );
    expect(await storedJobs()).toEqual([]);
  });

  it('rejects a payload that would not survive JSON storage', async () => {
    await expect(queue.enqueue('with_date', { at: new Date() })).rejects.toThrow(
      /Invalid payload for job "with_date" at enqueue: at: /,
    );
  });

  it('rejects an unknown job name', async () => {
    const untyped = queue as unknown as JobQueue<Record<string, (typeof testJobs)['send_digest']>>;
    await expect(untyped.enqueue('nope', { userId: USER })).rejects.toThrow(UnknownJobError);
  });

  it('cancels a pending job by key', async () => {
    await ctx.pool.query('delete from graphile_worker._private_jobs');
    await queue.enqueue(
      'send_digest',
      { userId: USER },
      { jobKey: 'cancel-me', runAt: new Date(Date.now() + 60_000) },
    );
    await queue.enqueue(
      'send_digest',
      { userId: USER },
      { jobKey: 'keep-me', runAt: new Date(Date.now() + 60_000) },
    );
    await queue.cancel('cancel-me');
    await queue.cancel('no-such-key');
    expect((await storedJobs()).map((job) => job.key)).toEqual(['keep-me']);
  });

  it('uses the application registry by default (the context’s queue)', async () => {
    await ctx.pool.query('delete from graphile_worker._private_jobs');
    await ctx.jobs.enqueue('cleanup_expired_sessions', {});
    expect(await storedJobs()).toEqual([
      expect.objectContaining({ task: 'cleanup_expired_sessions', payload: {} }),
    ]);
  });

  it('stores many jobs at once, validated, the last request of a key winning; and removes many by key', async () => {
    await ctx.pool.query('delete from graphile_worker._private_jobs');
    const later = new Date(Date.now() + 3_600_000);
    await queue.enqueueMany([
      ...Array.from({ length: 2_500 }, (_, i) => ({
        name: 'send_digest' as const,
        payload: { userId: USER },
        options: { jobKey: `digest-${i}` },
      })),
      {
        name: 'send_digest',
        payload: { userId: USER, period: 'week' },
        options: { jobKey: 'digest-7', runAt: later },
      },
    ]);
    const stored = await storedJobs();
    expect(stored).toHaveLength(2_500);
    expect(stored.find((j) => j.key === 'digest-7')).toMatchObject({
      payload: { userId: USER, period: 'week' },
      run_at: later,
      max_attempts: 4,
    });
    expect(stored.find((j) => j.key === 'digest-8')).toMatchObject({
      payload: { userId: USER, period: 'day' },
    });
    await expect(
      queue.enqueueMany([{ name: 'send_digest', payload: { userId: 'nope' } as { userId: string } }]),
    ).rejects.toBeInstanceOf(InvalidJobPayloadError);

    await queue.cancelMany(Array.from({ length: 2_000 }, (_, i) => `digest-${i}`));
    expect((await storedJobs()).map((j) => j.key).sort()).toEqual(
      Array.from({ length: 500 }, (_, i) => `digest-${2_000 + i}`).sort(),
    );
  });
});
