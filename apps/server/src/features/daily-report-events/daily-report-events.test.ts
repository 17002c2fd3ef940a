import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  eventsPage,
  type FakeGoogleServer,
  ok,
  type RecordedRequest,
  startFakeGoogleServer,
} from '../../calendars/providers/google/__fixtures__/fake-google-server';
import { saveCalendarSource } from '../../calendars/sources';
import { meetings, users } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createIcsCalendar, createUser } from '../../test/factories';
import { googleUser } from '../autobalance/testing';
import { runCalendarSync } from '../calendars/sync/run-sync';
import { seedMeeting } from '../reports/test-seed';
import { userRoutes } from '../users/routes';
import { enqueueDailyReportEvents } from './daily-report-events.job';
import { dailyReportJobKey, reportMarker, writeDailyReportEvent } from './report-event';
import { dailyReportEventRoutes } from './routes';
import { reportDayAt, reportEventSpan } from './schedule';

const APP_URL = 'https://app.meetwell.test';
const PARIS = 'Europe/Paris';
const MINUTE = 60_000;
/** Tuesday 8 January 2030 in Paris (+01:00); its work day ends at 17:00 UTC. */
const DAY = '2030-01-08';
const AFTER_DAY_END = new Date('2030-01-08T17:11:00Z');

type UserRow = typeof users.$inferSelect;

let ctx: TestContext;
let google: FakeGoogleServer;
let app: Awaited<ReturnType<typeof createTestApp>>;
let inserted = 0;

beforeAll(async () => {
  google = await startFakeGoogleServer();
  ctx = await createTestContext({ GOOGLE_API_URL: google.url, APP_URL });
  app = await createTestApp(ctx, [userRoutes, dailyReportEventRoutes]);
});
afterEach(() => {
  google.reset();
  ctx.setNow(null);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await google.close();
});

function scriptGoogleWrites() {
  google.setDefault('events.insert', (request) =>
    ok({ id: `report${++inserted}`, ...(request.body as object) }),
  );
  google.setDefault('events.patch', (request) => ok({ id: request.eventId, ...(request.body as object) }));
  google.setDefault('events.delete', { status: 204 });
}

async function switchOn(user: UserRow) {
  await ctx.db.update(users).set({ dailyReportCardEvents: true }).where(eq(users.id, user.id));
}

/** A scored meeting of the day, in the user's own test calendar (not the Google one). */
function scored(user: UserRow, summary: string, startsAt: string, minutes: number, score: number | null) {
  const start = new Date(startsAt);
  return seedMeeting(ctx, user, {
    summary,
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * MINUTE),
    score,
  });
}

/** A Google user in Paris with the switch on, and the day of the examples: three scored meetings, 86 (B). */
async function googleUserWithDay() {
  ctx.setNow(AFTER_DAY_END);
  scriptGoogleWrites();
  const owner = await googleUser(ctx, { timeZone: PARIS });
  await switchOn(owner.user);
  await scored(owner.user, 'Planning', '2030-01-08T08:00:00Z', 60, 95);
  await scored(owner.user, 'Standup', '2030-01-08T09:30:00Z', 15, 85);
  await scored(owner.user, 'Design review', '2030-01-08T13:00:00Z', 60, 78);
  // Neither counts: one is not scored, the other is the next day.
  await scored(owner.user, 'Coffee', '2030-01-08T10:00:00Z', 30, null);
  await scored(owner.user, 'Retro', '2030-01-09T09:00:00Z', 60, 40);
  return owner;
}

const liveReports = (userId: string) =>
  ctx.db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        ne(meetings.status, 'deleted'),
        eq(meetings.summary, 'MeetWell daily report: 86 (B) — 3 meetings'),
      ),
    );

async function jobKeys(task: string) {
  const { rows } = await ctx.pool.query<{ key: string }>(
    'select key from graphile_worker.jobs where task_identifier = $1 order by key',
    [task],
  );
  return rows.map((r) => r.key);
}

type GoogleBody = {
  summary: string;
  description: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  transparency: string;
  extendedProperties: { private: { meetwellId: string } };
};
const bodyOf = (request: RecordedRequest | undefined) => request?.body as GoogleBody;

describe('the daily report event', () => {
  it("writes the day's average, grade and meetings to the primary Google calendar at the day's end", async () => {
    const { user, calendar } = await googleUserWithDay();

    const result = await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });

    expect(result.status).toBe('written');
    const inserts = google.requestsFor('events.insert');
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.calendarId).toBe(user.email);
    const body = bodyOf(inserts[0]);
    expect(body.summary).toBe('MeetWell daily report: 86 (B) — 3 meetings');
    // 18:00–18:15 in Paris, shown free, marked as ours.
    expect(new Date(body.start.dateTime).toISOString()).toBe('2030-01-08T17:00:00.000Z');
    expect(new Date(body.end.dateTime).toISOString()).toBe('2030-01-08T17:15:00.000Z');
    expect(body.start.timeZone).toBe(PARIS);
    expect(body.transparency).toBe('transparent');
    expect(body.extendedProperties.private.meetwellId).toBe(reportMarker(user.id, DAY));
    expect(body.description).toBe(
      [
        'Your 3 meetings on Tuesday, January 8th 2030 scored 86 on average: grade B, high quality.',
        '',
        '• 9:00 am Planning: 95 (A)',
        '• 10:30 am Standup: 85 (B)',
        '• 2:00 pm Design review: 78 (C+)',
        '',
        'Times are in Europe/Paris.',
        `See the day in MeetWell: ${APP_URL}/my/plan?w=${DAY}`,
      ].join('\n'),
    );

    // The Plan shows it at once: a meeting row of that calendar with the provider's id, never scored.
    const [row] = await liveReports(user.id);
    expect(row).toMatchObject({
      calendarId: calendar.id,
      providerEventId: `report${inserted}`,
      eventReportCardId: reportMarker(user.id, DAY),
      score: null,
    });
    expect((row!.evaluation as { not_scored_reason?: string }).not_scored_reason).toBe('daily_report');
  });

  it('updates the same event when it runs again for that day, never adding a second one', async () => {
    const { user } = await googleUserWithDay();
    await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    const [first] = await liveReports(user.id);

    const again = await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });

    expect(again).toEqual({ status: 'written', meetingId: first!.id });
    expect(google.requestsFor('events.insert')).toHaveLength(1);
    const patches = google.requestsFor('events.patch');
    expect(patches.map((p) => p.eventId)).toEqual([first!.providerEventId]);
    expect(bodyOf(patches[0]).summary).toBe('MeetWell daily report: 86 (B) — 3 meetings');
    expect(await liveReports(user.id)).toHaveLength(1);
  });

  it('is not scored when the sync brings the Google copy back, and stays one meeting', async () => {
    const { user, calendar } = await googleUserWithDay();
    await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    const written = bodyOf(google.requestsFor('events.insert')[0]);
    const [stored] = await liveReports(user.id);
    google.enqueue(
      'events.list',
      eventsPage({
        items: [
          {
            ...written,
            kind: 'calendar#event',
            id: stored!.providerEventId,
            iCalUID: `${stored!.providerEventId}@google.com`,
            status: 'confirmed',
            created: '2030-01-08T17:11:00.000Z',
            updated: '2030-01-08T17:11:00.000Z',
            organizer: { email: user.email, self: true },
            creator: { email: user.email, self: true },
            // Even with guests it would not be scored: it is a report, not a meeting.
            attendees: [
              { email: user.email, self: true, organizer: true, responseStatus: 'accepted' },
              { email: 'coach@partner.example', responseStatus: 'accepted' },
            ],
          },
        ],
        nextSyncToken: 'sync-1',
        timeZone: PARIS,
      }),
    );

    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });

    expect(google.unscripted).toEqual([]);
    const synced = await ctx.db.select().from(meetings).where(eq(meetings.calendarId, calendar.id));
    expect(synced).toHaveLength(1);
    expect(synced[0]).toMatchObject({
      id: stored!.id,
      status: 'confirmed',
      eventReportCardId: reportMarker(user.id, DAY),
      attendeesCount: 2,
      score: null,
    });
    expect(synced[0]!.contentHash).not.toBeNull();
    expect((synced[0]!.evaluation as { not_scored_reason?: string }).not_scored_reason).toBe('daily_report');
  });

  it("stays a report when the provider's sync leaves the marker out (as Microsoft's delta does)", async () => {
    const { user, calendar } = await googleUserWithDay();
    await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    const { extendedProperties: _left, ...written } = bodyOf(google.requestsFor('events.insert')[0]);
    const [stored] = await liveReports(user.id);
    google.enqueue(
      'events.list',
      eventsPage({
        items: [
          {
            ...written,
            id: stored!.providerEventId,
            status: 'confirmed',
            organizer: { email: user.email, self: true },
            attendees: [
              { email: user.email, self: true, organizer: true, responseStatus: 'accepted' },
              { email: 'coach@partner.example', responseStatus: 'accepted' },
            ],
          },
        ],
        nextSyncToken: 'sync-1',
        timeZone: PARIS,
      }),
    );

    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });

    const [synced] = await ctx.db.select().from(meetings).where(eq(meetings.id, stored!.id));
    expect(synced).toMatchObject({
      eventReportCardId: reportMarker(user.id, DAY),
      attendeesCount: 2,
      score: null,
    });
    // The next run still finds it: patched, not written twice.
    await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    expect(google.requestsFor('events.insert')).toHaveLength(1);
    expect(google.requestsFor('events.patch').map((p) => p.eventId)).toEqual([stored!.providerEventId]);
  });

  it('writes nothing when the switch is off, or for a day without a scored meeting', async () => {
    const { user } = await googleUserWithDay();
    await ctx.db.update(users).set({ dailyReportCardEvents: false }).where(eq(users.id, user.id));
    expect(await writeDailyReportEvent(ctx, { userId: user.id, date: DAY })).toEqual({ status: 'off' });
    await switchOn(user);
    expect(await writeDailyReportEvent(ctx, { userId: user.id, date: '2030-01-07' })).toEqual({
      status: 'no_meetings',
    });
    expect(google.requests).toEqual([]);
  });
});

describe('a calendar that cannot be written', () => {
  it('keeps the report in MeetWell only, through later syncs of that calendar', async () => {
    ctx.setNow(AFTER_DAY_END);
    const user = await createUser(ctx, { timeZone: PARIS });
    await switchOn(user);
    const calendar = await createIcsCalendar(ctx, user, { isPrimary: true });
    await saveCalendarSource(
      ctx.pool,
      calendar.id,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:review@test',
        'DTSTAMP:20300101T000000Z',
        'DTSTART:20300108T090000Z',
        'DTEND:20300108T100000Z',
        'SUMMARY:Quarterly review',
        'ORGANIZER:mailto:boss@acme.example',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@acme.example',
        `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${user.email}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    const [review] = await ctx.db.select().from(meetings).where(eq(meetings.calendarId, calendar.id));
    expect(review!.score).toEqual(expect.any(Number));

    const result = await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });

    expect(result.status).toBe('local');
    expect(google.requests).toEqual([]);
    const marker = reportMarker(user.id, DAY);
    const [local] = await ctx.db.select().from(meetings).where(eq(meetings.eventReportCardId, marker));
    expect(local).toMatchObject({
      calendarId: calendar.id,
      providerEventId: marker,
      status: 'confirmed',
      score: null,
      startsAt: new Date('2030-01-08T17:00:00Z'),
    });
    expect(local!.summary).toMatch(/^MeetWell daily report: \d+ \([A-F][+-]?\) — 1 meeting$/);

    // The calendar's next full read does not list it: it stays all the same, and a second run keeps one.
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    const after = await ctx.db.select().from(meetings).where(eq(meetings.eventReportCardId, marker));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: local!.id, status: 'confirmed' });
  });
});

describe('switching the daily report events off and on', () => {
  const patchSwitch = async (userId: string, on: boolean) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, userId),
      payload: { data: { type: 'users', attributes: { daily_report_card_events: on } } },
    });

  it("removes today's report while it has not ended, and any queued one, but keeps past days", async () => {
    const { user } = await googleUserWithDay();
    // Yesterday's report, written yesterday evening.
    await scored(user, 'Monday sync', '2030-01-07T09:00:00Z', 30, 90);
    ctx.setNow(new Date('2030-01-07T17:11:00Z'));
    await writeDailyReportEvent(ctx, { userId: user.id, date: '2030-01-07' });
    ctx.setNow(AFTER_DAY_END);
    await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    const rows = await ctx.db
      .select()
      .from(meetings)
      .where(and(eq(meetings.userId, user.id), ne(meetings.status, 'deleted')));
    const yesterday = rows.find((r) => r.eventReportCardId === reportMarker(user.id, '2030-01-07'))!;
    const today = rows.find((r) => r.eventReportCardId === reportMarker(user.id, DAY))!;
    await ctx.jobs.enqueue(
      'daily_report_event',
      { userId: user.id, date: DAY },
      { jobKey: dailyReportJobKey(user.id, DAY), runAt: new Date('2030-01-09T00:00:00Z') },
    );

    const response = await patchSwitch(user.id, false);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes.daily_report_card_events).toBe(false);
    expect(google.requestsFor('events.delete').map((r) => r.eventId)).toEqual([today.providerEventId]);
    const [todayAfter] = await ctx.db.select().from(meetings).where(eq(meetings.id, today.id));
    const [yesterdayAfter] = await ctx.db.select().from(meetings).where(eq(meetings.id, yesterday.id));
    expect(todayAfter!.status).toBe('deleted');
    expect(yesterdayAfter!.status).toBe('confirmed');
    expect(await jobKeys('daily_report_event')).not.toContain(dailyReportJobKey(user.id, DAY));
  });

  it('leaves a report that has already ended, and writes nothing when switched back on', async () => {
    const { user } = await googleUserWithDay();
    await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    ctx.setNow(new Date('2030-01-08T19:30:00Z'));

    expect((await patchSwitch(user.id, false)).statusCode).toBe(200);
    expect(google.requestsFor('events.delete')).toEqual([]);
    expect(await liveReports(user.id)).toHaveLength(1);

    expect((await patchSwitch(user.id, true)).statusCode).toBe(200);
    // Today's work day is over: the next report comes at the end of the next one.
    expect(await enqueueDailyReportEvents(ctx, new Date('2030-01-08T19:11:00Z'))).toBe(0);
    expect(google.requestsFor('events.insert')).toHaveLength(1);
    await enqueueDailyReportEvents(ctx, new Date('2030-01-09T17:11:00Z'));
    expect(await jobKeys('daily_report_event')).toContain(dailyReportJobKey(user.id, '2030-01-09'));
  });
});

describe('the hourly sweep', () => {
  it('picks the 18:xx hour of each zone and keys the job by the local date', () => {
    // 17:11 UTC: 18:11 in Paris, 06:11 the next day in Auckland (+13); 12:11 UTC is 17:56 in Kathmandu.
    expect(reportDayAt(AFTER_DAY_END, PARIS)).toBe(DAY);
    expect(reportDayAt(AFTER_DAY_END, 'Pacific/Auckland')).toBeNull();
    expect(reportDayAt(new Date('2030-01-08T05:11:00Z'), 'Pacific/Auckland')).toBe(DAY);
    // 02:11 UTC on the 9th is still 18:11 on the 8th in Los Angeles (-08:00): the local date is the key.
    expect(reportDayAt(new Date('2030-01-09T02:11:00Z'), 'America/Los_Angeles')).toBe(DAY);
    expect(reportDayAt(new Date('2030-01-08T12:11:00Z'), 'Asia/Kathmandu')).toBeNull();
    expect(reportDayAt(new Date('2030-01-08T13:11:00Z'), 'Asia/Kathmandu')).toBe(DAY);
    // A zone the runtime does not know is UTC.
    expect(reportDayAt(new Date('2030-01-08T18:11:00Z'), 'Mars/Olympus')).toBe(DAY);
    // Summer time moves the instant, not the local hour.
    expect(reportEventSpan('2030-07-02', PARIS).startsAt.toISOString()).toBe('2030-07-02T16:00:00.000Z');
  });

  it('enqueues one job per person whose work day just ended, with the switch on and the account active', async () => {
    const paris = await createUser(ctx, { timeZone: PARIS });
    const auckland = await createUser(ctx, { timeZone: 'Pacific/Auckland' });
    const parisOff = await createUser(ctx, { timeZone: PARIS });
    const parisDeactivated = await createUser(ctx, { timeZone: PARIS });
    for (const user of [paris, auckland, parisDeactivated]) await switchOn(user);
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date(), deactivatedReason: 'trial_expired' })
      .where(eq(users.id, parisDeactivated.id));
    const before = await jobKeys('daily_report_event');

    await enqueueDailyReportEvents(ctx, new Date('2030-02-05T17:11:00Z'));
    // Run twice (an overlapping sweep): still one job each.
    await enqueueDailyReportEvents(ctx, new Date('2030-02-05T17:40:00Z'));
    await enqueueDailyReportEvents(ctx, new Date('2030-02-05T05:11:00Z'));

    const mine = [paris, auckland, parisOff, parisDeactivated].map((u) => u.id);
    const added = (await jobKeys('daily_report_event')).filter(
      (key) => !before.includes(key) && mine.some((id) => key.includes(id)),
    );
    expect(added.sort()).toEqual(
      [dailyReportJobKey(paris.id, '2030-02-05'), dailyReportJobKey(auckland.id, '2030-02-05')].sort(),
    );
  });
});

describe('GET /api/v1/meetings/:id/daily_report', () => {
  it("answers the day behind a report event: score, grade, label and the day's meetings", async () => {
    const { user } = await googleUserWithDay();
    const written = await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    const id = (written as { meetingId: string }).meetingId;

    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/meetings/${id}/daily_report`,
      headers: await bearerFor(ctx, user.id),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      type: 'daily_reports',
      id: DAY,
      attributes: {
        date: DAY,
        time_zone: PARIS,
        score: 86,
        letter_grade: 'B',
        quality_label: 'high',
        meetings_count: 3,
        meetings: [
          expect.objectContaining({ summary: 'Planning', score: 95, letter_grade: 'A' }),
          expect.objectContaining({ summary: 'Standup', score: 85, letter_grade: 'B' }),
          expect.objectContaining({
            summary: 'Design review',
            score: 78,
            letter_grade: 'C+',
            starts_at: '2030-01-08T13:00:00.000Z',
          }),
        ],
      },
    });
  });

  it("refuses a plain meeting (409) and another person's report (404)", async () => {
    const { user } = await googleUserWithDay();
    const written = await writeDailyReportEvent(ctx, { userId: user.id, date: DAY });
    const plain = await scored(user, 'Plain', '2030-01-10T09:00:00Z', 30, 70);
    const headers = await bearerFor(ctx, user.id);

    const notReport = await app.inject({
      method: 'GET',
      url: `/api/v1/meetings/${plain.id}/daily_report`,
      headers,
    });
    expect(notReport.statusCode).toBe(409);

    const stranger = await createUser(ctx);
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/meetings/${(written as { meetingId: string }).meetingId}/daily_report`,
      headers: await bearerFor(ctx, stranger.id),
    });
    expect(other.statusCode).toBe(404);
  });
});
