/**
 * Connection health against each provider's vendor-shaped stand-in: the Google and Graph fakes answering
 * 401/403/404/410/429/5xx, a real Radicale refusing a changed password, and a local feed server answering
 * 404/410. A calendar that cannot be read is marked at once (or after repeated passing failures), its owner gets
 * one mail per break, and reconnecting (a password, an address) reads it again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONNECTION_BREAKS_AFTER_FAILURES, CONNECTION_BREAKS_AFTER_MS } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { makeCalendar } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealCredentials } from '../../../calendars/connection';
import { type RadicaleServer, startRadicale } from '../../../calendars/providers/caldav/radicale.test-server';
import {
  eventsPage,
  type FakeGoogleServer,
  googleError,
  startFakeGoogleServer,
} from '../../../calendars/providers/google/__fixtures__/fake-google-server';
import { teamSync } from '../../../calendars/providers/google/__fixtures__/google-events';
import {
  type FakeGraphServer,
  graphError,
  graphPage,
  startFakeGraphServer,
} from '../../../calendars/providers/microsoft/__fixtures__/fake-graph-server';
import { calendars, identities } from '../../../db/schema';
import { allRoutes } from '../../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../../test/context';
import { bearerFor, createUser } from '../../../test/factories';
import { type SmtpCapture, startSmtpCapture } from '../../mail/testing/smtp-capture';
import { closeMailTransport } from '../../mail/transport';
import { runCalendarSync } from '../sync/run-sync';
import { sendConnectionBrokenEmail } from './connection-broken-email.job';
import { readAgainAfterSignIn } from './reconnect';

let ctx: TestContext;
let google: FakeGoogleServer;
let graph: FakeGraphServer;
let smtp: SmtpCapture;
let radicale: RadicaleServer;
let feed: http.Server;
let feedUrl: string;
let app: Awaited<ReturnType<typeof createTestApp>>;

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  'X-WR-CALNAME:Team feed',
  'BEGIN:VEVENT',
  'UID:standup-1',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20261130T090000Z',
  'DTEND:20261130T093000Z',
  'SUMMARY:Stand-up',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

beforeAll(async () => {
  [google, graph, smtp] = await Promise.all([
    startFakeGoogleServer(),
    startFakeGraphServer(),
    startSmtpCapture(),
  ]);
  radicale = await startRadicale({ alex: 'secret' });
  // Radicale makes the principal on first access; the calendar is made by its owner.
  const auth = { authorization: `Basic ${Buffer.from('alex:secret').toString('base64')}` };
  await fetch(`${radicale.url}/alex/`, { method: 'PROPFIND', headers: { ...auth, depth: '0' } });
  await makeCalendar({
    url: `${radicale.url}/alex/work/`,
    props: { 'd:displayname': 'Work' },
    headers: auth,
  });
  // The feed server: /gone answers 410, /missing 404, /busy 503, anything else the calendar.
  feed = http.createServer((request, response) => {
    if (request.url === '/gone') return response.writeHead(410).end('Gone');
    if (request.url === '/missing') return response.writeHead(404).end('Not Found');
    if (request.url === '/busy') return response.writeHead(503).end('Unavailable');
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(FEED);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  ctx = await createTestContext({
    GOOGLE_API_URL: google.url,
    MICROSOFT_GRAPH_URL: graph.url,
    SMTP_URL: smtp.url,
    ALLOW_PRIVATE_CALENDAR_HOSTS: 'true',
  });
  app = await createTestApp(ctx, allRoutes);
}, 60_000);
afterEach(() => {
  ctx.setNow(null);
  google.reset();
  graph.reset();
});
afterAll(async () => {
  await app.close();
  closeMailTransport(ctx.config);
  await ctx.close();
  await Promise.all([google.close(), graph.close(), smtp.close(), radicale.stop()]);
  await new Promise((resolve) => feed.close(resolve));
});

const unique = () => Math.random().toString(36).slice(2, 8);

async function calendarWith(
  values: Partial<typeof calendars.$inferInsert> & { provider: 'google' | 'microsoft' | 'caldav' | 'ics' },
) {
  const user = await createUser(ctx, { email: `me-${unique()}@example.com` });
  let identityId: string | null = null;
  if (values.provider === 'google' || values.provider === 'microsoft') {
    const [identity] = await ctx.db
      .insert(identities)
      .values({
        userId: user.id,
        provider: values.provider === 'google' ? 'google_oauth2' : 'microsoft_graph',
        subject: user.id,
        email: user.email,
        accessTokenEnc: ctx.secrets.encrypt('access-1'),
        accessTokenExpiresAt: new Date('2099-01-01'),
      })
      .returning();
    identityId = identity!.id;
  }
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({
      userId: user.id,
      identityId,
      externalId: `cal-${unique()}`,
      name: 'Work',
      watching: true,
      timeZone: 'UTC',
      ...values,
    })
    .returning();
  return { user, calendar: calendar! };
}

/** One read of the calendar, as the sync job runs it; a failure is the calendar's to record, not the test's. */
async function read(calendarId: string) {
  await runCalendarSync(ctx, { calendarId, mode: 'full' }).catch(() => undefined);
  const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendarId));
  return row!;
}

/** The connection mails queued for a calendar (one per break), sent as the job sends them. */
async function brokenMails(calendarId: string) {
  const { rows } = await ctx.pool.query<{ key: string }>(
    'select key from graphile_worker.jobs where key like $1 order by id',
    [`connection_broken:${calendarId}:%`],
  );
  return rows.map((r) => ({ calendarId, brokenAt: new Date(Number(r.key.split(':').at(-1))) }));
}

async function sendQueuedMails(calendarId: string, to: string) {
  for (const payload of await brokenMails(calendarId)) {
    await sendConnectionBrokenEmail(ctx, payload.calendarId, payload.brokenAt);
  }
  return smtp.messages.filter((m) => m.to.includes(to));
}

describe('Google', () => {
  it('401 with no way to refresh: broken at once (access refused), with one mail naming the calendar', async () => {
    const { user, calendar } = await calendarWith({ provider: 'google', name: 'Planning' });
    google.enqueue('events.list', googleError(401, 'authError'), googleError(401, 'authError'));
    const row = await read(calendar.id);
    expect(row).toMatchObject({ connectionProblem: 'access_refused', needsPermission: true });
    expect(row.connectionBrokenAt).not.toBeNull();
    const sent = await sendQueuedMails(calendar.id, user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('MeetWell can no longer read “Planning”');
    expect(sent[0]!.text).toContain('MeetWell cannot read “Planning”: access was refused.');
    expect(sent[0]!.text).toContain('Auto-balance does not act on its meetings until it is read again.');
    expect(sent[0]!.text).toContain('Sign in again');
    expect(sent[0]!.text).toContain('http://localhost:3000/my/account');
  });

  it('403 (not a rate limit) breaks it as refused access, 404 as a calendar gone', async () => {
    const refused = await calendarWith({ provider: 'google' });
    google.enqueue('events.list', googleError(403, 'forbidden'));
    expect((await read(refused.calendar.id)).connectionProblem).toBe('access_refused');
    const gone = await calendarWith({ provider: 'google' });
    google.enqueue('events.list', googleError(404, 'notFound'));
    expect((await read(gone.calendar.id)).connectionProblem).toBe('not_found');
    expect(await brokenMails(gone.calendar.id)).toHaveLength(1);
  });

  it('410 on an expired sync token is mended by a full read: not broken', async () => {
    const { calendar } = await calendarWith({
      provider: 'google',
      syncCursor: 'old',
      syncedTo: new Date('2100-01-01'),
    });
    google.enqueue(
      'events.list',
      googleError(410, 'fullSyncRequired'),
      eventsPage({ items: [teamSync], nextSyncToken: 'fresh' }),
    );
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'incremental' });
    const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row).toMatchObject({ connectionProblem: null, connectionBrokenAt: null, syncCursor: 'fresh' });
  });

  it('429 and 5xx break it only when repeated for an hour; one mail for the whole break, another after it recovered and broke again', async () => {
    const { user, calendar } = await calendarWith({ provider: 'google', name: 'Busy' });
    const start = new Date('2026-11-27T08:00:00Z');
    const failures = CONNECTION_BREAKS_AFTER_FAILURES + 3;
    for (let i = 0; i < failures; i++) {
      // Spread over more than the threshold's time: the backoff and the polling of a real outage.
      ctx.setNow(new Date(start.getTime() + (i * (CONNECTION_BREAKS_AFTER_MS + 60_000)) / (failures - 4)));
      google.enqueue(
        'events.list',
        i % 2 ? googleError(503, 'backendError') : googleError(429, 'rateLimitExceeded'),
      );
      const row = await read(calendar.id);
      const lasted = ctx.now().getTime() - start.getTime() >= CONNECTION_BREAKS_AFTER_MS;
      const repeated = i + 1 >= CONNECTION_BREAKS_AFTER_FAILURES;
      expect(row.connectionProblem, `failure ${i + 1}`).toBe(lasted && repeated ? 'repeated_failures' : null);
      expect(row.failingSince).toEqual(start);
    }
    expect(await brokenMails(calendar.id)).toHaveLength(1);
    expect(await sendQueuedMails(calendar.id, user.email)).toHaveLength(1);

    // A good read mends it: the row says when, and nothing is broken any more.
    const mended = new Date(start.getTime() + 2 * CONNECTION_BREAKS_AFTER_MS);
    ctx.setNow(mended);
    google.enqueue('events.list', eventsPage({ items: [teamSync], nextSyncToken: 's1' }));
    const good = await read(calendar.id);
    expect(good).toMatchObject({
      connectionProblem: null,
      connectionBrokenAt: null,
      failingSince: null,
      syncFailureCount: 0,
      lastSyncedAt: mended,
    });

    // Broken again, by a refusal this time: a second mail.
    ctx.setNow(new Date(mended.getTime() + 60_000));
    google.enqueue('events.list', googleError(403, 'forbidden'));
    expect((await read(calendar.id)).connectionProblem).toBe('access_refused');
    expect(await brokenMails(calendar.id)).toHaveLength(2);
    const sent = await sendQueuedMails(calendar.id, user.email);
    expect(sent.map((m) => m.subject)).toEqual([
      'MeetWell can no longer read “Busy”',
      'MeetWell can no longer read “Busy”',
    ]);
    expect(sent[1]!.text).toContain('It was last read on');
  });
});

describe('Microsoft', () => {
  it('404 breaks it (gone), 403 ErrorAccessDenied too (refused), a 503 alone does not', async () => {
    const gone = await calendarWith({ provider: 'microsoft' });
    graph.enqueue('calendarView.delta', graphError(404, 'ErrorItemNotFound'));
    expect((await read(gone.calendar.id)).connectionProblem).toBe('not_found');

    const refused = await calendarWith({ provider: 'microsoft' });
    graph.enqueue('calendarView.delta', graphError(403, 'ErrorAccessDenied'));
    expect((await read(refused.calendar.id)).connectionProblem).toBe('access_refused');

    const busy = await calendarWith({ provider: 'microsoft' });
    graph.enqueue('calendarView.delta', graphError(503, 'ServiceUnavailable'));
    const row = await read(busy.calendar.id);
    expect(row).toMatchObject({ connectionProblem: null, syncStatus: 'failed', syncFailureCount: 1 });
  });

  it('401 whose token cannot be refreshed breaks it as refused access', async () => {
    const { calendar } = await calendarWith({ provider: 'microsoft' });
    graph.enqueue(
      'calendarView.delta',
      graphError(401, 'InvalidAuthenticationToken'),
      graphError(401, 'InvalidAuthenticationToken'),
    );
    expect((await read(calendar.id)).connectionProblem).toBe('access_refused');
  });

  it('a good read after a break clears it', async () => {
    const { calendar } = await calendarWith({ provider: 'microsoft' });
    graph.enqueue('calendarView.delta', graphError(404, 'ErrorItemNotFound'));
    expect((await read(calendar.id)).connectionBrokenAt).not.toBeNull();
    graph.enqueue(
      'calendarView.delta',
      graphPage([], { deltaLink: graph.link('/me/calendarView/delta', { $deltatoken: 'd1' }) }),
    );
    expect(await read(calendar.id)).toMatchObject({ connectionProblem: null, connectionBrokenAt: null });
  });
});

describe('CalDAV (Radicale)', () => {
  it('a changed password breaks it; a wrong new one is refused; the right one reads it again', async () => {
    const { user, calendar } = await calendarWith({
      provider: 'caldav',
      externalId: `${radicale.url}/alex/work/`,
      sourceUrl: radicale.url,
      credentialsEnc: sealCredentials(ctx, { username: 'alex', password: 'old-password' }),
    });
    const broken = await read(calendar.id);
    expect(broken).toMatchObject({ connectionProblem: 'access_refused', needsPermission: true });
    const headers = await bearerFor(ctx, user.id);
    const reconnect = (password: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/calendars/${calendar.id}/reconnect`,
        headers,
        payload: { data: { type: 'calendars', attributes: { password } } },
      });

    const wrong = await reconnect('still-wrong');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].detail).toContain('refused these credentials');

    const right = await reconnect('secret');
    expect(right.statusCode).toBe(200);
    expect(right.json().data.attributes).toMatchObject({ needs_permission: false, sync_status: 'queued' });
    const { rows } = await ctx.pool.query(`select 1 from graphile_worker.jobs where key = $1`, [
      `sync_calendar:${calendar.id}`,
    ]);
    expect(rows).toHaveLength(1);
    expect(await read(calendar.id)).toMatchObject({ connectionProblem: null, connectionBrokenAt: null });
  });
});

describe('ICS subscriptions', () => {
  it.each(['gone', 'missing'])(
    'a feed answering /%s breaks it at once; a new address mends it',
    async (path) => {
      const { user, calendar } = await calendarWith({
        provider: 'ics',
        name: 'Team feed',
        externalId: `${feedUrl}/${path}`,
        sourceUrl: `${feedUrl}/${path}`,
      });
      const broken = await read(calendar.id);
      expect(broken.connectionProblem).toBe('not_found');
      const headers = await bearerFor(ctx, user.id);
      const listed = await app.inject({ method: 'GET', url: '/api/v1/calendars', headers });
      expect(listed.json().data[0].attributes).toMatchObject({
        connection_problem: 'not_found',
        connection_broken_at: broken.connectionBrokenAt!.toISOString(),
        last_synced_at: null,
      });

      const reconnect = (url: string) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/calendars/${calendar.id}/reconnect`,
          headers,
          payload: { data: { type: 'calendars', attributes: { url } } },
        });
      const dead = await reconnect(`${feedUrl}/gone`);
      expect(dead.statusCode).toBe(400);
      expect(dead.json().errors[0].detail).toContain('nothing was found at that address');

      const mended = await reconnect(`${feedUrl}/team.ics`);
      expect(mended.statusCode).toBe(200);
      expect(mended.json().data.attributes.source_url).toBe(`${feedUrl}/team.ics`);
      const row = await read(calendar.id);
      expect(row).toMatchObject({ connectionProblem: null, connectionBrokenAt: null });
      expect(row.lastSyncedAt).not.toBeNull();
    },
  );

  it('a 503 from the feed is a passing failure, and reconnecting needs an address or a file', async () => {
    const { user, calendar } = await calendarWith({
      provider: 'ics',
      externalId: `${feedUrl}/busy`,
      sourceUrl: `${feedUrl}/busy`,
    });
    expect((await read(calendar.id)).connectionProblem).toBeNull();
    const headers = await bearerFor(ctx, user.id);
    const empty = await app.inject({
      method: 'POST',
      url: `/api/v1/calendars/${calendar.id}/reconnect`,
      headers,
      payload: { data: { type: 'calendars', attributes: {} } },
    });
    expect(empty.statusCode).toBe(400);
    const notIcs = await app.inject({
      method: 'POST',
      url: `/api/v1/calendars/${calendar.id}/reconnect`,
      headers,
      payload: { data: { type: 'calendars', attributes: { content: 'hello' } } },
    });
    expect(notIcs.statusCode).toBe(400);
    expect(notIcs.json().errors[0].detail).toContain('not an ICS calendar');
  });
});

describe('reconnecting Google and Microsoft', () => {
  it('is a sign-in: the endpoint says so, and a sign-in reads the broken calendars again', async () => {
    const { user, calendar } = await calendarWith({ provider: 'google' });
    google.enqueue('events.list', googleError(403, 'forbidden'));
    await read(calendar.id);
    const headers = await bearerFor(ctx, user.id);
    const attempt = await app.inject({
      method: 'POST',
      url: `/api/v1/calendars/${calendar.id}/reconnect`,
      headers,
      payload: { data: { type: 'calendars', attributes: { password: 'x' } } },
    });
    expect(attempt.statusCode).toBe(400);
    expect(attempt.json().errors[0].detail).toContain('signing in');
    await readAgainAfterSignIn(ctx, calendar.identityId!);
    const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row).toMatchObject({ needsPermission: false, syncStatus: 'queued' });
  });
});
