import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOptOuts, emails, tips, tipViews, users } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { waitForValue } from '../../test/wait';
import { type SmtpCapture, startSmtpCapture } from '../mail/testing/smtp-capture';
import { closeMailTransport } from '../mail/transport';
import { TIPS } from '../wellness-blocks/catalog';
import { sendWeeklyTip, tipKey } from './tips';
import { enqueueWeeklyMails, tipEmailJob, weeklyReportEmailJob } from './weekly-mails.job';

const APP_URL = 'https://app.meetwell.test';
const LOS_ANGELES = 'America/Los_Angeles';
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Thursday 12 March 2026, 07:05 in Los Angeles (PDT, -7), and the hour's start. */
const THURSDAY = new Date('2026-03-12T14:05:00Z');
const SLOT = new Date('2026-03-12T14:00:00Z');

type UserRow = typeof users.$inferSelect;

let smtp: SmtpCapture;
let ctx: TestContext;
let worker: RunningWorker;
let tina: UserRow;

const received = (user: UserRow) => smtp.messages.filter((m) => m.to.includes(user.email));
const subjectOf = (tipIndex: number) => `Tip of the week: ${TIPS[tipIndex]!.title}`;
const weeksLater = (date: Date, weeks: number) => new Date(date.getTime() + weeks * WEEK);

async function drained() {
  await waitForValue(async () => {
    const { rows } = await ctx.pool.query<{ n: number }>(
      `select count(*)::int as n from graphile_worker.jobs where task_identifier in ('weekly_report_email', 'tip_email')`,
    );
    return rows[0]!.n === 0;
  });
}

/** The sweep at `at`, and its jobs run. */
async function sweep(at: Date) {
  ctx.setNow(at);
  const enqueued = await enqueueWeeklyMails(ctx, at);
  await drained();
  return enqueued;
}

async function see(user: UserRow, tipIndex: number, at: Date) {
  await ctx.db.insert(tipViews).values({ userId: user.id, tipId: TIPS[tipIndex]!.id, seenAt: at });
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL });
  worker = await startWorker(ctx, {
    concurrency: 1,
    crontab: false,
    pollInterval: 100,
    registry: { weekly_report_email: weeklyReportEmailJob, tip_email: tipEmailJob },
  });
  tina = await createUser(ctx, { timeZone: LOS_ANGELES });
});

afterAll(async () => {
  await worker?.stop();
  if (ctx) closeMailTransport(ctx.config);
  await ctx?.close();
  await smtp?.close();
});

describe('the weekly tip', () => {
  it('goes out on Thursday 07:xx with the first tip not seen, written to the catalog if the app never read it', async () => {
    expect(await ctx.db.select().from(tips)).toHaveLength(0);
    ctx.setNow(new Date(THURSDAY.getTime() - 3_600_000));
    expect(await enqueueWeeklyMails(ctx, ctx.now())).toEqual({ reports: 0, tips: 0 });

    expect(await sweep(THURSDAY)).toEqual({ reports: 0, tips: 1 });
    expect(await ctx.db.select().from(tips)).toHaveLength(TIPS.length);
    const [mail, ...more] = received(tina);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(subjectOf(0));
    expect(mail!.text).toContain(TIPS[0]!.description);
    expect(mail!.text).toContain(`${APP_URL}/my/account`);
    expect(mail!.html).toContain(TIPS[0]!.description);
    const [stored] = await ctx.db
      .select()
      .from(emails)
      .where(eq(emails.idempotencyKey, tipKey(tina.id, 1)));
    expect(stored).toMatchObject({ kind: 'tip', userId: tina.id, status: 'sent' });
    // Mailing a tip is not seeing it in the app.
    expect(await ctx.db.select().from(tipViews)).toHaveLength(0);
  });

  it('sends one tip a week however often the sweep and the job run', async () => {
    await sweep(THURSDAY);
    await sweep(new Date(THURSDAY.getTime() + 50 * 60_000));
    expect(await sendWeeklyTip(ctx, { userId: tina.id, slotStart: SLOT })).toBe('duplicate');
    const both = await Promise.all([
      sendWeeklyTip(ctx, { userId: tina.id, slotStart: SLOT }),
      sendWeeklyTip(ctx, { userId: tina.id, slotStart: SLOT }),
    ]);
    expect(both).toEqual(['duplicate', 'duplicate']);
    // A second slot the same week (a zone changed mid-week) sends no second tip.
    expect(
      await sendWeeklyTip(ctx, { userId: tina.id, slotStart: new Date(SLOT.getTime() + 17 * 3_600_000) }),
    ).toBe('already_this_week');
    expect(received(tina)).toHaveLength(1);
  });

  it('never mails the same tip twice, and skips the tips seen in the app', async () => {
    // Tip 2 seen in the app: the next week brings tip 3.
    await see(tina, 1, weeksLater(THURSDAY, 0.5));
    expect(await sweep(weeksLater(THURSDAY, 1))).toMatchObject({ tips: 1 });
    expect(received(tina).map((m) => m.subject)).toEqual([subjectOf(0), subjectOf(2)]);

    // Tip 5 is seen right after this week's tip (4) went out: a re-run of the week still picks 4, sends nothing.
    expect(await sweep(weeksLater(THURSDAY, 2))).toMatchObject({ tips: 1 });
    await see(tina, 4, new Date(weeksLater(THURSDAY, 2).getTime() + 60_000));
    expect(await sendWeeklyTip(ctx, { userId: tina.id, slotStart: weeksLater(SLOT, 2) })).toBe('duplicate');

    expect(await sweep(weeksLater(THURSDAY, 3))).toMatchObject({ tips: 1 });
    expect(await sendWeeklyTip(ctx, { userId: tina.id, slotStart: weeksLater(SLOT, 4) })).toBe('no_tip_left');
    const subjects = received(tina).map((m) => m.subject);
    expect(subjects).toEqual([subjectOf(0), subjectOf(2), subjectOf(3), subjectOf(5)]);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('is not sent with Tips or All emails off, to a deactivated or demo account, or to an address that unsubscribed', async () => {
    const prefs = {
      email_reminders: true,
      email_weekly_reports: true,
      email_tips: true,
      all_communications: true,
      email_if_organizer: true,
    };
    const quiet = await Promise.all(
      [
        { communicationPrefs: { ...prefs, email_tips: false } },
        { communicationPrefs: { ...prefs, all_communications: false } },
        { deactivatedAt: THURSDAY },
        { isDemo: true },
        {},
      ].map(async (changes) => {
        const user = await createUser(ctx, { timeZone: LOS_ANGELES });
        if (Object.keys(changes).length === 0) return user;
        const [changed] = await ctx.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
        return changed!;
      }),
    );
    const unsubscribed = quiet.at(-1)!;
    await ctx.db.insert(emailOptOuts).values({ email: unsubscribed.email.toLowerCase() });
    const fresh = await createUser(ctx, { timeZone: LOS_ANGELES });

    // Tina has no tip left; of the others only the unsubscribed address and the fresh account are due.
    expect(await sweep(weeksLater(THURSDAY, 5))).toEqual({ reports: 0, tips: 3 });
    expect(received(fresh).map((m) => m.subject)).toEqual([subjectOf(0)]);
    for (const user of quiet) expect(received(user)).toHaveLength(0);
    expect(await sendWeeklyTip(ctx, { userId: unsubscribed.id, slotStart: weeksLater(SLOT, 5) })).toBe(
      'opted_out',
    );
    expect(await sendWeeklyTip(ctx, { userId: quiet[0]!.id, slotStart: weeksLater(SLOT, 5) })).toBe(
      'not_wanted',
    );
  });
});
