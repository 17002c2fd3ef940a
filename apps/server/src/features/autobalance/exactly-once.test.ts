/**
 * Exactly once under retries, restarts and concurrent workers: two workers on the same queue run duplicated
 * jobs at once; a worker dies mid-decline (its job lock expires and another worker runs the job again); a job
 * throws after the decline went out. Each organizer gets one mail per kind, each meeting one decline.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeGoogleServer,
  ok,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import type { AppContext } from '../../context';
import { connectDatabase } from '../../db/client';
import { actions } from '../../db/schema';
import { createJobQueue } from '../../jobs/queue';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createPubSub } from '../../realtime/pubsub';
import { createTestContext, type TestContext } from '../../test/context';
import { type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { reconcileUser } from './engine';
import { answersSent, googleUser, insertMeeting, scriptGoogleAnswers } from './testing';

const HOUR = 3_600_000;
let ctx: TestContext;
let other: AppContext & { close: () => Promise<void> };
let google: FakeGoogleServer;
let smtp: SmtpCapture;
const running: RunningWorker[] = [];

/** A second process's context on the same database: its own pool, socket fan-out and queue client. */
async function secondProcess(base: TestContext) {
  const database = connectDatabase(base.databaseUrl, { max: 5 });
  const pubsub = await createPubSub(base.databaseUrl);
  const jobs = await createJobQueue(database.pool);
  return {
    ...base,
    db: database.db,
    pool: database.pool,
    pubsub,
    jobs,
    close: async () => {
      await jobs.close();
      await pubsub.close();
      await database.close();
    },
  };
}

async function worker(context: AppContext, concurrency: number) {
  const started = await startWorker(context, { concurrency, crontab: false, pollInterval: 100 });
  running.push(started);
  return started;
}

beforeAll(async () => {
  google = await startFakeGoogleServer();
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ GOOGLE_API_URL: google.url, SMTP_URL: smtp.url });
  other = await secondProcess(ctx);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  // A test's own jobs only: what one left (a duplicate still backing off) must not count in the next.
  await ctx.pool.query(
    `select graphile_worker.complete_jobs(array(
       select id from graphile_worker.jobs where task_identifier like 'autobalance_%'))`,
  );
});
afterAll(async () => {
  closeMailTransport(ctx.config);
  await other.close();
  await ctx.close();
  await google.close();
  await smtp.close();
});

const hoursAhead = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const count = (to: string, subject: string) =>
  smtp.messages.filter((m) => m.to.includes(to) && m.subject.includes(subject)).length;
const waitFor = (check: () => unknown | Promise<unknown>, timeout = 20_000) =>
  vi.waitFor(check, { timeout, interval: 100 });
/**
 * Until the queue is drained: a duplicate that found its mail being sent elsewhere backs off (graphile-worker's
 * 3, 7, 20 s…), so on a busy machine the last one may run a minute later.
 */
const DRAINED_WITHIN_MS = 60_000;
const TEST_TIMEOUT_MS = 120_000;

async function pendingJobs() {
  const { rows } = await ctx.pool.query<{ n: number }>(
    `select count(*)::int as n from graphile_worker.jobs where task_identifier like 'autobalance_%'`,
  );
  return rows[0]!.n;
}

async function actionsOf(userId: string) {
  return ctx.db.select().from(actions).where(eq(actions.userId, userId));
}

/** A user with meetings 3 hours ahead (their 12-hour deadline has passed: warned and declined at once). */
async function dueMeetings(organizers: string[]) {
  const owner = await googleUser(ctx);
  scriptGoogleAnswers(google, owner.user.email);
  const list = [];
  for (const [i, organizer] of organizers.entries()) {
    list.push(
      await insertMeeting(ctx, owner, {
        startsAt: hoursAhead(3 + i),
        summary: `Due ${organizer}`,
        organizerEmail: organizer,
      }),
    );
  }
  return { owner, meetings: list };
}

describe('exactly once', () => {
  it(
    'two workers running duplicated jobs concurrently: one mail per organizer per kind, one decline per meeting',
    async () => {
      const organizers = ['ana@partner.example', 'bo@partner.example', 'cy@partner.example'];
      const { owner, meetings } = await dueMeetings(organizers);
      // Slow provider answers widen the window in which the workers overlap.
      google.setDefault('events.patch', (request) => ({
        ...ok({ id: request.eventId, ...(request.body as object) }),
        delayMs: 300,
      }));

      await reconcileUser(ctx, owner.user.id);
      const scheduled = await actionsOf(owner.user.id);
      expect(scheduled).toHaveLength(3);
      // Duplicates, as retries, restarts or a second engine run would produce them (distinct keys: no dedupe).
      for (const action of scheduled) {
        for (const n of [1, 2, 3]) {
          await ctx.jobs.enqueue(
            'autobalance_email',
            { actionId: action.id, kind: 'decline_warning' },
            { jobKey: `dup-w${n}:${action.id}` },
          );
          await ctx.jobs.enqueue(
            'autobalance_decline',
            { actionId: action.id },
            { jobKey: `dup-d${n}:${action.id}` },
          );
        }
      }
      await ctx.jobs.enqueue('autobalance_user', { userId: owner.user.id });
      await other.jobs.enqueue('autobalance_user', { userId: owner.user.id });

      await Promise.all([worker(ctx, 4), worker(other, 4)]);
      await waitFor(async () => {
        expect(await pendingJobs()).toBe(0);
        expect((await actionsOf(owner.user.id)).map((a) => a.status)).toEqual(['done', 'done', 'done']);
      }, DRAINED_WITHIN_MS);

      for (const [i, organizer] of organizers.entries()) {
        expect(count(organizer, `"Due ${organizer}" may be declined`)).toBe(1);
        expect(count(organizer, `declined "Due ${organizer}"`)).toBe(1);
        const answers = answersSent(google, meetings[i]!.providerEventId);
        expect(answers).toEqual([expect.objectContaining({ response: 'declined' })]);
      }
      expect(count(owner.user.email, 'We may decline')).toBe(3);
      expect(count(owner.user.email, 'We declined')).toBe(3);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a worker dies during the provider call: the job runs again elsewhere and does not decline twice',
    async () => {
      const organizer = 'dee@partner.example';
      const { owner, meetings } = await dueMeetings([organizer]);
      const meeting = meetings[0]!;
      google.setDefault('events.patch', (request) => ({
        ...ok({ id: request.eventId, ...(request.body as object) }),
        delayMs: request.eventId === meeting.providerEventId ? 2_000 : 0,
      }));
      await reconcileUser(ctx, owner.user.id);
      await worker(ctx, 1);
      await waitFor(() =>
        expect(
          google.requestsFor('events.patch').filter((r) => r.eventId === meeting.providerEventId),
        ).toHaveLength(1),
      );

      // The worker is gone as far as the queue knows: its lock expired (what graphile-worker does after 4 hours),
      // so another worker takes the same job while the first one's call is still in flight.
      const key = `autobalance_decline:${meeting.id}`;
      const { rowCount } = await ctx.pool.query(
        'update graphile_worker._private_jobs set locked_at = null, locked_by = null where key = $1 and locked_at is not null',
        [key],
      );
      expect(rowCount).toBe(1);
      await worker(other, 2);
      await waitFor(async () => {
        expect(await pendingJobs()).toBe(0);
        const [action] = await actionsOf(owner.user.id);
        expect(action!.performedAt).not.toBeNull();
      }, DRAINED_WITHIN_MS);
      await waitFor(() => expect(count(organizer, `declined "Due ${organizer}"`)).toBe(1));
      expect(answersSent(google, meeting.providerEventId)).toEqual([
        expect.objectContaining({ response: 'declined' }),
      ]);
      expect(count(organizer, 'may be declined')).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a job that throws after the decline (mail server down) is retried without declining again',
    async () => {
      const organizer = 'eve@partner.example';
      const { owner, meetings } = await dueMeetings([organizer]);
      const meeting = meetings[0]!;
      smtp.refuseMatching(new RegExp(`declined "Due ${organizer}"`), 1);
      await reconcileUser(ctx, owner.user.id);
      const failures: string[] = [];
      const first = await worker(ctx, 2);
      first.events.on('job:error', ({ error }) => failures.push(String((error as Error).message)));
      await waitFor(() => expect(failures.some((f) => f.includes('refused'))).toBe(true));
      expect(answersSent(google, meeting.providerEventId)).toHaveLength(1);
      expect(count(organizer, `declined "Due ${organizer}"`)).toBe(0);

      // The worker restarts; the retry (after graphile-worker's backoff) only completes the mail.
      await first.stop();
      await worker(other, 2);
      await waitFor(() => expect(count(organizer, `declined "Due ${organizer}"`)).toBe(1), DRAINED_WITHIN_MS);
      await waitFor(async () => expect(await pendingJobs()).toBe(0), DRAINED_WITHIN_MS);
      expect(answersSent(google, meeting.providerEventId)).toEqual([
        expect.objectContaining({ response: 'declined' }),
      ]);
      expect(count(organizer, 'may be declined')).toBe(1);
      expect(count(owner.user.email, 'We declined')).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );
});
