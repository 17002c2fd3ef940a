import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, emails, meetings } from '../../db/schema';
import type { App } from '../../http/app';
import { startWorker } from '../../jobs/worker';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { waitForValue } from '../../test/wait';

/**
 * A meeting is one row per (calendar, provider event id) for its whole life: a full re-read, a calendar
 * switched off and on, the provider delivering the same events again all update that row in place, so what a
 * person added in the app stays, and no organizer hears twice about the same event.
 */
let ctx: TestContext;
let app: App;
let worker: Awaited<ReturnType<typeof startWorker>>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, allRoutes);
  worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 200 });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
  await ctx.close();
});

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

const ics = (email: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'X-WR-CALNAME:Work',
    'BEGIN:VEVENT',
    'UID:vendor-update-1',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${day(3)}T150000Z`,
    `DTEND:${day(3)}T160000Z`,
    'SUMMARY:Vendor update',
    'ORGANIZER:mailto:dana@vendor.example',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:dana@vendor.example',
    `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${email}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:lunch-1',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${day(4)}T120000Z`,
    `DTEND:${day(4)}T130000Z`,
    'SUMMARY:Lunch',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

describe('a meeting keeps its identity', () => {
  it('through a full re-read and a calendar switched off and on: same ids, kept items and answers, no second mail', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/calendars/ics',
      headers,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { content: ics(user.email) } } }),
    });
    expect(created.statusCode).toBe(201);
    const calendarId = created.json().data.id as string;
    const rows = () =>
      ctx.db.select().from(meetings).where(eq(meetings.calendarId, calendarId)).orderBy(meetings.summary);
    const [lunch, vendor] = await waitForValue(async () => {
      const found = await rows();
      return found.length === 2 && found.every((m) => m.evaluatedAt) ? found : null;
    });
    expect(vendor!.summary).toBe('Vendor update');
    // The organizer was warned once that the meeting may be declined (no agenda: not compliant).
    const warnings = () =>
      ctx.db
        .select()
        .from(emails)
        .where(and(eq(emails.kind, 'decline_warning'), eq(emails.to, 'dana@vendor.example')));
    await waitForValue(async () => (await warnings()).length === 1);

    // What the person adds and decides in the app.
    const added = await app.inject({
      method: 'POST',
      url: `/api/v1/meetings/${vendor!.id}/agenda_items`,
      headers,
      payload: JSON.stringify({ data: { type: 'agenda_items', attributes: { description: 'Pricing' } } }),
    });
    expect(added.statusCode).toBe(201);
    const answered = await app.inject({
      method: 'PATCH',
      url: `/api/v1/meetings/${lunch!.id}`,
      headers,
      payload: JSON.stringify({
        data: { type: 'meetings', attributes: { maybe_wellness_block: 'verified_false' } },
      }),
    });
    expect(answered.statusCode).toBe(200);
    const [scored] = await ctx.db.select().from(meetings).where(eq(meetings.id, vendor!.id));

    const meetingsUrl = (() => {
      const from = new Date(Date.now() - 86_400_000).toISOString();
      const to = new Date(Date.now() + 8 * 86_400_000).toISOString();
      return `/api/v1/meetings?by_period[starts_at]=${encodeURIComponent(from)}&by_period[ends_at]=${encodeURIComponent(to)}`;
    })();
    const shown = async () => {
      const res = await app.inject({ url: meetingsUrl, headers });
      // 204: the first read of a (re)watched calendar is still running.
      return res.statusCode === 204 ? [] : (res.json().data as { id: string }[]);
    };

    // Off: the meetings leave the Plan…
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/v1/calendars/${calendarId}`,
      headers,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { watching: false } } }),
    });
    expect(off.statusCode).toBe(200);
    expect(await shown()).toEqual([]);
    // …and on again: the same rows come back, read again from the provider.
    const on = await app.inject({
      method: 'PATCH',
      url: `/api/v1/calendars/${calendarId}`,
      headers,
      payload: JSON.stringify({ data: { type: 'calendars', attributes: { watching: true } } }),
    });
    expect(on.statusCode).toBe(200);
    const synced = async () => {
      const [calendar] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendarId));
      return calendar?.syncStatus === 'idle' && calendar.lastFullSyncAt !== null;
    };
    await waitForValue(synced);
    expect(await shown()).toHaveLength(2);
    // A full re-read asked by the person delivers the same events once more.
    const resync = await app.inject({ url: '/api/v1/meetings/sync?confirmed=true', headers });
    expect(resync.json().data.attributes.started).toBe(true);
    await waitForValue(synced);

    const after = await rows();
    expect(after.map((m) => m.id).sort()).toEqual([lunch!.id, vendor!.id].sort());
    const [again] = after.filter((m) => m.id === vendor!.id);
    expect(again!.score).toBe(scored!.score);
    const items = (await app.inject({ url: `/api/v1/meetings/${vendor!.id}`, headers })).json().data
      .attributes;
    expect(JSON.stringify(items)).toContain('Pricing');
    expect(after.find((m) => m.id === lunch!.id)!.maybeWellnessBlock).toBe('verified_false');
    // Auto-balance decided again after the switch: still one warning for this event.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await warnings()).toHaveLength(1);
  }, 60_000);
});
