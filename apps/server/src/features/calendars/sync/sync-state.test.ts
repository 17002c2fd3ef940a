import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, synchronizations } from '../../../db/schema';
import { userStreamTopic } from '../../../realtime/channels';
import { createTestContext, type TestContext } from '../../../test/context';
import { createIcsCalendar, createUser } from '../../../test/factories';
import { resyncWatchedCalendars } from './resync';
import { syncJobKey } from './sync-job-key';
import { withCalendarSyncLock } from './sync-lock';
import {
  markSyncFailed,
  markSyncQueued,
  markSyncRunning,
  markSyncSucceeded,
  releaseDeadSyncs,
} from './sync-state';

let ctx: TestContext;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const MINUTE = 60_000;

async function calendarWith(status: 'running' | 'queued', sinceMs: number, id?: string) {
  const [row] = await ctx.db
    .insert(calendars)
    .values({
      ...(id ? { id } : {}),
      userId: user.id,
      provider: 'ics',
      externalId: `import:${Math.random()}`,
      name: 'File',
      watching: true,
      syncStatus: status,
      syncStageStartedAt: new Date(Date.now() - sinceMs),
    })
    .returning();
  return row!;
}
const statusOf = async (id: string) =>
  (await ctx.db.select().from(calendars).where(eq(calendars.id, id)))[0]!.syncStatus;
const hashSign = async (id: string) =>
  Math.sign(Number((await ctx.db.execute<{ h: number }>(sql`select hashtext(${id}) as h`)).rows[0]!.h));

describe('a calendar’s sync status', () => {
  it('never stays running or queued for a sync that is no longer there', async () => {
    const heard: unknown[] = [];
    const stop = ctx.pubsub.subscribe(userStreamTopic('MeetingRefreshChannel', user.id), (m) =>
      heard.push(m),
    );
    // A sync whose worker died two minutes ago (its lock went with its connection), and its synchronization.
    const dead = await calendarWith('running', 2 * MINUTE);
    await ctx.db.insert(synchronizations).values({
      userId: user.id,
      calendarId: dead.id,
      kind: 'full',
      periodStart: new Date(),
      periodEnd: new Date(),
      startedAt: new Date(Date.now() - 2 * MINUTE),
    });
    // Syncs that are running, in processes holding their calendars' locks: calendars of both signs of
    // hashtext (the lock's key), as pg_locks writes them as unsigned.
    // Ids are drawn first so that exactly one lock (one pooled connection) is held per sign.
    const idOfSign = new Map<number, string>();
    while (idOfSign.size < 2) {
      const id = randomUUID();
      idOfSign.set(await hashSign(id), id);
    }
    const live: string[] = [];
    for (const id of idOfSign.values()) live.push((await calendarWith('running', 2 * MINUTE, id)).id);
    // Queued with its job waiting, and queued with no job left.
    const waiting = await calendarWith('queued', 2 * MINUTE);
    await ctx.jobs.enqueue(
      'sync_calendar',
      { calendarId: waiting.id, mode: 'full' },
      { jobKey: syncJobKey(waiting.id) },
    );
    const orphan = await calendarWith('queued', 2 * MINUTE);
    // Just started: not judged yet.
    const fresh = await calendarWith('running', 10_000);

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locks = live.map((id) => withCalendarSyncLock(ctx, id, () => held));
    try {
      // Give every lock its turn to be taken.
      await new Promise((r) => setTimeout(r, 300));
      expect(await releaseDeadSyncs(ctx, ctx.now())).toBe(2);
    } finally {
      release();
      await Promise.all(locks);
    }
    expect(await statusOf(dead.id)).toBe('idle');
    expect(await statusOf(orphan.id)).toBe('idle');
    for (const id of live) expect(await statusOf(id)).toBe('running');
    expect(await statusOf(waiting.id)).toBe('queued');
    expect(await statusOf(fresh.id)).toBe('running');
    const [sync] = await ctx.db
      .select()
      .from(synchronizations)
      .where(eq(synchronizations.calendarId, dead.id));
    expect(sync).toMatchObject({ status: 'failed', error: 'interrupted' });
    await expect
      .poll(() => heard)
      .toEqual(
        expect.arrayContaining([
          { type: 'sync_status', calendar_id: dead.id, status: 'idle' },
          { type: 'sync_status', calendar_id: orphan.id, status: 'idle' },
        ]),
      );
    stop();
  });

  it('is announced to the owner’s sessions when it changes, and queued once', async () => {
    const heard: unknown[] = [];
    const stop = ctx.pubsub.subscribe(userStreamTopic('MeetingRefreshChannel', user.id), (m) =>
      heard.push(m),
    );
    const [row] = await ctx.db
      .insert(calendars)
      .values({ userId: user.id, provider: 'ics', externalId: 'import:x', name: 'File', watching: true })
      .returning();
    await markSyncQueued(ctx, row!.id, ctx.now());
    await markSyncQueued(ctx, row!.id, ctx.now());
    await expect.poll(() => heard).toEqual([{ type: 'sync_status', calendar_id: row!.id, status: 'queued' }]);
    stop();
  });
});

describe('a re-sync asked for many times at once', () => {
  it('is started by one ask; the others find it in progress', async () => {
    const person = await createUser(ctx);
    const [row] = await ctx.db
      .insert(calendars)
      .values({ userId: person.id, provider: 'ics', externalId: 'import:many', name: 'File', watching: true })
      .returning();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => resyncWatchedCalendars(ctx, person.id, true)),
    );
    expect(answers.filter((a) => a.started)).toHaveLength(1);
    expect(answers.filter((a) => !a.started).every((a) => a.inProgress)).toBe(true);
    expect(await statusOf(row!.id)).toBe('queued');
  });
});

describe('a sync that ends while another waits behind it', () => {
  async function readOnce(calendarId: string, userId: string) {
    const window = { from: new Date(Date.now() - MINUTE), to: new Date(Date.now() + MINUTE) };
    const synchronizationId = await markSyncRunning(ctx, calendarId, userId, 'full', window, ctx.now());
    return () =>
      markSyncSucceeded(ctx, {
        calendarId,
        synchronizationId,
        cursor: null,
        full: true,
        window,
        eventsSeen: 0,
        now: ctx.now(),
      });
  }

  it('leaves the calendar queued, not idle; alone it leaves it idle', async () => {
    const person = await createUser(ctx);
    const [followed, alone] = await ctx.db
      .insert(calendars)
      .values([
        { userId: person.id, provider: 'ics', externalId: 'import:followed', name: 'A', watching: true },
        { userId: person.id, provider: 'ics', externalId: 'import:alone', name: 'B', watching: true },
      ])
      .returning();
    const finishFollowed = await readOnce(followed!.id, person.id);
    const finishAlone = await readOnce(alone!.id, person.id);
    await ctx.jobs.enqueue(
      'sync_calendar',
      { calendarId: followed!.id, mode: 'incremental' },
      { jobKey: syncJobKey(followed!.id) },
    );
    await finishFollowed();
    await finishAlone();
    expect(await statusOf(followed!.id)).toBe('queued');
    expect(await statusOf(alone!.id)).toBe('idle');
  });
});

describe('what a session is told of a sync', () => {
  /** At each announcement, what a reader of the database sees of the calendar and of its latest run. */
  function watchingAnnouncements() {
    const seen: { status: string; runs: { status: string; finished: boolean }[] }[] = [];
    const pubsub = {
      ...ctx.pubsub,
      publish: async (_topic: string, message: unknown) => {
        const { calendar_id: calendarId } = message as { calendar_id: string };
        const runs = await ctx.db
          .select({ status: synchronizations.status, finishedAt: synchronizations.finishedAt })
          .from(synchronizations)
          .where(eq(synchronizations.calendarId, calendarId));
        seen.push({
          status: await statusOf(calendarId),
          runs: runs.map((r) => ({ status: r.status, finished: r.finishedAt !== null })),
        });
      },
    };
    return { seen, watched: { ...ctx, pubsub } };
  }

  const window = { from: new Date(Date.now() - MINUTE), to: new Date(Date.now() + MINUTE) };
  /** A new person's file calendar, its sync started and told through `watched`. */
  async function startedSync(watched: TestContext) {
    const person = await createUser(ctx);
    const { id: calendarId } = await createIcsCalendar(ctx, person);
    const synchronizationId = await markSyncRunning(
      watched,
      calendarId,
      person.id,
      'full',
      window,
      ctx.now(),
    );
    return { calendarId, synchronizationId };
  }

  it('is never a status its run does not show yet: running with its run open, idle or failed with it ended', async () => {
    const { seen, watched } = watchingAnnouncements();
    const ok = await startedSync(watched);
    await markSyncSucceeded(watched, {
      ...ok,
      cursor: null,
      full: true,
      window,
      eventsSeen: 3,
      now: ctx.now(),
    });
    const broken = await startedSync(watched);
    await markSyncFailed(watched, { ...broken, error: 'HTTP 500', kind: 'temporary', now: ctx.now() });
    expect(seen).toEqual([
      { status: 'running', runs: [{ status: 'running', finished: false }] },
      { status: 'idle', runs: [{ status: 'succeeded', finished: true }] },
      { status: 'running', runs: [{ status: 'running', finished: false }] },
      { status: 'failed', runs: [{ status: 'failed', finished: true }] },
    ]);
  });
});
