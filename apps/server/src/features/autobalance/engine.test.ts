import { complianceCountsText } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeGoogleServer,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import { actions, agendaItems, meetings, notifications } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor } from '../../test/factories';
import { signedUnsubscribePageUrl } from '../communications/unsubscribe-link';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { hrefs, type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { meetingFlagRoutes } from '../meetings/flags';
import { reportRoutes } from '../reports/routes';
import { reconcileUser, sweep } from './engine';
import { listRoutes } from './lists.routes';
import { autoBalanceRoutes } from './routes';
import {
  answersSent,
  googleUser,
  insertMeeting,
  scriptGoogleAnswers,
  setActionSettings,
  setPlan,
} from './testing';

const HOUR = 3_600_000;
const ORGANIZER = 'boss@partner.example';

let ctx: TestContext;
let google: FakeGoogleServer;
let smtp: SmtpCapture;
let worker: RunningWorker;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  google = await startFakeGoogleServer();
  smtp = await startSmtpCapture();
  ctx = await createTestContext({
    GOOGLE_API_URL: google.url,
    SMTP_URL: smtp.url,
    APP_URL: 'https://app.meetwell.test',
  });
  worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
  app = await createTestApp(ctx, [autoBalanceRoutes, listRoutes, meetingFlagRoutes, reportRoutes]);
});
afterEach(() => ctx.setNow(null));
afterAll(async () => {
  await app.close();
  await worker.stop();
  closeMailTransport(ctx.config);
  await ctx.close();
  await google.close();
  await smtp.close();
});

/** A start this many hours ahead, on the minute. */
const hoursAhead = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const mails = (to: string, subject: string) =>
  smtp.messages.filter((m) => m.to.includes(to) && m.subject.includes(subject));
const waitFor = (check: () => unknown | Promise<unknown>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 100 });

async function jobRow(key: string) {
  const { rows } = await ctx.pool.query<{ run_at: Date }>(
    'select run_at from graphile_worker.jobs where key = $1',
    [key],
  );
  return rows[0] ?? null;
}
async function actionOf(meetingId: string) {
  const [row] = await ctx.db.select().from(actions).where(eq(actions.meetingId, meetingId));
  return row ?? null;
}
function tokenFrom(html: string) {
  const link = hrefs(html).find((h) => h.includes('/prevent-decline?token='));
  return new URL(link!).searchParams.get('token')!;
}

async function newUser() {
  const owner = await googleUser(ctx, { timeZone: 'Europe/Paris' });
  scriptGoogleAnswers(google, owner.user.email);
  return { ...owner, headers: await bearerFor(ctx, owner.user.id) };
}

describe('decline', () => {
  it('warns the organizer at first detection (prevent link), tells the user, and declines through the provider at the deadline', async () => {
    const owner = await newUser();
    const startsAt = hoursAhead(48);
    const meeting = await insertMeeting(ctx, owner, { startsAt, summary: 'Budget review' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);

    await waitFor(() => expect(mails(ORGANIZER, '"Budget review" may be declined')).toHaveLength(1));
    const [warning] = mails(ORGANIZER, '"Budget review" may be declined');
    expect(warning!.text).toContain('No agenda');
    expect(warning!.text).toContain(owner.user.email);
    expect(hrefs(warning!.html)).toContain(signedUnsubscribePageUrl(ctx, 'boss@partner.example'));
    const token = tokenFrom(warning!.html);
    expect(token.length).toBeGreaterThan(30);
    await waitFor(() => expect(mails(owner.user.email, 'We may decline "Budget review"')).toHaveLength(1));
    expect(hrefs(mails(owner.user.email, 'We may decline')[0]!.html)).toContain(
      signedUnsubscribePageUrl(ctx, owner.user.email),
    );

    const deadline = new Date(startsAt.getTime() - 12 * HOUR);
    const details = await app.inject({ method: 'GET', url: `/api/v1/users/meetings/details/${token}` });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.attributes).toMatchObject({
      summary: 'Budget review',
      compliance_deadline: deadline.toISOString(),
      details_negative: ['No agenda'],
    });

    const future = await app.inject({ method: 'GET', url: '/api/v1/future_actions', headers: owner.headers });
    expect(future.json().data).toEqual([
      expect.objectContaining({
        type: 'actions',
        attributes: expect.objectContaining({
          action: 'decline',
          organizer_email: ORGANIZER,
          meeting_id: meeting.id,
          meeting_summary: 'Budget review',
          details_negative: { required_agenda: 'No agenda' },
          compliance_deadline: deadline.toISOString(),
          queued: false,
        }),
      }),
    ]);
    const job = await jobRow(`autobalance_decline:${meeting.id}`);
    expect(Math.abs(job!.run_at.getTime() - deadline.getTime())).toBeLessThan(1_000);
    expect(answersSent(google, meeting.providerEventId)).toEqual([]);

    // The deadline comes: the queued job runs (with the clock at the deadline).
    ctx.setNow(new Date(deadline.getTime() + 60_000));
    await ctx.pool.query('update graphile_worker._private_jobs set run_at = now() where key = $1', [
      `autobalance_decline:${meeting.id}`,
    ]);
    await waitFor(() => expect(answersSent(google, meeting.providerEventId)).toHaveLength(1));
    const [answer] = answersSent(google, meeting.providerEventId);
    expect(answer).toMatchObject({ response: 'declined', comment: expect.stringContaining('No agenda') });
    await waitFor(() => expect(mails(ORGANIZER, 'declined "Budget review"')).toHaveLength(1));
    await waitFor(() =>
      expect(mails(owner.user.email, 'We declined "Budget review" for you')).toHaveLength(1),
    );

    const action = await actionOf(meeting.id);
    expect(action).toMatchObject({ status: 'done', action: 'decline' });
    expect(action!.performedAt).not.toBeNull();
    const [stored] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(stored!.responseStatus).toBe('declined');
    const past = await app.inject({ method: 'GET', url: '/api/v1/past_actions', headers: owner.headers });
    expect(
      past.json().data.map((a: { attributes: { status: string; meeting_id: string } }) => a.attributes),
    ).toEqual([expect.objectContaining({ status: 'done', meeting_id: meeting.id, action: 'decline' })]);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told.map((n) => n.title)).toContain('Meeting declined');
    // The token dies with the deadline.
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/users/meetings/details/${token}` })).statusCode,
    ).toBe(404);
  });

  it('lets the organizer prevent the decline with notes the user receives; bad and expired tokens are 404', async () => {
    const owner = await newUser();
    const startsAt = hoursAhead(30);
    const meeting = await insertMeeting(ctx, owner, { startsAt, summary: 'Launch prep' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    await waitFor(() => expect(mails(ORGANIZER, '"Launch prep" may be declined')).toHaveLength(1));
    const token = tokenFrom(mails(ORGANIZER, '"Launch prep" may be declined')[0]!.html);
    await waitFor(async () => expect(await jobRow(`autobalance_decline:${meeting.id}`)).not.toBeNull());

    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/users/meetings/details/not-a-real-token-at-all',
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['content-type']).toContain('application/vnd.api+json');
    expect(bad.json().errors[0]).toMatchObject({ status: '404', code: 'not_found' });

    const body = {
      data: { type: 'meetings', attributes: { organizer_notes: 'This is the launch, we need you there.' } },
    };
    const prevented = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/prevent_decline/${token}`,
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: body,
    });
    expect(prevented.statusCode).toBe(200);
    expect(prevented.json().data.attributes).toMatchObject({
      status: 'prevented',
      organizer_notes: 'This is the launch, we need you there.',
    });
    expect(await actionOf(meeting.id)).toMatchObject({
      status: 'prevented',
      organizerNotes: 'This is the launch, we need you there.',
    });
    expect(await jobRow(`autobalance_decline:${meeting.id}`)).toBeNull();
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told.map((n) => n.message)).toContainEqual(
      expect.stringContaining('This is the launch, we need you there.'),
    );
    await waitFor(() =>
      expect(mails(owner.user.email, 'prevented the decline of "Launch prep"')).toHaveLength(1),
    );
    expect(mails(owner.user.email, 'prevented the decline')[0]!.text).toContain(
      'This is the launch, we need you there.',
    );

    const again = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/prevent_decline/${token}`,
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    // Deciding again never revives a prevented action.
    await reconcileUser(ctx, owner.user.id);
    expect((await actionOf(meeting.id))!.status).toBe('prevented');

    ctx.setNow(new Date(startsAt.getTime() - 12 * HOUR + 1_000));
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/users/meetings/details/${token}` })).statusCode,
    ).toBe(404);
  });

  it('decides a meeting that breaks several rules again without changing its action', async () => {
    const owner = await newUser();
    // No agenda and three hours long: two details, which jsonb stores in its own key order.
    const meeting = await insertMeeting(ctx, owner, {
      startsAt: hoursAhead(72),
      minutes: 180,
      summary: 'Long',
    });
    const first = await reconcileUser(ctx, owner.user.id);
    expect(first.scheduled).toBe(1);
    const before = await actionOf(meeting.id);
    expect(Object.keys(before!.detailsNegative).length).toBeGreaterThan(1);
    const again = await reconcileUser(ctx, owner.user.id);
    expect(again).toMatchObject({ scheduled: 0, updated: 0, cancelled: 0 });
    expect((await actionOf(meeting.id))!.updatedAt).toEqual(before!.updatedAt);
  });

  it('cancels the scheduled decline when the meeting becomes compliant', async () => {
    const owner = await newUser();
    const meeting = await insertMeeting(ctx, owner, { startsAt: hoursAhead(40), summary: 'Roadmap' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    await waitFor(async () => expect(await jobRow(`autobalance_decline:${meeting.id}`)).not.toBeNull());
    expect((await actionOf(meeting.id))!.status).toBe('scheduled');

    await ctx.db.insert(agendaItems).values({ meetingId: meeting.id, description: 'Decide the Q3 roadmap' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    await waitFor(async () => expect((await actionOf(meeting.id))!.status).toBe('cancelled'));
    // The run removes the decline job after it commits the cancellation (the job re-decides anyway).
    await waitFor(async () => expect(await jobRow(`autobalance_decline:${meeting.id}`)).toBeNull());
    const future = await app.inject({ method: 'GET', url: '/api/v1/future_actions', headers: owner.headers });
    expect(future.json().data).toEqual([]);
    const [stored] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(stored!.compliant).toBe(true);
  });

  it('has the You view count the compliance it decides, and say what it did not check', async () => {
    const owner = await newUser();
    const coming = await insertMeeting(ctx, owner, { startsAt: hoursAhead(40), summary: 'Coming' });
    const past = await insertMeeting(ctx, owner, { startsAt: hoursAhead(-30), summary: 'Past' });
    await reevaluateMeetings(ctx, owner.user.id, [coming.id, past.id]);
    await waitFor(async () => expect((await actionOf(coming.id))?.status).toBe('scheduled'));
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const compliance = async () => {
      const res = await app.inject({
        url: `/api/v1/reports/compliant_meetings?start=${day(-3)}&end=${day(4)}&who=user`,
        headers: owner.headers,
      });
      return res.json().data.attributes.rows;
    };
    const before = await compliance();
    expect(before).toMatchObject({ compliant: 0, non_compliant: 1, total: 2 });
    expect(complianceCountsText(before)).toBe('0 compliant · 1 not · 1 not checked');

    // The meeting is fixed: the engine marks it compliant, and the built roll-up follows.
    await ctx.db.insert(agendaItems).values({ meetingId: coming.id, description: 'Decide' });
    await reevaluateMeetings(ctx, owner.user.id, [coming.id]);
    await waitFor(async () => expect((await actionOf(coming.id))!.status).toBe('cancelled'));
    await waitFor(async () => expect(await compliance()).toMatchObject({ compliant: 1, non_compliant: 0 }));
  });
});

describe('ignore', () => {
  it('accepts the meeting through the provider, closes the action and removes the decline', async () => {
    const owner = await newUser();
    const meeting = await insertMeeting(ctx, owner, {
      startsAt: hoursAhead(50),
      summary: 'Offsite planning',
    });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    await waitFor(async () => expect(await jobRow(`autobalance_decline:${meeting.id}`)).not.toBeNull());

    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/users/meetings/accept/${meeting.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes.response_status).toBe('accepted');
    expect(answersSent(google, meeting.providerEventId)).toEqual([
      expect.objectContaining({ response: 'accepted' }),
    ]);
    expect((await actionOf(meeting.id))!.status).toBe('ignored');
    expect(await jobRow(`autobalance_decline:${meeting.id}`)).toBeNull();
    const past = await app.inject({ method: 'GET', url: '/api/v1/past_actions', headers: owner.headers });
    expect(past.json().data[0].attributes).toMatchObject({ status: 'ignored', meeting_id: meeting.id });
  });

  it('refuses, on a paid plan, to accept a meeting that overlaps one already accepted', async () => {
    const owner = await newUser();
    await setPlan(ctx, owner.user, 'team-500');
    const startsAt = hoursAhead(60);
    await insertMeeting(ctx, owner, { startsAt, summary: 'Accepted one', responseStatus: 'accepted' });
    const other = await insertMeeting(ctx, owner, {
      startsAt: new Date(startsAt.getTime() + 30 * 60_000),
      summary: 'Overlapping',
    });
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/users/meetings/accept/${other.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].detail).toContain('Accepted one');
    expect(answersSent(google, other.providerEventId)).toEqual([]);
  });
});

describe('remind, VIPs and manual actions', () => {
  it('reminds the organizer once, marks the action done and tells the user once', async () => {
    const owner = await newUser();
    await setActionSettings(ctx, owner.user.id, { non_compliance_action: 'remind' });
    const meeting = await insertMeeting(ctx, owner, { startsAt: hoursAhead(72), summary: 'Weekly sync' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    await waitFor(() => expect(mails(ORGANIZER, '"Weekly sync" needs a few changes')).toHaveLength(1));
    await waitFor(async () => expect((await actionOf(meeting.id))!.status).toBe('done'));
    await waitFor(() =>
      expect(mails(owner.user.email, 'We reminded the organizer of "Weekly sync"')).toHaveLength(1),
    );
    await reconcileUser(ctx, owner.user.id);
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mails(ORGANIZER, '"Weekly sync"')).toHaveLength(1);
    expect(mails(owner.user.email, '"Weekly sync"')).toHaveLength(1);
    expect(await jobRow(`autobalance_decline:${meeting.id}`)).toBeNull();
  });

  it('validates the VIP list and leaves VIP organizers alone', async () => {
    const owner = await newUser();
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/v1/users/denylisted_organizers/bulk',
      headers: owner.headers,
      payload: {
        data: {
          type: 'denylisted_organizers',
          attributes: { email_list: ['vip@partner.example', 'not-an-email'] },
        },
      },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      expect.objectContaining({
        detail: expect.stringContaining('Please enter a valid email and try again.'),
        source: { pointer: '/data/attributes/email_list/1' },
      }),
    ]);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/users/denylisted_organizers/bulk',
      headers: owner.headers,
      payload: {
        data: {
          type: 'denylisted_organizers',
          attributes: { email_list: ['VIP@partner.example', 'vip@partner.example', 'ceo@partner.example'] },
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.attributes.organizer_denylist).toEqual([
      'vip@partner.example',
      'ceo@partner.example',
    ]);

    const meeting = await insertMeeting(ctx, owner, {
      startsAt: hoursAhead(30),
      summary: 'VIP call',
      organizerEmail: 'vip@partner.example',
    });
    await reconcileUser(ctx, owner.user.id);
    expect(await actionOf(meeting.id)).toBeNull();
  });

  it('lets company admins set the team lists, with the domain rules', async () => {
    const owner = await newUser();
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/v1/company',
      headers: owner.headers,
      payload: {
        data: { type: 'companies', attributes: { domains_allowlist: ['partner.example', 'nope'] } },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      detail: expect.stringContaining('Please enter a valid email domain and try again.'),
      source: { pointer: '/data/attributes/domains_allowlist/1' },
    });
    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/v1/company',
      headers: owner.headers,
      payload: {
        data: {
          type: 'companies',
          attributes: { domains_allowlist: ['Partner.example', '@partner.example', 'acme.example'] },
        },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.attributes.domains_allowlist).toEqual(['partner.example', 'acme.example']);
    const vips = await app.inject({
      method: 'POST',
      url: '/api/v1/company/denylisted_organizers/bulk',
      headers: owner.headers,
      payload: { email_list: 'a@partner.example, b@partner.example' },
    });
    expect(vips.statusCode).toBe(200);
    expect(vips.json().data.attributes.organizer_denylist).toEqual([
      'a@partner.example',
      'b@partner.example',
    ]);
    // Outside the allowed domains, nothing is acted on.
    const meeting = await insertMeeting(ctx, owner, {
      startsAt: hoursAhead(30),
      summary: 'Elsewhere',
      organizerEmail: 'x@other.example',
    });
    await reconcileUser(ctx, owner.user.id);
    expect(await actionOf(meeting.id)).toBeNull();
  });

  it('acts on a manual choice from the take-action panel (paid plan)', async () => {
    const owner = await newUser();
    await setPlan(ctx, owner.user, 'team-500');
    // Compliant with the action settings, but its evaluation has negative details.
    await setActionSettings(ctx, owner.user.id, { required_agenda: false });
    const meeting = await insertMeeting(ctx, owner, { startsAt: hoursAhead(80), summary: 'Manual one' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    await reconcileUser(ctx, owner.user.id);
    expect(await actionOf(meeting.id)).toBeNull();

    const chosen = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/${meeting.id}`,
      headers: owner.headers,
      payload: { data: { type: 'meetings', attributes: { non_compliance_action: 'remind' } } },
    });
    expect(chosen.statusCode).toBe(200);
    await waitFor(() => expect(mails(ORGANIZER, '"Manual one" needs a few changes')).toHaveLength(1));
    const action = await actionOf(meeting.id);
    expect(action).toMatchObject({ manual: true, action: 'remind' });
    expect(Object.values(action!.detailsNegative)).toContain('No agenda');
  });
});

describe('sweep', () => {
  it('re-queues scheduled declines whose job was lost', async () => {
    const owner = await newUser();
    const meeting = await insertMeeting(ctx, owner, { startsAt: hoursAhead(40), summary: 'Lost job' });
    await reconcileUser(ctx, owner.user.id);
    const action = await actionOf(meeting.id);
    await ctx.jobs.cancel(`autobalance_decline:${meeting.id}`);
    ctx.setNow(new Date(action!.complianceDeadline!.getTime() + 10 * 60_000));
    const result = await sweep(ctx);
    expect(result.overdue).toBeGreaterThanOrEqual(1);
    await waitFor(() =>
      expect(answersSent(google, meeting.providerEventId)).toEqual([
        expect.objectContaining({ response: 'declined' }),
      ]),
    );
    await waitFor(async () => expect(await actionOf(meeting.id)).toMatchObject({ status: 'done' }));
  });
});
