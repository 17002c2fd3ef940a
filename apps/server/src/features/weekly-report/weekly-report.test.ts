import {
  formatCurrency,
  formatNumber,
  formatPercent,
  letterGrade,
  qualityLabel,
  reportAverages,
  reportDurationAndCosts,
} from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOptOuts, emails, users } from '../../db/schema';
import type { JobHelpers } from '../../jobs/define';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { waitForValue } from '../../test/wait';
import { oneClickUnsubscribeUrl } from '../communications/unsubscribe-link';
import { type CapturedMail, hrefs, type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { invalidateReports } from '../reports/rollups';
import { domainRows, seedMeeting } from '../reports/test-seed';
import {
  enqueueWeeklyMails,
  tipEmailJob,
  weeklyMailsSweepJob,
  weeklyReportEmailJob,
} from './weekly-mails.job';
import { sendWeeklyReport, weeklyReportKey } from './weekly-report';

const APP_URL = 'https://app.meetwell.test';
const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';
const MINUTE = 60_000;
/** Monday 07:05 in Auckland (summer time, +13) and in Los Angeles (the day after clocks went forward, -7). */
const AUCKLAND_MONDAY = new Date('2026-03-08T18:05:00Z');
const LA_MONDAY = new Date('2026-03-09T14:05:00Z');
const WEEK = { start: '2026-03-02', end: '2026-03-08' };

type UserRow = typeof users.$inferSelect;

let smtp: SmtpCapture;
let ctx: TestContext;
let worker: RunningWorker;
let ana: UserRow;
let bob: UserRow;
const anaMeetings: Record<string, string> = {};
const bobMeetings: Record<string, string> = {};

const received = (user: UserRow) => smtp.messages.filter((m) => m.to.includes(user.email));
const meetingLinks = (mail: CapturedMail) => hrefs(mail.html).filter((h) => h.includes('/my/plan/meeting/'));

async function drained() {
  await waitForValue(async () => {
    const { rows } = await ctx.pool.query<{ n: number }>(
      `select count(*)::int as n from graphile_worker.jobs
       where task_identifier in ('weekly_report_email', 'tip_email')`,
    );
    return rows[0]!.n === 0;
  });
}

async function meeting(
  user: UserRow,
  into: Record<string, string>,
  m: {
    summary: string;
    startsAt: string;
    minutes: number;
    score: number | null;
    allDay?: boolean;
    status?: 'cancelled';
  },
) {
  const startsAt = new Date(m.startsAt);
  const row = await seedMeeting(ctx, user, {
    summary: m.summary,
    startsAt,
    endsAt: new Date(startsAt.getTime() + m.minutes * MINUTE),
    score: m.score,
    attendeesCount: 3,
    allDay: m.allDay ?? false,
    ...(m.status ? { status: m.status } : {}),
  });
  into[m.summary] = row.id;
  return row;
}

/** A user of the zone with a few meetings in the week, so that only the user's settings keep the mail away. */
async function busyUser(timeZone: string, changes: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(ctx, { timeZone });
  await meeting(user, {}, { summary: 'Sync', startsAt: '2026-03-04T17:00:00Z', minutes: 30, score: 60 });
  if (Object.keys(changes).length === 0) return user;
  const [changed] = await ctx.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return changed!;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL });
  ctx.setNow(AUCKLAND_MONDAY);
  worker = await startWorker(ctx, {
    concurrency: 1,
    crontab: false,
    pollInterval: 100,
    registry: { weekly_report_email: weeklyReportEmailJob, tip_email: tipEmailJob },
  });

  ana = await createUser(ctx, { timeZone: AUCKLAND, firstName: 'Ana' });
  // Her week, Monday 2 to Sunday 8 March in Auckland (+13).
  await meeting(ana, anaMeetings, {
    summary: 'Planning',
    startsAt: '2026-03-01T20:00:00Z', // Monday 09:00
    minutes: 60,
    score: 90,
  });
  await meeting(ana, anaMeetings, {
    summary: 'Standup',
    startsAt: '2026-03-02T21:00:00Z', // Tuesday 10:00
    minutes: 30,
    score: 72,
  });
  await meeting(ana, anaMeetings, {
    summary: 'Quarterly review',
    startsAt: '2026-03-03T20:00:00Z', // Wednesday 09:00
    minutes: 90,
    score: 55,
  });
  await meeting(ana, anaMeetings, {
    summary: 'Vendor call',
    startsAt: '2026-03-05T01:00:00Z', // Thursday 14:00
    minutes: 45,
    score: 64,
  });
  await meeting(ana, anaMeetings, {
    summary: 'Weekend sync',
    startsAt: '2026-03-07T22:00:00Z', // Sunday 11:00
    minutes: 60,
    score: 88,
  });
  // Not in the report: before and after her week, all day, not scored, cancelled. Each would be the worst.
  await meeting(ana, anaMeetings, {
    summary: 'Before the week',
    startsAt: '2026-03-01T10:30:00Z', // Sunday 1 March 23:30
    minutes: 30,
    score: 10,
  });
  await meeting(ana, anaMeetings, {
    summary: 'After the week',
    startsAt: '2026-03-08T11:30:00Z', // Monday 9 March 00:30
    minutes: 30,
    score: 5,
  });
  await meeting(ana, anaMeetings, {
    summary: 'Offsite',
    startsAt: '2026-03-03T11:00:00Z',
    minutes: 24 * 60,
    score: 1,
    allDay: true,
  });
  await meeting(ana, anaMeetings, {
    summary: 'Not scored',
    startsAt: '2026-03-03T23:00:00Z',
    minutes: 30,
    score: null,
  });
  await meeting(ana, anaMeetings, {
    summary: 'Cancelled',
    startsAt: '2026-03-04T21:00:00Z',
    minutes: 30,
    score: 2,
    status: 'cancelled',
  });

  bob = await createUser(ctx, { timeZone: LOS_ANGELES, firstName: 'Bob' });
  // His week holds the change to summer time (Sunday 8 March, 02:00).
  await meeting(bob, bobMeetings, {
    summary: 'Kickoff',
    startsAt: '2026-03-02T16:00:00Z', // Monday 08:00 PST
    minutes: 60,
    score: 81,
  });
  await meeting(bob, bobMeetings, {
    summary: 'Sunday review',
    startsAt: '2026-03-08T17:00:00Z', // Sunday 10:00 PDT
    minutes: 30,
    score: 67,
  });
  await meeting(bob, bobMeetings, {
    summary: 'Next Monday',
    startsAt: '2026-03-09T07:30:00Z', // Monday 9 March 00:30 PDT
    minutes: 30,
    score: 3,
  });
});

afterAll(async () => {
  await worker?.stop();
  if (ctx) closeMailTransport(ctx.config);
  await ctx?.close();
  await smtp?.close();
});

describe('the weekly report', () => {
  it('goes to Auckland at its Monday 07:xx with the week’s figures, recomputed from the meetings', async () => {
    expect(await enqueueWeeklyMails(ctx, AUCKLAND_MONDAY)).toEqual({ reports: 1, tips: 0 });
    await drained();
    const [mail, ...more] = received(ana);
    expect(more).toHaveLength(0);
    expect(mail).toBeDefined();

    // The figures by hand: scores 90, 72, 55, 64, 88; 285 minutes; 3 attendees at $80,000 a year.
    expect(mail!.subject).toBe('Your meetings last week: average score 74 (C)');
    expect(mail!.text).toContain('Average score: 74, grade C (medium quality)');
    expect(mail!.text).toContain('Meetings: 5');
    expect(mail!.text).toContain('Time in meetings: 4.8 h, 11.9% of 40 work hours: plenty of time');
    expect(mail!.text).toContain('Meeting cost: $548 ($110 per meeting at $80,000 a year)');

    // …and by the domain's row-based reports over the stored meetings (not the roll-ups the mail used).
    const rows = await domainRows(ctx, { scope: { userId: ana.id }, zone: AUCKLAND, ...WEEK });
    const averages = reportAverages(rows);
    const costs = reportDurationAndCosts(rows, { annualSalary: ana.annualSalary, range: WEEK });
    expect(averages.total).toBe(5);
    expect(mail!.text).toContain(
      `Average score: ${averages.average}, grade ${letterGrade(averages.average!)} (${qualityLabel(averages.average!)} quality)`,
    );
    expect(mail!.text).toContain(
      `Meeting cost: ${formatCurrency(costs.meeting_cost_total)} (${formatCurrency(costs.ave_cost_per_meeting)} per meeting`,
    );
    const hours = costs.work_hours_spent.spent_hours;
    expect(mail!.text).toContain(
      `${formatNumber(hours, 1)} h, ${formatPercent(costs.work_hours_spent.percent_of_time, 1)} of ${costs.work_hours} work hours`,
    );
  });

  it('names the three lowest scores in order, in her zone, each linking to the meeting', async () => {
    const mail = received(ana)[0]!;
    // Each opens over its own week in Plan (w: the meeting's day in her zone).
    const worst = [
      ['Quarterly review', '2026-03-04'],
      ['Vendor call', '2026-03-05'],
      ['Standup', '2026-03-03'],
    ];
    expect(meetingLinks(mail)).toEqual(
      worst.map(([s, day]) => `${APP_URL}/my/plan/meeting/${anaMeetings[s!]}?w=${day}`),
    );
    const lines = [`55 (F) Quarterly review`, `64 (D) Vendor call`, `72 (C-) Standup`];
    const at = lines.map((line) => mail.text.indexOf(line));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(mail.text).toContain('Wednesday, March 4th 2026 at 9:00 am');
    expect(mail.text).toContain('Thursday, March 5th 2026 at 2:00 pm');
    expect(mail.text).toContain('Tuesday, March 3rd 2026 at 10:00 am');
    expect(mail.text).toContain(`Times are in ${AUCKLAND}`);
    for (const left of [
      'Before the week',
      'After the week',
      'Offsite',
      'Not scored',
      'Cancelled',
      'Planning',
    ])
      expect(mail.html + mail.text).not.toContain(left);
  });

  it('has a plain-text part with the links, the week’s Review and a signed unsubscribe', async () => {
    const mail = received(ana)[0]!;
    expect(mail.headers['content-type']).toMatch(/multipart\/alternative/);
    expect(mail.text.length).toBeGreaterThan(200);
    expect(mail.text).not.toContain('<');
    for (const id of ['Quarterly review', 'Vendor call', 'Standup'].map((s) => anaMeetings[s]))
      expect(mail.text).toContain(`${APP_URL}/my/plan/meeting/${id}`);
    expect(hrefs(mail.html)).toContain(`${APP_URL}/my/review/you?s=2026-03-02&e=2026-03-08`);
    expect(mail.headers['list-unsubscribe']).toBe(`<${oneClickUnsubscribeUrl(ctx, ana.email)}>`);
    const [stored] = await ctx.db
      .select()
      .from(emails)
      .where(eq(emails.idempotencyKey, weeklyReportKey(ana.id, WEEK.start)));
    expect(stored).toMatchObject({ kind: 'weekly_report', userId: ana.id, status: 'sent' });
  });

  it('goes to Los Angeles at its own Monday 07:xx, over a week that changed clocks, and to nobody who opted out', async () => {
    const quiet = {
      weeklyOff: await busyUser(LOS_ANGELES, {
        communicationPrefs: {
          email_reminders: true,
          email_weekly_reports: false,
          email_tips: true,
          all_communications: true,
          email_if_organizer: true,
        },
      }),
      allOff: await busyUser(LOS_ANGELES, {
        communicationPrefs: {
          email_reminders: true,
          email_weekly_reports: true,
          email_tips: true,
          all_communications: false,
          email_if_organizer: true,
        },
      }),
      deactivated: await busyUser(LOS_ANGELES, { deactivatedAt: new Date('2026-03-05T00:00:00Z') }),
      demo: await busyUser(LOS_ANGELES, { isDemo: true }),
      unsubscribed: await busyUser(LOS_ANGELES),
      noMeetings: await createUser(ctx, { timeZone: LOS_ANGELES }),
    };
    await ctx.db.insert(emailOptOuts).values({ email: quiet.unsubscribed.email.toLowerCase() });

    // An hour early nobody in Los Angeles is due (it is 06:05 there).
    ctx.setNow(new Date(LA_MONDAY.getTime() - 60 * MINUTE));
    expect(await enqueueWeeklyMails(ctx, ctx.now())).toEqual({ reports: 0, tips: 0 });

    ctx.setNow(LA_MONDAY);
    // Bob, the unsubscribed address (deliverEmail stops it) and the user without meetings (no empty mail).
    expect(await enqueueWeeklyMails(ctx, LA_MONDAY)).toEqual({ reports: 3, tips: 0 });
    await drained();
    const [mail, ...more] = received(bob);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your meetings last week: average score 74 (C)');
    expect(meetingLinks(mail!)).toEqual([
      `${APP_URL}/my/plan/meeting/${bobMeetings['Sunday review']}?w=2026-03-08`,
      `${APP_URL}/my/plan/meeting/${bobMeetings.Kickoff}?w=2026-03-02`,
    ]);
    expect(mail!.text).toContain('Sunday, March 8th 2026 at 10:00 am');
    expect(mail!.text).toContain('Monday, March 2nd 2026 at 8:00 am');
    expect(mail!.text).toContain('Meetings: 2');
    expect(mail!.text).not.toContain('Next Monday');

    for (const user of Object.values(quiet)) expect(received(user)).toHaveLength(0);
    expect(await sendWeeklyReport(ctx, { userId: quiet.unsubscribed.id, week: WEEK })).toBe('opted_out');
    expect(await sendWeeklyReport(ctx, { userId: quiet.noMeetings.id, week: WEEK })).toBe('no_meetings');
    expect(await sendWeeklyReport(ctx, { userId: quiet.weeklyOff.id, week: WEEK })).toBe('not_wanted');
    expect(await sendWeeklyReport(ctx, { userId: quiet.allOff.id, week: WEEK })).toBe('not_wanted');
    expect(await sendWeeklyReport(ctx, { userId: quiet.deactivated.id, week: WEEK })).toBe('not_wanted');
    expect(await sendWeeklyReport(ctx, { userId: quiet.demo.id, week: WEEK })).toBe('not_wanted');
    const stored = await ctx.db.select().from(emails);
    expect(stored.map((e) => e.userId).sort()).toEqual([ana.id, bob.id].sort());
  });

  it('is sent once however often the sweep and the job run, even at the same time', async () => {
    expect(await enqueueWeeklyMails(ctx, LA_MONDAY)).toMatchObject({ reports: 3 });
    expect(await enqueueWeeklyMails(ctx, new Date(LA_MONDAY.getTime() + 40 * MINUTE))).toMatchObject({
      reports: 3,
    });
    await drained();
    const both = await Promise.all([
      sendWeeklyReport(ctx, { userId: bob.id, week: WEEK }),
      sendWeeklyReport(ctx, { userId: bob.id, week: WEEK }),
    ]);
    expect(both).toEqual(['duplicate', 'duplicate']);
    expect(received(bob)).toHaveLength(1);
    expect(received(ana)).toHaveLength(1);
  });

  it('has two concurrent first sends deliver one mail', async () => {
    const week = { start: '2026-02-23', end: '2026-03-01' };
    await meeting(bob, bobMeetings, {
      summary: 'Earlier week',
      startsAt: '2026-02-25T18:00:00Z',
      minutes: 30,
      score: 70,
    });
    // As a sync does after storing meetings: the report days it touched are built again.
    await invalidateReports(ctx.db, { userIds: [bob.id] });
    const results = await Promise.all([
      sendWeeklyReport(ctx, { userId: bob.id, week }),
      sendWeeklyReport(ctx, { userId: bob.id, week }),
    ]);
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(received(bob).filter((m) => m.subject.includes('70 (C-)'))).toHaveLength(1);
  });

  it('when a sweep runs late, picks the people due at its scheduled time, not at the clock', async () => {
    const carl = await busyUser(LOS_ANGELES);
    ctx.setNow(new Date('2026-03-16T18:30:00Z')); // 11:30 in Los Angeles
    expect(await enqueueWeeklyMails(ctx, ctx.now())).toEqual({ reports: 0, tips: 0 });
    const jobs: { task_identifier: string; payload: unknown }[] = [];
    const helpers = {
      ctx: {
        ...ctx,
        jobs: {
          ...ctx.jobs,
          enqueue: async (name: string, payload: unknown) => {
            jobs.push({ task_identifier: name, payload });
          },
        },
      },
      cron: { ts: '2026-03-16T14:05:00.000Z', backfilled: true },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    } as unknown as JobHelpers;
    await weeklyMailsSweepJob.run({}, helpers);
    expect(jobs).toContainEqual({
      task_identifier: 'weekly_report_email',
      payload: { userId: carl.id, weekStart: '2026-03-09' },
    });
  });
});
