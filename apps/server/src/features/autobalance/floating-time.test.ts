import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveCalendarSource } from '../../calendars/sources';
import { actions, emails, meetings } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestContext, type TestContext } from '../../test/context';
import { createIcsCalendar, createUser } from '../../test/factories';
import { runCalendarSync } from '../calendars/sync/run-sync';
import { adoptTimeZone } from '../users/time-zone';

const DAY = 86_400_000;
const ORGANIZER = 'boss@partner.example';

let ctx: TestContext;
let worker: RunningWorker;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://app.meetwell.test' });
  worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

const waitFor = (check: () => unknown | Promise<unknown>) =>
  vi.waitFor(check, { timeout: 30_000, interval: 100 });
const tokyoClock = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', timeStyle: 'short' }).format(at);
const warnings = async () =>
  (await ctx.db.select().from(emails).where(eq(emails.to, ORGANIZER))).filter(
    (m) => m.kind === 'decline_warning',
  );

/** Jobs the worker should be running now (none once auto-balance is done). */
const jobsDue = async () =>
  (
    await ctx.pool.query<{ n: number }>(
      'select count(*)::int as n from graphile_worker.jobs where run_at <= now()',
    )
  ).rows[0]!.n;

/** A file's meetings in floating time (no zone): 10:00 wherever the person reads them. */
function floatingFile(ownerEmail: string, day: string) {
  const invited = (uid: string, summary: string, extra: string[]) => [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART:${day}T100000`,
    'DURATION:PT1H',
    ...extra,
    `SUMMARY:${summary}`,
    `ORGANIZER;CN=Boss:mailto:${ORGANIZER}`,
    `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${ORGANIZER}`,
    `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${ownerEmail}`,
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:third@partner.example',
    'CREATED:20200101T000000Z',
    'END:VEVENT',
  ];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...invited('budget@partner.example', 'Budget review', []),
    ...invited('sync@partner.example', 'Vendor sync', ['RRULE:FREQ=WEEKLY;COUNT=2']),
    'END:VCALENDAR',
  ].join('\r\n');
}

describe('an organizer of a meeting in floating time', () => {
  it('is warned of a decline once, and not again when the person moves to another zone and the file is read there', async () => {
    const user = await createUser(ctx, { timeZone: 'Europe/Berlin' });
    const calendar = await createIcsCalendar(ctx, user, { name: 'Partner', timeZone: 'Europe/Berlin' });
    const day = new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10).replaceAll('-', '');
    await saveCalendarSource(ctx.pool, calendar.id, floatingFile(user.email, day));
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    const meetingsOf = () =>
      ctx.db
        .select({ id: meetings.id, startsAt: meetings.startsAt })
        .from(meetings)
        .where(eq(meetings.calendarId, calendar.id));
    expect(await meetingsOf()).toHaveLength(3);
    // One warning for the meeting, one for the series' two dates (declined at a deadline unless they act).
    await waitFor(async () => expect(await warnings()).toHaveLength(2));
    const before = new Map((await meetingsOf()).map((m) => [m.id, m.startsAt.getTime()]));
    const deadlines = new Map(
      (await ctx.db.select().from(actions).where(eq(actions.userId, user.id))).map((a) => [
        a.meetingId,
        a.complianceDeadline!.getTime(),
      ]),
    );
    expect(deadlines.size).toBe(3);

    const moved = await adoptTimeZone(ctx, user, 'Asia/Tokyo');
    expect(moved.timeZone).toBe('Asia/Tokyo');
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    // The same meetings, at 10:00 in Tokyo now.
    const after = await meetingsOf();
    expect(after.map((m) => before.has(m.id) && tokyoClock(m.startsAt))).toEqual(['10:00', '10:00', '10:00']);
    const shift = after[0]!.startsAt.getTime() - before.get(after[0]!.id)!;
    expect(shift).toBeLessThan(0);
    // Auto-balance has planned the moved meetings again (their deadlines follow them) and has nothing left to do.
    await waitFor(async () => {
      const planned = await ctx.db.select().from(actions).where(eq(actions.userId, user.id));
      expect(planned.map((a) => a.complianceDeadline!.getTime() - deadlines.get(a.meetingId)!)).toEqual([
        shift,
        shift,
        shift,
      ]);
    });
    await waitFor(async () => expect(await jobsDue()).toBe(0));
    // Nothing about the meeting changed for its organizer (the same 10:00, the same rules): told once.
    expect(await warnings()).toHaveLength(2);
  }, 90_000);
});
