import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeGoogleServer,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import { meetings } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestContext, type TestContext } from '../../test/context';
import { hrefs, type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { reconcileUser } from './engine';
import { googleUser, insertMeeting, scriptGoogleAnswers, setActionSettings } from './testing';

/**
 * What organizers and attendees receive about a recurring meeting that breaks the rules, while the attendee
 * changes every preference that re-plans: one warning per organizer per occurrence, ever (a series in one
 * mail naming its dates), one notice to the attendee per series, and nothing new until the meeting itself
 * changes in a way that matters.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ORGANIZER = 'dana@vendorco.example';

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

async function settled() {
  await vi.waitFor(
    async () => {
      const { rows } = await ctx.pool.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker.jobs
          where task_identifier in ('autobalance_email', 'autobalance_user') and run_at < now() + interval '1 minute'`,
      );
      expect(rows[0]!.n).toBe(0);
    },
    { timeout: 30_000, interval: 100 },
  );
}

const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

describe('mails about a recurring meeting that breaks the rules', () => {
  it('go out once, naming the dates, whatever preference changes; again only for a date that moved', async () => {
    const owner = await googleUser(ctx, { email: 'sam@acme.example', timeZone: 'UTC' });
    scriptGoogleAnswers(google, owner.user.email);
    const first = new Date(Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR);
    const series = [];
    for (let week = 0; week < 4; week++) {
      series.push(
        await insertMeeting(ctx, owner, {
          startsAt: new Date(first.getTime() + week * 7 * DAY),
          summary: 'Vendor update',
          organizerEmail: ORGANIZER,
          recurringEventId: 'vendor-update',
        }),
      );
    }
    const run = async () => {
      await reconcileUser(ctx, owner.user.id);
      await settled();
    };

    await run();
    const warnings = to(ORGANIZER).filter((m) => m.subject.includes('"Vendor update" may be declined'));
    expect(warnings).toHaveLength(1);
    // Each date is named, each with its own link to keep it.
    expect(warnings[0]!.subject).toMatch(/may be declined: .+ and .+/);
    const links = hrefs(warnings[0]!.html).filter((h) => h.includes('/prevent-decline?token='));
    expect(new Set(links).size).toBe(4);
    const notices = to(owner.user.email).filter((m) =>
      m.subject.startsWith('We may decline "Vendor update"'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/for you: .+ and .+/);
    const total = smtp.messages.length;

    // Every change of preference that re-plans: a deadline, remind instead of decline and back, a rule more.
    await setActionSettings(ctx, owner.user.id, { compliance_deadline: 24 });
    await run();
    await setActionSettings(ctx, owner.user.id, { compliance_deadline: 24, non_compliance_action: 'remind' });
    await run();
    await setActionSettings(ctx, owner.user.id, {
      compliance_deadline: 48,
      non_compliance_action: 'decline',
    });
    await run();
    await setActionSettings(ctx, owner.user.id, { compliance_deadline: 48, required_objectives: true });
    await run();
    expect(smtp.messages.slice(total).map((m) => `${m.to} ${m.subject}`)).toEqual([]);

    // The meeting itself changes in a way that matters: one date moves. Its organizer hears of that date.
    const moved = series[2]!;
    await ctx.db
      .update(meetings)
      .set({
        startsAt: new Date(moved.startsAt.getTime() + 2 * HOUR),
        endsAt: new Date(moved.endsAt.getTime() + 2 * HOUR),
        contentHash: 'moved',
      })
      .where(eq(meetings.id, moved.id));
    await run();
    const after = smtp.messages.slice(total);
    expect(after.filter((m) => m.to.includes(ORGANIZER)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^"Vendor update" may be declined: [^,]+, [^,]+$/),
    ]);
    const movedLinks = hrefs(after.find((m) => m.to.includes(ORGANIZER))!.html).filter((h) =>
      h.includes('/prevent-decline?token='),
    );
    expect(new Set(movedLinks).size).toBe(1);
  });
});
