import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actions } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor } from '../../test/factories';
import { autoBalanceUserJobKey } from '../autobalance/keys';
import { googleUser, insertMeeting } from '../autobalance/testing';
import { jobFailureRoutes } from './routes';

let ctx: TestContext;
let worker: RunningWorker;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  worker = await startWorker(ctx, { concurrency: 1, crontab: false, pollInterval: 100 });
  app = await createTestApp(ctx, [jobFailureRoutes]);
});
afterAll(async () => {
  await app.close();
  await worker.stop();
  await ctx.close();
});

describe('work of a person that failed for good', () => {
  it('is listed for them (only them), runs again when they ask, and is gone once it succeeds', async () => {
    const owner = await googleUser(ctx);
    const other = await googleUser(ctx);
    await insertMeeting(ctx, owner, {
      startsAt: new Date(Date.now() + 72 * 3_600_000),
      summary: 'No agenda',
    });
    const headers = await bearerFor(ctx, owner.user.id);
    const list = async (who = headers) =>
      (await app.inject({ method: 'GET', url: '/api/v1/users/job_failures', headers: who })).json().data;
    // The database refuses the decisions (a stand-in for any failure while auto-balancing).
    await ctx.pool.query(`
      create function refuse_action() returns trigger language plpgsql as $$
      begin raise exception 'actions refused for the test'; end $$;
      create trigger refuse_action before insert on actions for each row execute function refuse_action();`);
    try {
      await ctx.jobs.enqueue(
        'autobalance_user',
        { userId: owner.user.id },
        { jobKey: autoBalanceUserJobKey(owner.user.id), maxAttempts: 1 },
      );
      await vi.waitFor(async () => expect(await list()).toHaveLength(1), { timeout: 20_000, interval: 100 });
    } finally {
      await ctx.pool.query('drop trigger refuse_action on actions; drop function refuse_action();');
    }
    const [failure] = await list();
    expect(failure).toMatchObject({
      type: 'job_failures',
      id: 'autobalance_user',
      attributes: {
        job: 'autobalance_user',
        reason: expect.stringContaining('actions refused for the test'),
      },
    });
    expect(await list(await bearerFor(ctx, other.user.id))).toEqual([]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/users/job_failures/autobalance_user/retry' }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/users/job_failures/reevaluate_user/retry',
          headers,
        })
      ).statusCode,
    ).toBe(404);

    const retried = await app.inject({
      method: 'POST',
      url: '/api/v1/users/job_failures/autobalance_user/retry',
      headers,
    });
    expect(retried.statusCode).toBe(202);
    await vi.waitFor(async () => expect(await list()).toEqual([]), { timeout: 20_000, interval: 100 });
    expect(await ctx.db.select().from(actions).where(eq(actions.userId, owner.user.id))).toHaveLength(1);
  });
});
