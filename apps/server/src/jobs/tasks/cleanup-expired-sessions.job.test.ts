import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_LIFETIME_DAYS } from '../../auth/sessions';
import { sessions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { type RunningWorker, startWorker } from '../worker';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const LIFETIME = SESSION_LIFETIME_DAYS * DAY;

let ctx: TestContext;
let worker: RunningWorker;

beforeAll(async () => {
  ctx = await createTestContext();
  // The application registry and its crontab, as in production.
  worker = await startWorker(ctx, { concurrency: 1, pollInterval: 100 });
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

describe('cleanup_expired_sessions', () => {
  it('deletes sessions that expired more than a day ago and keeps the rest', async () => {
    const user = await createUser(ctx);
    const now = Date.now();
    const sessionExpiringAt = async (expiresAt: number) =>
      (await createSession(ctx.db, user.id, { now: new Date(expiresAt - LIFETIME) })).sessionId;
    const longExpired = await sessionExpiringAt(now - 2 * DAY);
    const justOverADay = await sessionExpiringAt(now - DAY - HOUR);
    const recentlyExpired = await sessionExpiringAt(now - HOUR);
    const active = await sessionExpiringAt(now + 10 * DAY);

    const done = new Promise<void>((resolve, reject) => {
      worker.events.on('job:complete', ({ job, error }) => {
        if (job.task_identifier !== 'cleanup_expired_sessions') return;
        if (error) reject(error);
        else resolve();
      });
    });
    await ctx.jobs.enqueue('cleanup_expired_sessions', {});
    await done;

    const left = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id).sort()).toEqual([recentlyExpired, active].sort());
    expect(left.map((s) => s.id)).not.toContain(longExpired);
    expect(left.map((s) => s.id)).not.toContain(justOverADay);
  });

  it('measures "a day ago" with the context clock', async () => {
    const user = await createUser(ctx);
    const { sessionId } = await createSession(ctx.db, user.id, {
      now: new Date(Date.now() - LIFETIME - HOUR),
    });
    ctx.setNow(new Date(Date.now() + 2 * DAY));
    try {
      const done = new Promise<void>((resolve) => {
        worker.events.on('job:complete', ({ job }) => {
          if (job.task_identifier === 'cleanup_expired_sessions') resolve();
        });
      });
      await ctx.jobs.enqueue('cleanup_expired_sessions', {});
      await done;
    } finally {
      ctx.setNow(null);
    }
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
  });
});
