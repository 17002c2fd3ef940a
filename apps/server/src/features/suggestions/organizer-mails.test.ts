import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeGoogleServer,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestContext, type TestContext } from '../../test/context';
import { reconcileUser } from '../autobalance/engine';
import { googleUser, insertMeeting, scriptGoogleAnswers, setActionSettings } from '../autobalance/testing';
import { declineWarningEmail, type MeetingFacts, organizerReminderEmail } from '../mail/templates/messages';
import { type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';

/** The organizer's reminder and decline warning say what would raise the meeting's score most. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const facts: MeetingFacts = {
  summary: 'Quarterly sync',
  startsAt: new Date('2030-03-04T15:00:00Z'),
  timeZone: 'Europe/Paris',
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  organizerEmail: 'boss@partner.example',
  violations: ['No agenda'],
  deadline: new Date('2030-03-04T03:00:00Z'),
  suggestions: ['Add an agenda → 90, A-', 'Shorten to 1 hour → 74, C'],
};

describe('templates', () => {
  it('the reminder and the warning list the suggestions, in HTML and text; none given, no such paragraph', async () => {
    for (const mail of [
      await organizerReminderEmail(facts, 'https://app.meetwell.test'),
      await declineWarningEmail(facts, 'https://app.meetwell.test', 'tok_1'),
    ]) {
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('What would raise its score most (out of 100):');
        expect(part).toContain('Add an agenda → 90, A-');
        expect(part).toContain('Shorten to 1 hour → 74, C');
      }
    }
    const plain = await organizerReminderEmail({ ...facts, suggestions: [] }, 'https://app.meetwell.test');
    expect(plain.text).not.toContain('What would raise');
  });
});

describe('mails sent by auto-balance', () => {
  let ctx: TestContext;
  let google: FakeGoogleServer;
  let smtp: SmtpCapture;
  let worker: RunningWorker;

  beforeAll(async () => {
    google = await startFakeGoogleServer();
    smtp = await startSmtpCapture();
    ctx = await createTestContext({ GOOGLE_API_URL: google.url, SMTP_URL: smtp.url });
    worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
  });
  afterAll(async () => {
    await worker.stop();
    closeMailTransport(ctx.config);
    await ctx.close();
    await google.close();
    await smtp.close();
  });

  const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

  it('the decline warning names the changes that raise the score most, best first', async () => {
    const organizer = 'dana@vendorco.example';
    const owner = await googleUser(ctx, { email: 'sam@acme.example', timeZone: 'UTC' });
    scriptGoogleAnswers(google, owner.user.email);
    // 'Vendor update' (an intention from its title), 90 minutes, 3 people, a video link, a week's notice, no
    // agenda and no objectives: 63 of 98 weight passes → 64. An agenda → 85, objectives → 74, 60 minutes → 69.
    await insertMeeting(ctx, owner, {
      startsAt: new Date(Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR),
      minutes: 90,
      summary: 'Vendor update',
      organizerEmail: organizer,
    });
    await reconcileUser(ctx, owner.user.id);
    await vi.waitFor(() => expect(to(organizer)).toHaveLength(1), { timeout: 30_000, interval: 100 });
    const [warning] = to(organizer);
    expect(warning!.subject).toContain('may be declined');
    const text = warning!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      'What would raise its score most (out of 100): • Add an agenda → 85, B • Add objectives → 74, C • Shorten to 1 hour → 69, D+',
    );
  });

  it('the reminder too', async () => {
    const organizer = 'lee@vendorco.example';
    const owner = await googleUser(ctx, { email: 'kim@acme.example', timeZone: 'UTC' });
    await setActionSettings(ctx, owner.user.id, { non_compliance_action: 'remind' });
    await insertMeeting(ctx, owner, {
      startsAt: new Date(Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR),
      minutes: 60,
      summary: 'Vendor update',
      organizerEmail: organizer,
    });
    await reconcileUser(ctx, owner.user.id);
    await vi.waitFor(() => expect(to(organizer)).toHaveLength(1), { timeout: 30_000, interval: 100 });
    const text = to(organizer)[0]!.text.replace(/\s+/g, ' ');
    expect(to(organizer)[0]!.subject).toContain('needs a few changes');
    expect(text).toContain('Add an agenda → 90, A-');
    expect(text).toContain('Add objectives → 80, B-');
  });
});
