import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actions, emails, meetings, notifications } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestContext, type TestContext } from '../../test/context';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { reconcileUser } from './engine';
import { googleUser, insertMeeting, setActionSettings } from './testing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ORGANIZER = 'boss@partner.example';

let ctx: TestContext;
let worker: RunningWorker;

beforeAll(async () => {
  // No SMTP: mail goes to the outbox (the emails table), as in the embedded default.
  ctx = await createTestContext({ APP_URL: 'https://app.meetwell.test' });
  worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

const at = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const waitFor = (check: () => unknown | Promise<unknown>, timeout = 20_000) =>
  vi.waitFor(check, { timeout, interval: 100 });
const outbox = (to: string) => ctx.db.select().from(emails).where(eq(emails.to, to));

describe('reminders of a recurring meeting', () => {
  it('go out once per series and organizer, naming every date, with one notification', async () => {
    const owner = await googleUser(ctx);
    await setActionSettings(ctx, owner.user.id, { non_compliance_action: 'remind' });
    const occurrences = [];
    for (let i = 0; i < 5; i++) {
      occurrences.push(
        await insertMeeting(ctx, owner, {
          startsAt: new Date(at(48).getTime() + i * DAY),
          summary: 'Daily vendor sync',
          recurringEventId: 'series-vendor-sync',
        }),
      );
    }
    await reevaluateMeetings(
      ctx,
      owner.user.id,
      occurrences.map((m) => m.id),
    );
    await waitFor(async () => {
      const rows = await ctx.db.select().from(actions).where(eq(actions.userId, owner.user.id));
      expect(rows).toHaveLength(5);
      expect(rows.every((a) => a.status === 'done')).toBe(true);
    });
    const reminders = (await outbox(ORGANIZER)).filter((m) => m.kind === 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toContain('"Daily vendor sync" needs a few changes: 5 dates from');
    for (const occurrence of occurrences) {
      const day = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
        occurrence.startsAt,
      );
      expect(reminders[0]!.text).toContain(day);
    }
    expect(reminders[0]!.text.match(/ at \d{1,2}:\d{2} (am|pm) \(/g)).toHaveLength(5);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told.filter((n) => n.title === 'Organizer reminded')).toHaveLength(1);
  });
});

describe('mails are keyed to the event, not to a meeting row', () => {
  it('never warns an organizer twice about the same event and deadline, even for a new row of it', async () => {
    const owner = await googleUser(ctx);
    const first = await insertMeeting(ctx, owner, { startsAt: at(72), summary: 'Budget review' });
    await reevaluateMeetings(ctx, owner.user.id, [first.id]);
    const warnings = async () =>
      (await outbox(ORGANIZER)).filter((m) => m.subject.includes('"Budget review" may be declined'));
    await waitFor(async () => expect(await warnings()).toHaveLength(1));

    // The same event comes back as another row (a re-import, a provider that changed its id).
    const [again] = await ctx.db
      .insert(meetings)
      .values({
        ...first,
        id: undefined,
        providerEventId: `${first.providerEventId}-again`,
        createdAt: undefined,
      })
      .returning();
    await ctx.db.delete(meetings).where(eq(meetings.id, first.id));
    await reevaluateMeetings(ctx, owner.user.id, [again!.id]);
    await reconcileUser(ctx, owner.user.id);
    await waitFor(async () => {
      const [action] = await ctx.db.select().from(actions).where(eq(actions.meetingId, again!.id));
      expect(action?.status).toBe('scheduled');
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await warnings()).toHaveLength(1);
  });
});
