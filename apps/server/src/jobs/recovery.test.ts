import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../test/context';
import { defineJob } from './define';
import { createJobQueue, type JobQueue } from './queue';
import { beat, DEAD_AFTER_MS, findDeadWorkers } from './recovery';
import { type RunningWorker, startWorker } from './worker';

const ran: string[] = [];
const testJobs = {
  work: defineJob({
    name: 'work',
    payload: z.object({ id: z.string() }),
    async run(payload) {
      ran.push(payload.id);
    },
  }),
};

let ctx: TestContext;
let queue: JobQueue<typeof testJobs>;
let worker: RunningWorker | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await createJobQueue(ctx.pool, { registry: testJobs });
});
afterAll(async () => {
  await worker?.stop();
  await queue.close();
  await ctx.close();
});

/** What a worker that took a job and then died (kill -9, a lost machine) leaves: the job locked in its name. */
async function lockAs(jobKey: string, workerId: string, lockedSecondsAgo: number) {
  await ctx.pool.query(
    `update graphile_worker._private_jobs
        set locked_by = $2, locked_at = now() - make_interval(secs => $3)
      where key = $1`,
    [jobKey, workerId, lockedSecondsAgo],
  );
}

async function waitFor(probe: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('jobs of a worker that died', () => {
  it('are run again by a live worker within a minute, not after four hours', async () => {
    await queue.enqueue('work', { id: 'orphan' }, { jobKey: 'orphan' });
    await lockAs('orphan', 'worker-dead-1', DEAD_AFTER_MS / 1000 + 5);
    await queue.enqueue('work', { id: 'busy' }, { jobKey: 'busy' });
    // A worker of another process that is alive and still running its job: its heartbeat is fresh.
    await lockAs('busy', 'worker-alive-1', DEAD_AFTER_MS / 1000 + 5);
    await beat(ctx.pool, ['worker-alive-1']);
    // Locked recently by a worker that has not beaten yet (it just started): not dead either.
    await queue.enqueue('work', { id: 'fresh' }, { jobKey: 'fresh' });
    await lockAs('fresh', 'worker-new-1', 1);

    expect(await findDeadWorkers(ctx.pool)).toEqual(['worker-dead-1']);

    worker = await startWorker(ctx, {
      concurrency: 1,
      crontab: false,
      registry: testJobs,
      pollInterval: 100,
    });
    await waitFor(() => ran.includes('orphan'), 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(ran).toEqual(['orphan']);
    const { rows } = await ctx.pool.query<{ key: string; locked_by: string }>(
      'select key, locked_by from graphile_worker._private_jobs order by key',
    );
    expect(rows).toEqual([
      { key: 'busy', locked_by: 'worker-alive-1' },
      { key: 'fresh', locked_by: 'worker-new-1' },
    ]);
  });

  it('keeps beating for the id it locks jobs with, so a long job of a live worker is never taken away', async () => {
    const { rows } = await ctx.pool.query<{ worker_id: string; age: number }>(
      `select worker_id, extract(epoch from now() - seen_at) as age from worker_heartbeats
        where worker_id not like 'worker-%'`,
    );
    expect(rows.length).toBe(1);
    expect(rows[0]!.worker_id).toMatch(/^pool-/);
    expect(Number(rows[0]!.age)).toBeLessThan(DEAD_AFTER_MS / 1000);
  });
});

describe('a job longer than the silence that marks a worker dead', () => {
  const deadAfter = 1_000;
  const runs: number[] = [];
  let stillRunning = 0;
  const slowJobs = {
    slow: defineJob({
      name: 'slow',
      payload: z.object({}),
      async run() {
        runs.push(Date.now());
        stillRunning++;
        // Twice as long as a locker may stay silent before it counts as dead.
        await new Promise((r) => setTimeout(r, 2.5 * deadAfter));
        stillRunning--;
      },
    }),
  };

  it('runs once on a live worker, however long it takes', async () => {
    await worker?.stop();
    worker = null;
    const slowQueue = await createJobQueue(ctx.pool, { registry: slowJobs });
    const options = {
      concurrency: 2,
      crontab: false as const,
      registry: slowJobs,
      pollInterval: 100,
      heartbeatInterval: 100,
      deadAfter,
    };
    // Two live processes' workers: either would run the job again if its lock were taken away.
    const first = await startWorker(ctx, options);
    const second = await startWorker(ctx, options);
    try {
      const done = new Promise<void>((resolve) => {
        const onSuccess = ({ job }: { job: { task_identifier: string } }) => {
          if (job.task_identifier === 'slow') resolve();
        };
        first.events.on('job:success', onSuccess);
        second.events.on('job:success', onSuccess);
      });
      await slowQueue.enqueue('slow', {}, { jobKey: 'slow' });
      await done;
      // Every recovery pass of both processes had its chance meanwhile (a pass every 100 ms, 2.5 s long).
      await new Promise((r) => setTimeout(r, 300));
      expect(runs).toHaveLength(1);
      expect(stillRunning).toBe(0);
      const { rows } = await ctx.pool.query("select 1 from graphile_worker._private_jobs where key = 'slow'");
      expect(rows).toHaveLength(0);
    } finally {
      await first.stop();
      await second.stop();
      await slowQueue.close();
    }
  });
});
