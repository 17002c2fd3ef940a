/**
 * Several team members attend the same occurrence: the organizer hears from MeetWell once for the team (one
 * reminder, one warning, one notice naming each of them), and the warning's link prevents every one of their
 * declines.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeGoogleServer,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import { actions } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { reconcileUser } from './engine';
import { autoBalanceRoutes } from './routes';
import { googleUser, insertMeeting, scriptGoogleAnswers, setActionSettings } from './testing';

const HOUR = 3_600_000;
let ctx: TestContext;
let google: FakeGoogleServer;
let smtp: SmtpCapture;
let running: RunningWorker | null = null;

beforeAll(async () => {
  google = await startFakeGoogleServer();
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ GOOGLE_API_URL: google.url, SMTP_URL: smtp.url });
});
afterEach(async () => {
  await running?.stop();
  running = null;
});
afterAll(async () => {
  closeMailTransport(ctx.config);
  await ctx.close();
  await google.close();
  await smtp.close();
});

const hoursAhead = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const mailsTo = (to: string, subject: string) =>
  smtp.messages.filter((m) => m.to.includes(to) && m.subject.includes(subject));
const waitFor = (check: () => unknown | Promise<unknown>) =>
  vi.waitFor(check, { timeout: 20_000, interval: 100 });

async function teamMembers(count: number) {
  const admin = await googleUser(ctx);
  const list = [admin];
  for (let i = 1; i < count; i++) {
    const member = await googleUser(ctx, { companyOf: admin.user });
    list.push(member);
  }
  return list;
}

describe('one organizer mail per occurrence for the team', () => {
  it('three members due for a decline: one warning and one notice naming all three, three declines', async () => {
    const members = await teamMembers(3);
    const organizer = `org-${randomUUID().slice(0, 8)}@partner.example`;
    const icalUid = `${randomUUID()}@partner.example`;
    const startsAt = hoursAhead(3);
    for (const member of members) {
      scriptGoogleAnswers(google, member.user.email);
      await insertMeeting(ctx, member, {
        startsAt,
        organizerEmail: organizer,
        icalUid,
        summary: 'Roadmap sync',
      });
      await reconcileUser(ctx, member.user.id);
    }
    running = await startWorker(ctx, { concurrency: 3, crontab: false, pollInterval: 100 });
    await waitFor(async () => {
      const rows = await ctx.db
        .select()
        .from(actions)
        .where(
          inArray(
            actions.userId,
            members.map((m) => m.user.id),
          ),
        );
      expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
      expect(mailsTo(organizer, 'declined "Roadmap sync"')).toHaveLength(1);
    });
    const warnings = mailsTo(organizer, '"Roadmap sync" may be declined');
    expect(warnings).toHaveLength(1);
    for (const member of members) expect(warnings[0]!.text).toContain(member.user.email);
    expect(warnings[0]!.text).toContain(' use MeetWell');
    // Each member still gets their own notices.
    await waitFor(() => {
      for (const member of members) expect(mailsTo(member.user.email, 'We declined')).toHaveLength(1);
    });
  });

  it("the warning's link prevents every team member's decline of that occurrence", async () => {
    const members = await teamMembers(2);
    const organizer = `org-${randomUUID().slice(0, 8)}@partner.example`;
    const icalUid = `${randomUUID()}@partner.example`;
    const startsAt = hoursAhead(72);
    for (const member of members) {
      scriptGoogleAnswers(google, member.user.email);
      await setActionSettings(ctx, member.user.id, {
        non_compliance_action: 'decline',
        compliance_deadline: 12,
      });
      await insertMeeting(ctx, member, {
        startsAt,
        organizerEmail: organizer,
        icalUid,
        summary: 'Budget review',
      });
      await reconcileUser(ctx, member.user.id);
    }
    running = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
    await waitFor(() => expect(mailsTo(organizer, '"Budget review" may be declined')).toHaveLength(1));
    const warning = mailsTo(organizer, '"Budget review" may be declined')[0]!;
    const token = decodeURIComponent(/prevent-decline\?token=([^\s"&]+)/.exec(warning.text)![1]!);
    const app = await createTestApp(ctx, [autoBalanceRoutes]);
    const page = (await app.inject({ url: `/api/v1/users/meetings/details/${token}` })).json().data
      .attributes;
    expect(page.starts_at).toBe(startsAt.toISOString());
    expect([...page.attendee_names].sort()).toEqual(members.map((m) => `${m.user.firstName} Test`).sort());
    const prevented = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/meetings/prevent_decline/${token}`,
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: { data: { attributes: { organizer_notes: 'We need everyone here' } } },
    });
    expect(prevented.statusCode).toBe(200);
    await app.close();
    const rows = await ctx.db
      .select()
      .from(actions)
      .where(
        inArray(
          actions.userId,
          members.map((m) => m.user.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(['prevented', 'prevented']);
    expect(rows.map((r) => r.organizerNotes)).toEqual(['We need everyone here', 'We need everyone here']);
  });

  it('members of two different teams each warn the organizer (a team speaks only for itself)', async () => {
    const [ours] = await teamMembers(1);
    const [theirs] = await teamMembers(1);
    const organizer = `org-${randomUUID().slice(0, 8)}@partner.example`;
    const icalUid = `${randomUUID()}@partner.example`;
    const startsAt = hoursAhead(3);
    for (const member of [ours!, theirs!]) {
      scriptGoogleAnswers(google, member.user.email);
      await insertMeeting(ctx, member, {
        startsAt,
        organizerEmail: organizer,
        icalUid,
        summary: 'Vendor call',
      });
      await reconcileUser(ctx, member.user.id);
    }
    running = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
    await waitFor(() => expect(mailsTo(organizer, 'declined "Vendor call"')).toHaveLength(2));
    expect(mailsTo(organizer, '"Vendor call" may be declined')).toHaveLength(2);
    const [row] = await ctx.db.select().from(actions).where(eq(actions.userId, ours!.user.id));
    expect(row!.status).toBe('done');
  });
});
