import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSource } from '../../calendars/sources';
import { calendars, meetings } from '../../db/schema';
import type { App } from '../../http/app';
import { LISTENER_APPLICATION_NAME, type PubSub } from '../../realtime/pubsub';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { waitForValue } from '../../test/wait';
import { runCalendarSync } from '../calendars/sync/run-sync';
import { cacheWeeks, preferredEncoding, WeekCache, weekCacheOf } from './week-cache';

/** Resolves once every notification committed before the call has reached this process (they arrive in order). */
async function notificationsSettled(pubsub: PubSub) {
  const marker = Math.random().toString(36);
  const arrived = new Promise<void>((resolve) => {
    const stop = pubsub.subscribe('test.settled', (message) => {
      if (message === marker) {
        stop();
        resolve();
      }
    });
  });
  await pubsub.publish('test.settled', marker);
  await arrived;
}

let ctx: TestContext;
let app: App;
let stopCaching: () => void;
/** Another "process": a connection of its own, writing behind the app's back. */
let other: pg.Client;

beforeAll(async () => {
  ctx = await createTestContext();
  stopCaching = cacheWeeks(ctx.pubsub);
  app = await createTestApp(ctx, allRoutes);
  other = new pg.Client({ connectionString: ctx.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  stopCaching();
  await app.close();
  await ctx.close();
});

const from = new Date(Date.UTC(2031, 2, 3));
const to = new Date(Date.UTC(2031, 2, 10));
const weekUrl = `/api/v1/meetings?by_period[starts_at]=${from.toISOString()}&by_period[ends_at]=${to.toISOString()}`;

async function userWithMeeting() {
  const user = await createUser(ctx);
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId: user.id, provider: 'ics', externalId: 'work', name: 'Work', watching: true })
    .returning();
  const [meeting] = await ctx.db
    .insert(meetings)
    .values({
      userId: user.id,
      calendarId: calendar!.id,
      providerEventId: 'weekly',
      eventKey: 'weekly',
      summary: 'Weekly',
      startsAt: new Date(Date.UTC(2031, 2, 4, 9)),
      endsAt: new Date(Date.UTC(2031, 2, 4, 10)),
      status: 'confirmed',
    })
    .returning();
  const headers = await bearerFor(ctx, user.id);
  // The inserts' own notifications must not evict what the test reads next.
  await notificationsSettled(ctx.pubsub);
  return { user, meeting: meeting!, headers };
}

type Week = {
  data: { id: string; attributes: { summary: string; agenda_items: { description: string }[] } }[];
};

async function readWeek(headers: Record<string, string>, extra: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: weekUrl, headers: { ...headers, ...extra } });
  expect(response.statusCode).toBe(200);
  return response;
}
const summaryOf = async (headers: Record<string, string>) =>
  (JSON.parse((await readWeek(headers)).body) as Week).data[0]?.attributes.summary;

describe('the week cache', () => {
  it('answers a repeated read from memory, and compressed once, the same bytes as the database built', async () => {
    const { user, headers } = await userWithMeeting();
    const first = await readWeek(headers);
    expect(weekCacheOf(ctx.pubsub)!.size.entries).toBeGreaterThan(0);
    // Changed behind the cache's back with the notifications held: the cached answer is still served.
    await other.query('begin');
    await other.query('alter table meetings disable trigger meetings_notify_update');
    await other.query(`update meetings set summary = 'Renamed quietly' where user_id = $1`, [user.id]);
    await other.query('commit');
    try {
      const second = await readWeek(headers);
      expect(second.body).toBe(first.body);
      const gzipped = await readWeek(headers, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['content-type']).toContain('application/vnd.api+json');
      expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
    } finally {
      await other.query('alter table meetings enable trigger meetings_notify_update');
    }
  });

  it('shows a change made through the API to the next read in the same process (evicted before the reply)', async () => {
    const { meeting, headers } = await userWithMeeting();
    expect((JSON.parse((await readWeek(headers)).body) as Week).data[0]!.attributes.agenda_items).toEqual([]);
    // Without its trigger's notification, only the eviction on the way out can make the next read fresh.
    const quiet = [
      'agenda_items disable trigger agenda_items_notify_insert',
      'meetings disable trigger meetings_notify_update',
    ];
    for (const statement of quiet) await other.query(`alter table ${statement}`);
    try {
      const created = await app.inject({
        method: 'POST',
        url: `/api/v1/meetings/${meeting.id}/agenda_items`,
        headers,
        payload: { data: { type: 'agenda_items', attributes: { description: 'Decide the launch date' } } },
      });
      expect(created.statusCode).toBe(201);
      const week = JSON.parse((await readWeek(headers)).body) as Week;
      expect(week.data[0]!.attributes.agenda_items.map((i) => i.description)).toEqual([
        'Decide the launch date',
      ]);
    } finally {
      for (const statement of quiet)
        await other.query(`alter table ${statement.replace('disable', 'enable')}`);
    }
  });

  it("shows a change another process made once the trigger's notification arrives", async () => {
    const { user, headers } = await userWithMeeting();
    expect(await summaryOf(headers)).toBe('Weekly');
    await other.query(`update meetings set summary = 'Renamed elsewhere' where user_id = $1`, [user.id]);
    expect(await waitForValue(async () => (await summaryOf(headers)) === 'Renamed elsewhere', 3_000)).toBe(
      true,
    );
    // A meeting's rows count too: a calendar no longer watched takes its meetings out of the week.
    await other.query('update calendars set watching = false where user_id = $1', [user.id]);
    await waitForValue(
      async () => (JSON.parse((await readWeek(headers)).body) as Week).data.length === 0,
      3_000,
    );
  });

  it('one bulk statement over many users sends their ids in notifications small enough for PostgreSQL', async () => {
    const people = await Promise.all(Array.from({ length: 160 }, () => userWithMeeting()));
    for (const { headers } of people.slice(0, 2)) await readWeek(headers);
    await other.query(`update meetings set summary = 'Bulk' where user_id = any($1::uuid[])`, [
      people.map((p) => p.user.id),
    ]);
    // The second person's id sits in the same statement's first chunk; the 160th in the second.
    await waitForValue(async () => (await summaryOf(people[1]!.headers)) === 'Bulk', 3_000);
    expect(await summaryOf(people[159]!.headers)).toBe('Bulk');
  });

  it('is emptied and bypassed while the LISTEN connection is down, and used again once it is back', async () => {
    const { user, headers } = await userWithMeeting();
    await readWeek(headers);
    const cache = weekCacheOf(ctx.pubsub)!;
    expect(cache.size.entries).toBeGreaterThan(0);
    const lost = new Promise<void>((resolve) => {
      const stop = ctx.pubsub.onListeningChange((listening) => {
        if (!listening) {
          stop();
          resolve();
        }
      });
    });
    await other.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    await lost;
    expect(cache.size.entries).toBe(0);
    // Written while nobody listens: the notification is lost, and the read goes to the database.
    await other.query(`update meetings set summary = 'While deaf' where user_id = $1`, [user.id]);
    expect(await summaryOf(headers)).toBe('While deaf');
    expect(cache.size.entries).toBe(0);
    await waitForValue(async () => ctx.pubsub.listening, 5_000);
    await readWeek(headers);
    expect(cache.size.entries).toBeGreaterThan(0);
  });
});

describe('WeekCache', () => {
  const body = (text: string) => async () => ({ count: 1, body: text });

  it('does not store what a read loaded when a change of its user came during the read (generation)', async () => {
    const cache = new WeekCache({ listening: true });
    let release!: () => void;
    const slow = cache.read('u1', 'k', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { count: 1, body: 'before the change' };
    });
    await Promise.resolve();
    cache.forgetUser('u1');
    release();
    expect((await slow)!.body).toBe('before the change');
    expect((await cache.read('u1', 'k', body('after the change')))!.body).toBe('after the change');
    expect((await cache.read('u1', 'k', body('not asked')))!.body).toBe('after the change');
  });

  it("keeps another user's read that raced a change of someone else", async () => {
    const cache = new WeekCache({ listening: true });
    const read = cache.read('u2', 'k2', body('kept'));
    cache.forgetUser('u1');
    await read;
    expect((await cache.read('u2', 'k2', body('not asked')))!.body).toBe('kept');
  });

  it('holds at most its entries and bytes, least recently used going first', async () => {
    const cache = new WeekCache({ listening: true, maxEntries: 2, maxBytes: 10_000 });
    await cache.read('u', 'a', body('a'));
    await cache.read('u', 'b', body('b'));
    await cache.read('u', 'a', body('not asked'));
    await cache.read('u', 'c', body('c'));
    expect(cache.size.entries).toBe(2);
    expect((await cache.read('u', 'b', body('b again')))!.body).toBe('b again');
    const small = new WeekCache({ listening: true, maxBytes: 100 });
    await small.read('u', 'big', body('x'.repeat(101)));
    expect(small.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('picks the encoding the client accepts, brotli first, none when refused', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('drops a week when a first import of another calendar lands in it, and still hears its items after', async () => {
    const { user, meeting, headers } = await userWithMeeting();
    expect(await summaryOf(headers)).toBe('Weekly');
    const [imported] = await ctx.db
      .insert(calendars)
      .values({ userId: user.id, provider: 'ics', externalId: 'import', name: 'Import', watching: true })
      .returning();
    await saveCalendarSource(
      ctx.pool,
      imported!.id,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:imported-1',
        'DTSTAMP:20310101T000000Z',
        'DTSTART:20310305T090000Z',
        'DTEND:20310305T100000Z',
        'SUMMARY:Imported review',
        'DESCRIPTION:Agenda:\\n- Numbers (10 min)',
        'ORGANIZER:mailto:lead@acme.example',
        `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${user.email}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    ctx.setNow(new Date(Date.UTC(2031, 2, 1)));
    // A first import (written with COPY): its attendees' and items' triggers leave the announcement to its
    // meetings' own.
    const outcome = await runCalendarSync(ctx, { calendarId: imported!.id, mode: 'full' });
    expect(outcome).toMatchObject({ firstImport: true });
    const summaries = await waitForValue(async () => {
      const week = JSON.parse((await readWeek(headers)).body) as Week;
      return week.data.length === 2 ? week.data.map((m) => m.attributes.summary) : null;
    });
    expect(summaries.sort()).toEqual(['Imported review', 'Weekly']);
    // The import said so for its own transaction only: an item added later, elsewhere, is announced.
    await readWeek(headers);
    await other.query(
      `insert into agenda_items (meeting_id, description, position, source) values ($1, 'Later item', 0, 'added')`,
      [meeting.id],
    );
    const items = await waitForValue(async () => {
      const week = JSON.parse((await readWeek(headers)).body) as Week;
      const weekly = week.data.find((m) => m.id === meeting.id)!;
      return weekly.attributes.agenda_items.length ? weekly.attributes.agenda_items : null;
    });
    expect(items.map((i) => i.description)).toEqual(['Later item']);
  });
});
