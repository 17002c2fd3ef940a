/**
 * Auto-balance on a calendar that cannot be read: nobody is declined, warned or reminded on stale data. The
 * actions stay planned (skipped, not cancelled) and go on after the next good read.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeGoogleServer,
  googleError,
  startFakeGoogleServer,
} from '../../../calendars/providers/google/__fixtures__/fake-google-server';
import { actions, agendaItems, calendars } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { autoBalanceEmailJob } from '../../autobalance/autobalance.jobs';
import { reconcileUser } from '../../autobalance/engine';
import { performDecline } from '../../autobalance/perform';
import { answersSent, googleUser, insertMeeting, scriptGoogleAnswers } from '../../autobalance/testing';
import { type SmtpCapture, startSmtpCapture } from '../../mail/testing/smtp-capture';
import { closeMailTransport } from '../../mail/transport';
import { runCalendarSync } from '../sync/run-sync';
import { markSyncRunning, markSyncSucceeded } from '../sync/sync-state';

const HOUR = 3_600_000;
const ORGANIZER = 'boss@partner.example';

let ctx: TestContext;
let google: FakeGoogleServer;
let smtp: SmtpCapture;

beforeAll(async () => {
  [google, smtp] = await Promise.all([startFakeGoogleServer(), startSmtpCapture()]);
  ctx = await createTestContext({ GOOGLE_API_URL: google.url, SMTP_URL: smtp.url });
});
afterEach(() => ctx.setNow(null));
afterAll(async () => {
  closeMailTransport(ctx.config);
  await ctx.close();
  await Promise.all([google.close(), smtp.close()]);
});

const hoursAhead = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const organizerMails = () => smtp.messages.filter((m) => m.to.includes(ORGANIZER));

async function actionOf(meetingId: string) {
  const [row] = await ctx.db.select().from(actions).where(eq(actions.meetingId, meetingId));
  return row ?? null;
}

async function queued(key: string) {
  const { rows } = await ctx.pool.query('select 1 from graphile_worker.jobs where key = $1', [key]);
  return rows.length > 0;
}

/** The provider says the calendar is gone: a real failed read breaks it. */
async function breakCalendar(calendarId: string) {
  google.enqueue('events.list', googleError(404, 'notFound'));
  await runCalendarSync(ctx, { calendarId, mode: 'incremental' }).catch(() => undefined);
  const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendarId));
  expect(row!.connectionProblem).toBe('not_found');
}

/** A good read, as the sync records it. */
async function goodRead(calendarId: string, userId: string) {
  const window = { from: new Date(Date.now() - 30 * 24 * HOUR), to: new Date(Date.now() + 90 * 24 * HOUR) };
  const synchronizationId = await markSyncRunning(ctx, calendarId, userId, 'incremental', window, ctx.now());
  await markSyncSucceeded(ctx, {
    calendarId,
    synchronizationId,
    cursor: 'fresh',
    full: false,
    window,
    eventsSeen: 1,
    now: ctx.now(),
  });
}

describe('auto-balance while a calendar cannot be read', () => {
  it('decides nothing new on its meetings: no action is planned', async () => {
    const owner = await googleUser(ctx);
    await breakCalendar(owner.calendar.id);
    const meeting = await insertMeeting(ctx, owner, { startsAt: hoursAhead(48), summary: 'Stale plan' });
    const summary = await reconcileUser(ctx, owner.user.id);
    expect(summary.decided).toBe(0);
    expect(await actionOf(meeting.id)).toBeNull();
  });

  it('skips the planned decline and its warning, cancels nothing, and resumes after a good read', async () => {
    const owner = await googleUser(ctx);
    scriptGoogleAnswers(google, owner.user.email);
    const startsAt = hoursAhead(48);
    const meeting = await insertMeeting(ctx, owner, { startsAt, summary: 'Budget review' });
    await reconcileUser(ctx, owner.user.id);
    const planned = await actionOf(meeting.id);
    expect(planned).toMatchObject({ status: 'scheduled', action: 'decline' });

    await breakCalendar(owner.calendar.id);
    // The warning's job runs: nothing is sent, the warning stays due.
    await autoBalanceEmailJob.run({ actionId: planned!.id, kind: 'decline_warning' }, { ctx } as never);
    expect(organizerMails()).toEqual([]);
    // The meeting got an agenda meanwhile: while the calendar is broken the engine neither cancels nor changes.
    await ctx.db.insert(agendaItems).values({ meetingId: meeting.id, description: 'Numbers' });
    await reconcileUser(ctx, owner.user.id);
    expect(await actionOf(meeting.id)).toMatchObject({ status: 'scheduled' });
    await ctx.db.delete(agendaItems).where(eq(agendaItems.meetingId, meeting.id));

    // The deadline passes while it is broken: the decline is skipped, not done, not cancelled.
    const deadline = planned!.complianceDeadline!;
    ctx.setNow(new Date(deadline.getTime() + 60_000));
    expect(await performDecline(ctx, planned!.id)).toBe('paused');
    expect(await actionOf(meeting.id)).toMatchObject({ status: 'scheduled', performedAt: null });
    expect(answersSent(google, meeting.providerEventId)).toEqual([]);
    await ctx.jobs.cancel(`autobalance_decline:${meeting.id}`);

    // Read again: the overdue decline and a new decision are queued at once, and the decline goes through,
    // after its warning.
    await goodRead(owner.calendar.id, owner.user.id);
    expect(await queued(`autobalance_decline:${meeting.id}`)).toBe(true);
    expect(await queued(`autobalance_user:${owner.user.id}`)).toBe(true);
    expect(await performDecline(ctx, planned!.id)).toBe('declined');
    expect(answersSent(google, meeting.providerEventId)).toEqual([
      expect.objectContaining({ response: 'declined' }),
    ]);
    expect(organizerMails().map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('"Budget review" may be declined')]),
    );
  });
});
