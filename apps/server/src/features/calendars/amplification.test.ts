/**
 * A few hundred bytes must not become tens of thousands of meetings: a series is kept to its first
 * MAX_OCCURRENCES occurrences in the window and named in the import report, a calendar to
 * MAX_EVENTS_PER_CALENDAR events, and a person adds at most 20 calendars an hour.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OCCURRENCES } from '../../calendars/providers/ics/expand-recurrence';
import type { CalendarEvent } from '../../calendars/types';
import { meetings } from '../../db/schema';
import type { App } from '../../http/app';
import { startWorker } from '../../jobs/worker';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { waitForValue } from '../../test/wait';
import { capCalendarEvents } from './sync/calendar-cap';

let ctx: TestContext;
let app: App;
let worker: Awaited<ReturnType<typeof startWorker>>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, allRoutes);
  worker = await startWorker(ctx, { concurrency: 2, crontab: false });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
  await ctx.close();
});

const upload = (headers: Record<string, string>, content: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/calendars/ics',
    headers,
    payload: { data: { type: 'calendars', attributes: { content } } },
  });

describe('the work a calendar can cause', () => {
  it('keeps a minutely series to its first occurrences and names it in the import report', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const start = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const series = ['Tick A', 'Tick B', 'Tick C'].map((summary, i) =>
      [
        'BEGIN:VEVENT',
        `UID:tick-${i}`,
        `DTSTART:${start}T00000${i}Z`,
        'DURATION:PT1M',
        'RRULE:FREQ=MINUTELY',
        `SUMMARY:${summary}`,
        'END:VEVENT',
      ].join('\r\n'),
    );
    const file = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...series, 'END:VCALENDAR'].join('\r\n');
    expect(file.length).toBeLessThan(700);
    const created = await upload(headers, file);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;

    const report = await waitForValue(async () => {
      const res = await app.inject({ url: '/api/v1/calendars', headers });
      return res.json().data.find((c: { id: string }) => c.id === id)?.attributes.import_report;
    }, 90_000);
    const [stored] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetings)
      .where(eq(meetings.calendarId, id));
    expect(stored!.n).toBe(3 * MAX_OCCURRENCES);
    const messages = report.problems.map((p: { message: string }) => p.message);
    for (const name of ['Tick A', 'Tick B', 'Tick C']) {
      expect(messages).toContain(
        `"${name}" repeats more than 2,000 times in the synced window: only its first 2,000 occurrences are kept`,
      );
    }
  });

  it('keeps a calendar to its earliest events past the calendar limit, and says so', () => {
    const event = (day: number) =>
      ({ providerEventId: `e${day}`, startsAt: new Date(Date.UTC(2026, 0, day, 9)) }) as CalendarEvent;
    const result = {
      events: [5, 1, 4, 2, 3].map(event),
      deletedIds: [],
      full: true,
      cursor: null,
      completeSeries: ['s'],
    };
    const capped = capCalendarEvents(result, 3);
    expect(capped.events.map((e) => e.providerEventId)).toEqual(['e1', 'e2', 'e3']);
    expect(capped.completeSeries).toBeUndefined();
    expect(capped.problems).toEqual([
      {
        message:
          'This calendar has 5 events in the synced window, more than the 3 a calendar may hold: only those until 2026-01-03 are kept.',
      },
    ]);
    expect(capCalendarEvents({ ...result, full: false }, 3).events).toHaveLength(5);
    expect(capCalendarEvents(result, 5)).toBe(result);
  });

  it('lets a person add 20 calendars an hour', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const file = (i: number) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        `UID:one-${i}`,
        'DTSTART:20260101T090000Z',
        'DTEND:20260101T100000Z',
        'SUMMARY:One',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
    for (let i = 0; i < 20; i++) expect((await upload(headers, file(i))).statusCode).toBe(201);
    const refused = await upload(headers, file(20));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].status).toBe('429');
    // Another person's budget is their own.
    const other = await bearerFor(ctx, (await createUser(ctx)).id);
    expect((await upload(other, file(21))).statusCode).toBe(201);
  });
});
