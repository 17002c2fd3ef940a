import { REQUESTED_REPORTS_PER_HOUR } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, type users } from '../../db/schema';
import type { App } from '../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { optOut } from '../communications/opt-outs';
import { type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { seedMeeting } from '../reports/test-seed';
import { sendWeeklyReport, weeklyReportKey, weekOf } from '../weekly-report/weekly-report';
import { TIPS } from '../wellness-blocks/catalog';
import { mailPreviewRoutes } from './routes';

const APP_URL = 'https://app.meetwell.test';
// Thursday 26 November 2026, 15:00 UTC: 16:00 in Paris, in the week of Monday 23 November.
const NOW = new Date('2026-11-26T15:00:00Z');
const MINUTE = 60_000;

type UserRow = typeof users.$inferSelect;

let smtp: SmtpCapture;
let ctx: TestContext;
let app: App;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL });
  ctx.setNow(NOW);
  app = await createTestApp(ctx, [mailPreviewRoutes]);
});
afterAll(async () => {
  await app?.close();
  closeMailTransport(ctx.config);
  await ctx?.close();
  await smtp?.close();
});

async function personWith(meetings: { summary: string; startsAt: string; score: number }[]) {
  const user = await createUser(ctx, { timeZone: 'Europe/Paris', firstName: 'Noor' });
  for (const m of meetings) {
    const startsAt = new Date(m.startsAt);
    await seedMeeting(ctx, user, {
      summary: m.summary,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * MINUTE),
      score: m.score,
      attendeesCount: 3,
      allDay: false,
    });
  }
  return { user, headers: await bearerFor(ctx, user.id) };
}

const preview = (kind: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1/mail_previews/${kind}`, headers });
const sendNow = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/v1/weekly_reports/requested', headers });
const received = (user: UserRow) => smtp.messages.filter((m) => m.to.includes(user.email));

describe('the weekly report, seen and sent before Monday', () => {
  it('previews this week so far with the real template, as Monday would send it', async () => {
    const { user, headers } = await personWith([
      { summary: 'Design review', startsAt: '2026-11-24T09:00:00Z', score: 52 },
      { summary: 'Standup', startsAt: '2026-11-25T08:00:00Z', score: 91 },
      { summary: 'Last week thing', startsAt: '2026-11-17T09:00:00Z', score: 10 },
    ]);
    const res = await preview('weekly_report', headers);
    expect(res.statusCode).toBe(200);
    const { attributes } = res.json().data;
    expect(attributes.to).toBe(user.email);
    expect(attributes.html).toContain('Design review');
    expect(attributes.html).not.toContain('Last week thing');

    // The very mail the weekly job writes for that week.
    expect(weekOf(user.timeZone, NOW)).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(await sendWeeklyReport(ctx, { userId: user.id, week: weekOf(user.timeZone, NOW) })).toBe('sent');
    const [monday] = await ctx.db
      .select()
      .from(emails)
      .where(eq(emails.idempotencyKey, weeklyReportKey(user.id, '2026-11-23')));
    expect(attributes.subject).toBe(monday!.subject);
  });

  it('falls back to last week while this week has no score yet, and says so when neither has one', async () => {
    const { headers } = await personWith([
      { summary: 'Old retro', startsAt: '2026-11-18T09:00:00Z', score: 40 },
    ]);
    const res = await preview('weekly_report', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.html).toContain('Old retro');

    const empty = await personWith([]);
    const none = await preview('weekly_report', empty.headers);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0].detail).toBe(
      'There is no report yet: none of your meetings this week or last has a score.',
    );
    const notSent = await sendNow(empty.headers);
    expect(notSent.statusCode).toBe(409);
    expect(received(empty.user)).toEqual([]);
  });

  it('mails it at once through SMTP on "Send me this week\'s report now", leaving Monday\'s report to go', async () => {
    const { user, headers } = await personWith([
      { summary: 'Budget call', startsAt: '2026-11-24T10:00:00Z', score: 61 },
    ]);
    const res = await sendNow(headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      status: 'sent',
      to: user.email,
      week_start: '2026-11-23',
      week_end: '2026-11-29',
    });
    const [mail] = received(user);
    expect(mail?.html).toContain('Budget call');
    expect(mail?.headers['list-unsubscribe']).toContain('/api/v1/communications/email/unsubscribe?e=');
    // Monday's mail of the same week is still sent: the request has a key of its own.
    expect(await sendWeeklyReport(ctx, { userId: user.id, week: weekOf(user.timeZone, NOW) })).toBe('sent');
    expect(received(user)).toHaveLength(2);
  });

  it(`sends ${REQUESTED_REPORTS_PER_HOUR} an hour, then says when the next may go`, async () => {
    const { user, headers } = await personWith([
      { summary: 'Planning', startsAt: '2026-11-24T10:00:00Z', score: 70 },
    ]);
    try {
      for (let i = 0; i < REQUESTED_REPORTS_PER_HOUR; i++) {
        ctx.setNow(new Date(NOW.getTime() + i * 10 * MINUTE));
        expect((await sendNow(headers)).statusCode).toBe(201);
      }
      ctx.setNow(new Date(NOW.getTime() + 40 * MINUTE));
      const refused = await sendNow(headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(20 * 60));
      expect(refused.json().errors[0].detail).toBe(
        `You can send yourself ${REQUESTED_REPORTS_PER_HOUR} reports an hour. Try again in 20 minutes.`,
      );
      expect(received(user)).toHaveLength(REQUESTED_REPORTS_PER_HOUR);
      // An hour after the first, one more may go.
      ctx.setNow(new Date(NOW.getTime() + 61 * MINUTE));
      expect((await sendNow(headers)).statusCode).toBe(201);
    } finally {
      ctx.setNow(NOW);
    }
  });

  it('is not mailed to an address that unsubscribed', async () => {
    const { user, headers } = await personWith([
      { summary: 'Sync', startsAt: '2026-11-24T10:00:00Z', score: 70 },
    ]);
    await optOut(ctx, user.email);
    const res = await sendNow(headers);
    expect(res.statusCode).toBe(409);
    expect(received(user)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await sendNow({})).statusCode).toBe(401);
    expect((await preview('weekly_report', {})).statusCode).toBe(401);
  });
});

describe('the tips mail, seen before Thursday', () => {
  it('previews the next tip the person would be mailed', async () => {
    const { user, headers } = await personWith([]);
    const res = await preview('tip', headers);
    expect(res.statusCode).toBe(200);
    const { attributes } = res.json().data;
    expect(attributes.to).toBe(user.email);
    expect(attributes.subject).toBe(`Tip of the week: ${TIPS[0]!.title}`);
    expect(attributes.html).toContain(TIPS[0]!.title);
  });
});
