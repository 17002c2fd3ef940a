import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, webhookChannels } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { dailyFullSyncJob, pollCalendarsJob } from './scheduled-syncs.job';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const helpers = () =>
  ({
    ctx,
    attempt: 1,
    maxAttempts: 1,
    jobId: '1',
    logger: console,
    abortSignal: new AbortController().signal,
  }) as Parameters<typeof dailyFullSyncJob.run>[1];

async function queued(calendarId: string) {
  const { rows } = await ctx.pool.query('select payload from graphile_worker._private_jobs where key = $1', [
    `sync_calendar:${calendarId}`,
  ]);
  return rows.map((r) => r.payload.mode);
}

describe('scheduled syncs', () => {
  it('reads every watched calendar in full once a day, and skips those needing permission', async () => {
    const user = await createUser(ctx);
    const [watched, revoked, off] = await ctx.db
      .insert(calendars)
      .values([
        { userId: user.id, provider: 'ics', externalId: 'a', name: 'A', watching: true },
        {
          userId: user.id,
          provider: 'ics',
          externalId: 'b',
          name: 'B',
          watching: true,
          needsPermission: true,
        },
        { userId: user.id, provider: 'ics', externalId: 'c', name: 'C', watching: false },
      ])
      .returning();
    await dailyFullSyncJob.run({}, helpers());
    expect(await queued(watched!.id)).toEqual(['full']);
    expect(await queued(revoked!.id)).toEqual([]);
    expect(await queued(off!.id)).toEqual([]);
  });

  it('polls the calendars that have no open push channel', async () => {
    const user = await createUser(ctx);
    const [pushed, polled] = await ctx.db
      .insert(calendars)
      .values([
        { userId: user.id, provider: 'google', externalId: 'p', name: 'P', watching: true },
        { userId: user.id, provider: 'caldav', externalId: 'q', name: 'Q', watching: true },
      ])
      .returning();
    await ctx.db.insert(webhookChannels).values({
      calendarId: pushed!.id,
      provider: 'google',
      channelId: `ch-${pushed!.id}`,
      secretHash: 'x',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await pollCalendarsJob.run({}, helpers());
    expect(await queued(pushed!.id)).toEqual([]);
    expect(await queued(polled!.id)).toEqual(['incremental']);
    const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, polled!.id));
    expect(row!.syncStatus).toBe('queued');
  });
});
