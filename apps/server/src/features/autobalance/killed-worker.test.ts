/**
 * A decline's steps survive a killed worker: the real `work` process is killed (SIGKILL) at each step of a due
 * decline; after its lease and lock run out another worker finishes. The organizer always gets exactly one
 * warning (one Message-ID, whatever copies a retry had to send) and at most one decline, never before the
 * warning was accepted by the mail server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeGoogleServer,
  ok,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import { actions, emails } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestContext, type TestContext } from '../../test/context';
import { type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { reconcileUser } from './engine';
import { mailSubjectOf, noticeKey } from './keys';
import { noticeEmailKey, noticeFacts } from './notices';
import { answersSent, googleUser, insertMeeting, scriptGoogleAnswers } from './testing';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let ctx: TestContext;
let google: FakeGoogleServer;
let smtp: SmtpCapture;
let child: { process: ChildProcess; output: () => string } | null = null;
let inProcess: RunningWorker | null = null;
/** For each decline call the fake Google server received: the warnings the mail server had accepted by then. */
let warningsAtDecline: number[] = [];

function startWorkProcess() {
  const processHandle = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'work'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.databaseUrl,
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      DATA_DIR: ctx.dataDir,
      APP_URL: ctx.config.appUrl,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      GOOGLE_API_URL: google.url,
      SMTP_URL: smtp.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  processHandle.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  processHandle.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child = { process: processHandle, output: () => output };
}

async function kill() {
  const running = child!.process;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
  child = null;
}

/** Time passes as far as the killed worker's claims go: its heartbeat, job locks and mail claims grow old. */
async function ageTheDeadWorkersClaims() {
  await ctx.pool.query(`update worker_heartbeats set seen_at = now() - interval '1 hour'`);
  await ctx.pool.query(
    `update graphile_worker._private_jobs set locked_at = now() - interval '1 hour' where locked_at is not null`,
  );
  await ctx.db
    .update(emails)
    .set({ sendingSince: new Date(Date.now() - 3_600_000) })
    .where(eq(emails.status, 'sending'));
}

const waitFor = (check: () => unknown | Promise<unknown>, timeout = 60_000) =>
  vi.waitFor(check, { timeout, interval: 200 });
/**
 * Each test spawns the `work` process (tsx compiles it as it starts: seconds on a busy machine), waits through
 * a stalled provider call and a second worker: room for its two waits, not the default 30 s.
 */
const TEST_TIMEOUT_MS = 150_000;

const warnings = (organizer: string) =>
  smtp.messages.filter((m) => m.to.includes(organizer) && m.subject.includes('may be declined'));

beforeAll(async () => {
  google = await startFakeGoogleServer();
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ GOOGLE_API_URL: google.url, SMTP_URL: smtp.url });
});
afterEach(async () => {
  if (child) await kill();
  await inProcess?.stop();
  inProcess = null;
});
afterAll(async () => {
  closeMailTransport(ctx.config);
  await ctx.close();
  await google.close();
  await smtp.close();
});

/** A meeting 3 hours ahead whose 12-hour deadline has passed: its warning and decline are due at once. */
async function dueDecline(organizer: string) {
  const owner = await googleUser(ctx);
  scriptGoogleAnswers(google, owner.user.email);
  const meeting = await insertMeeting(ctx, owner, {
    startsAt: new Date(Math.floor((Date.now() + 3 * 3_600_000) / 60_000) * 60_000),
    summary: `Due ${organizer}`,
    organizerEmail: organizer,
  });
  warningsAtDecline = [];
  google.setDefault('events.patch', (request) => {
    warningsAtDecline.push(warnings(organizer).length);
    return {
      ...ok({ id: request.eventId, ...(request.body as object) }),
      // The decline call of this meeting stalls long enough for the worker to be killed during it.
      delayMs: request.eventId === meeting.providerEventId ? 10_000 : 0,
    };
  });
  return { owner, meeting };
}

async function finishWithAnotherWorker() {
  await ageTheDeadWorkersClaims();
  inProcess = await startWorker(ctx, {
    concurrency: 2,
    crontab: false,
    pollInterval: 100,
    heartbeatInterval: 200,
  });
}

describe('a worker killed at each step of a decline', { timeout: TEST_TIMEOUT_MS }, () => {
  it.each([
    { step: 'while the warning is on the wire, not yet taken by the mail server', accepted: false },
    { step: 'after the mail server took the warning, before the worker recorded it', accepted: true },
  ])('killed $step: one warning, then one decline', async ({ accepted }) => {
    const organizer = `${accepted ? 'taken' : 'wire'}@partner.example`;
    const { owner, meeting } = await dueDecline(organizer);
    smtp.holdMatching(new RegExp(`"Due ${organizer}" may be declined`), { accepted });
    const heldBefore = smtp.held();
    await reconcileUser(ctx, owner.user.id);
    startWorkProcess();
    await waitFor(() => expect(smtp.held()).toBe(heldBefore + 1));
    await kill();
    const [claim] = await ctx.db.select().from(emails).where(eq(emails.to, organizer));
    expect(claim?.status).toBe('sending');
    expect(answersSent(google, meeting.providerEventId)).toHaveLength(0);

    await finishWithAnotherWorker();
    await waitFor(async () => {
      const [action] = await ctx.db.select().from(actions).where(eq(actions.meetingId, meeting.id));
      expect(action?.performedAt).not.toBeNull();
    });
    const received = warnings(organizer);
    expect(received.length).toBe(accepted ? 2 : 1);
    expect(new Set(received.map((m) => m.headers['message-id'])).size).toBe(1);
    expect(answersSent(google, meeting.providerEventId)).toEqual([
      expect.objectContaining({ response: 'declined' }),
    ]);
    expect(warningsAtDecline).toEqual([received.length]);
  });

  it('killed during the provider call: the warning is not sent again and the meeting is not declined twice', async () => {
    const organizer = 'provider@partner.example';
    const { owner, meeting } = await dueDecline(organizer);
    await reconcileUser(ctx, owner.user.id);
    startWorkProcess();
    await waitFor(() => expect(warningsAtDecline).toHaveLength(1));
    await kill();

    await finishWithAnotherWorker();
    await waitFor(async () => {
      const { rows } = await ctx.pool.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'autobalance_decline'`,
      );
      expect(rows[0]!.n).toBe(0);
    });
    expect(warnings(organizer)).toHaveLength(1);
    expect(warningsAtDecline).toEqual([1]);
    expect(answersSent(google, meeting.providerEventId)).toHaveLength(1);
  });

  it('a warning that cannot be delivered stops the decline and tells the user', async () => {
    const organizer = 'bounce@partner.example';
    const { owner, meeting } = await dueDecline(organizer);
    await reconcileUser(ctx, owner.user.id);
    // An earlier send of this warning broke off mid-transfer: the mail server may never have taken it.
    const [action] = await ctx.db.select().from(actions).where(eq(actions.meetingId, meeting.id));
    const subject = mailSubjectOf(meeting, action!.complianceDeadline);
    const notice = {
      key: noticeKey(subject, 'decline_warning'),
      facts: noticeFacts(subject, Object.keys(action!.detailsNegative)),
    };
    await ctx.db.insert(emails).values({
      idempotencyKey: noticeEmailKey('decline_warning', [notice]),
      kind: 'decline_warning',
      to: organizer,
      subject: 'lost',
      html: '',
      text: '',
      status: 'failed',
    });
    inProcess = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
    await waitFor(async () => {
      const [action] = await ctx.db.select().from(actions).where(eq(actions.meetingId, meeting.id));
      expect(action?.status).toBe('failed');
    });
    expect(answersSent(google, meeting.providerEventId)).toHaveLength(0);
    const { rows } = await ctx.pool.query<{ title: string }>(
      'select title from notifications where user_id = $1',
      [owner.user.id],
    );
    expect(rows.map((r) => r.title)).toContain('Not declined');
  });
});
