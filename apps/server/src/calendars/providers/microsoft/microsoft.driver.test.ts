import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarConnection, EventWrite } from '../../types';
import {
  type FakeGraphServer,
  graphError,
  graphNoContent,
  graphOk,
  graphPage,
  startFakeGraphServer,
  subscriptionFor,
} from './__fixtures__/fake-graph-server';
import { graphCalendar, graphEvent, graphOccurrence, graphRemoved, OWNER } from './__fixtures__/graph-events';
import { APP_MARKER_PROPERTY_ID } from './map-microsoft-event';
import {
  createMicrosoftDriver,
  type MicrosoftDriver,
  RENEW_BEFORE_MS,
  SUBSCRIPTION_LIFETIME_MINUTES,
} from './microsoft.driver';

const NOW = new Date('2024-05-10T12:00:00Z');
const WINDOW = { from: new Date('2024-05-01T00:00:00Z'), to: new Date('2024-06-01T00:00:00Z') };
const CALENDAR_ID = 'AAMkAGI2/Cal+1=';

let fake: FakeGraphServer;
let driver: MicrosoftDriver;
const connection: CalendarConnection = {
  calendarId: 'cal-local-1',
  externalId: CALENDAR_ID,
  ownerEmail: OWNER,
  timeZone: 'UTC',
  accessToken: 'access-token-1',
};

beforeAll(async () => {
  fake = await startFakeGraphServer();
  driver = createMicrosoftDriver({ graphUrl: fake.url, now: () => NOW });
});
afterEach(() => {
  expect(fake.unscripted).toEqual([]);
  expect(fake.pending()).toEqual({});
  fake.reset();
});
afterAll(async () => {
  await fake.close();
});

const deltaPath = `/me/calendars/${encodeURIComponent(CALENDAR_ID)}/calendarView/delta`;
const deltaLink = (token: string) => fake.link(deltaPath, { $deltatoken: token });
const skipLink = (token: string) => fake.link(deltaPath, { $skiptoken: token });

describe('listCalendars', () => {
  it('follows @odata.nextLink and maps canEdit, isDefaultCalendar and hexColor', async () => {
    fake.enqueue(
      'calendars.list',
      graphPage([graphCalendar({ id: 'cal-a', name: 'Calendar', hexColor: '#a4c2f4' })], {
        nextLink: fake.link('/me/calendars', { $top: '100', $skiptoken: 'c2' }),
      }),
      graphPage([graphCalendar({ id: 'cal-b', name: 'Holidays', isDefaultCalendar: false, canEdit: false })]),
    );
    const calendars = await driver.listCalendars(connection);
    expect(calendars).toEqual([
      {
        externalId: 'cal-a',
        name: 'Calendar',
        color: '#a4c2f4',
        timeZone: undefined,
        primary: true,
        canWrite: true,
      },
      {
        externalId: 'cal-b',
        name: 'Holidays',
        color: undefined,
        timeZone: undefined,
        primary: false,
        canWrite: false,
      },
    ]);
    const [first, second] = fake.requestsFor('calendars.list');
    expect(first?.headers.authorization).toBe('Bearer access-token-1');
    expect(first?.query.$top).toBe('100');
    expect(second?.query.$skiptoken).toBe('c2');
    expect(second?.headers.authorization).toBe('Bearer access-token-1');
  });

  it('needs an access token', async () => {
    await expect(driver.listCalendars({ ...connection, accessToken: undefined })).rejects.toMatchObject({
      kind: 'token_expired',
    });
    expect(fake.requests).toEqual([]);
  });
});

describe('syncEvents: full', () => {
  it('reads every delta page of the window; the last page deltaLink is the cursor', async () => {
    fake.enqueue(
      'calendarView.delta',
      graphPage([graphEvent({ id: 'ev-1' })], { nextLink: skipLink('page-2') }),
      graphPage([graphEvent({ id: 'ev-2', subject: 'Design review' })], { deltaLink: deltaLink('round-1') }),
    );
    const result = await driver.syncEvents(connection, { cursor: null, window: WINDOW });

    expect(result).toMatchObject({ full: true, deletedIds: [], cursor: deltaLink('round-1') });
    expect(result.events.map((e) => e.providerEventId)).toEqual(['ev-1', 'ev-2']);
    expect(result.events[0]?.conferenceUrl).toBe(
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0',
    );
    expect(result.completeSeries).toBeUndefined();

    const [first, second] = fake.requestsFor('calendarView.delta');
    expect(first?.calendarId).toBe(CALENDAR_ID);
    expect(first?.query).toEqual({
      startDateTime: '2024-05-01T00:00:00.000Z',
      endDateTime: '2024-06-01T00:00:00.000Z',
    });
    expect(second?.query).toEqual({ $skiptoken: 'page-2' });
    for (const request of [first, second]) {
      expect(request?.headers.prefer).toContain('outlook.timezone="UTC"');
      expect(request?.headers.prefer).toContain('odata.maxpagesize=100');
      expect(request?.headers.prefer).toContain('IdType="ImmutableId"');
    }
  });

  it('maps all-day events to local midnights of the user zone (Los Angeles, Tokyo)', async () => {
    const allDay = graphEvent({
      id: 'offsite',
      isAllDay: true,
      originalStartTimeZone: 'Pacific Standard Time',
      start: { dateTime: '2024-05-20T00:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2024-05-21T00:00:00.0000000', timeZone: 'UTC' },
    });
    fake.enqueue('calendarView.delta', graphPage([allDay], { deltaLink: deltaLink('d') }));
    const la = await driver.syncEvents(
      { ...connection, timeZone: 'America/Los_Angeles' },
      { cursor: null, window: WINDOW },
    );
    expect(la.events[0]).toMatchObject({
      allDay: true,
      startsAt: new Date('2024-05-20T07:00:00Z'),
      endsAt: new Date('2024-05-21T07:00:00Z'),
    });

    fake.enqueue(
      'calendarView.delta',
      graphPage([{ ...allDay, originalStartTimeZone: 'Tokyo Standard Time' }], { deltaLink: deltaLink('d') }),
    );
    const tokyo = await driver.syncEvents(
      { ...connection, timeZone: 'Asia/Tokyo' },
      { cursor: null, window: WINDOW },
    );
    expect(tokyo.events[0]).toMatchObject({
      startsAt: new Date('2024-05-19T15:00:00Z'),
      endsAt: new Date('2024-05-20T15:00:00Z'),
    });
  });

  it('fails when the delta ends without a deltaLink, and refuses links off the Graph root', async () => {
    fake.enqueue('calendarView.delta', graphPage([graphEvent()]));
    await expect(driver.syncEvents(connection, { cursor: null, window: WINDOW })).rejects.toMatchObject({
      kind: 'unknown',
    });

    fake.enqueue(
      'calendarView.delta',
      graphPage([graphEvent()], { nextLink: 'https://evil.example.com/v1.0/me/x' }),
    );
    await expect(driver.syncEvents(connection, { cursor: null, window: WINDOW })).rejects.toMatchObject({
      kind: 'unknown',
    });
    expect(fake.requests).toHaveLength(2);
  });
});

describe('syncEvents: incremental', () => {
  it('GETs the deltaLink; changes become events, @removed become deletedIds', async () => {
    fake.enqueue(
      'calendarView.delta',
      graphPage(
        [graphEvent({ id: 'ev-1', subject: 'Moved' }), graphRemoved('ev-2'), graphRemoved('ev-3', 'changed')],
        {
          nextLink: skipLink('more'),
        },
      ),
      graphPage([graphRemoved('ev-1')], { deltaLink: deltaLink('round-2') }),
    );
    const result = await driver.syncEvents(connection, { cursor: deltaLink('round-1'), window: WINDOW });

    expect(result).toMatchObject({ full: false, cursor: deltaLink('round-2'), completeSeries: [] });
    // ev-1 changed then was removed on a later page: the later entry wins.
    expect(result.events).toEqual([]);
    expect(result.deletedIds.sort()).toEqual(['ev-1', 'ev-2', 'ev-3']);
    const [first, second] = fake.requestsFor('calendarView.delta');
    expect(first?.query).toEqual({ $deltatoken: 'round-1' });
    expect(second?.query).toEqual({ $skiptoken: 'more' });
    expect(first?.headers.prefer).toContain('outlook.timezone="UTC"');
  });

  it.each([
    ['410 Gone', graphError(410, 'Gone', { message: 'The requested resource is no longer available.' })],
    ['410 syncStateNotFound', graphError(410, 'syncStateNotFound')],
    ['400 syncStateNotFound', graphError(400, 'syncStateNotFound')],
    ['resyncRequired', graphError(410, 'resyncRequired')],
  ])('%s → cursor_invalid', async (_label, reply) => {
    fake.enqueue('calendarView.delta', reply);
    await expect(
      driver.syncEvents(connection, { cursor: deltaLink('old'), window: WINDOW }),
    ).rejects.toMatchObject({
      kind: 'cursor_invalid',
    });
  });

  it('a cursor that is not a delta link on the configured root is cursor_invalid, with no request', async () => {
    for (const cursor of [
      'garbage',
      'https://graph.microsoft.com/v1.0/me/calendarView/delta?$deltatoken=x',
      fake.link('/me/calendars'),
    ]) {
      await expect(driver.syncEvents(connection, { cursor, window: WINDOW })).rejects.toMatchObject({
        kind: 'cursor_invalid',
      });
    }
    expect(fake.requests).toEqual([]);
  });

  it('re-reads a changed series in the window and declares it complete (deleted occurrences are not in delta)', async () => {
    const series = 'AAMkSERIES/1=';
    // The organizer deleted the 20 May occurrence and moved the 27 May one: delta only reports the move.
    fake.enqueue(
      'calendarView.delta',
      graphPage(
        [
          graphOccurrence(series, '2024-05-27T10:00:00', {
            type: 'exception',
            subject: 'Weekly sync (moved)',
          }),
        ],
        {
          deltaLink: deltaLink('round-2'),
        },
      ),
    );
    fake.enqueue(
      'events.instances',
      graphPage([graphOccurrence(series, '2024-05-13T09:00:00')], {
        nextLink: fake.link(`/me/events/${encodeURIComponent(series)}/instances`, { $skiptoken: 'i2' }),
      }),
      graphPage([
        graphOccurrence(series, '2024-05-27T10:00:00', { type: 'exception', subject: 'Weekly sync (moved)' }),
      ]),
    );
    const result = await driver.syncEvents(connection, { cursor: deltaLink('round-1'), window: WINDOW });

    expect(result.completeSeries).toEqual([series]);
    expect(result.events.map((e) => [e.providerEventId, e.recurringEventId, e.summary])).toEqual([
      [`${series}_occ_2024-05-27`, series, 'Weekly sync (moved)'],
      [`${series}_occ_2024-05-13`, series, 'Weekly sync'],
    ]);
    const [instances, page2] = fake.requestsFor('events.instances');
    expect(instances?.eventId).toBe(series);
    expect(instances?.query).toEqual({
      startDateTime: '2024-05-01T00:00:00.000Z',
      endDateTime: '2024-06-01T00:00:00.000Z',
    });
    expect(instances?.headers.prefer).toContain('outlook.timezone="UTC"');
    expect(page2?.query).toEqual({ $skiptoken: 'i2' });
  });

  it('a series master in the delta is not an event but triggers the re-read; a vanished series is complete and empty', async () => {
    fake.enqueue(
      'calendarView.delta',
      graphPage([graphEvent({ id: 'master-gone', type: 'seriesMaster' })], {
        deltaLink: deltaLink('round-2'),
      }),
    );
    fake.enqueue('events.instances', graphError(404, 'ErrorItemNotFound'));
    const result = await driver.syncEvents(connection, { cursor: deltaLink('round-1'), window: WINDOW });
    expect(result).toMatchObject({ events: [], deletedIds: [], completeSeries: ['master-gone'] });
  });
});

describe('provider errors through the SDK (no SDK retries)', () => {
  it.each([
    ['401', graphError(401, 'InvalidAuthenticationToken'), { kind: 'token_expired', status: 401 }],
    ['403', graphError(403, 'ErrorAccessDenied'), { kind: 'auth_revoked', status: 403 }],
    ['404', graphError(404, 'ErrorItemNotFound'), { kind: 'not_found', status: 404 }],
    [
      '429 Retry-After',
      graphError(429, 'ApplicationThrottled', { headers: { 'Retry-After': '3' } }),
      { kind: 'rate_limited', status: 429, retryAfterMs: 3000 },
    ],
    [
      '503 Retry-After',
      graphError(503, 'ServiceUnavailable', { headers: { 'Retry-After': '5' } }),
      { kind: 'temporary', status: 503, retryAfterMs: 5000 },
    ],
    [
      '503 with an HTML body',
      {
        status: 503,
        body: '<html>Service Unavailable</html>',
        headers: { 'content-type': 'text/html', 'Retry-After': '9' },
      },
      { kind: 'temporary', status: 503, retryAfterMs: 9000 },
    ],
    ['500', graphError(500, 'ErrorInternalServerError'), { kind: 'temporary', status: 500 }],
    ['a dropped connection', { dropConnection: true } as const, { kind: 'temporary', status: undefined }],
  ])('%s', async (_label, reply, expected) => {
    fake.enqueue('calendarView.delta', reply);
    await expect(driver.syncEvents(connection, { cursor: null, window: WINDOW })).rejects.toMatchObject(
      expected,
    );
    expect(fake.requests).toHaveLength(1);
  });
});

describe('watch / unwatch', () => {
  it('creates a subscription of at most 4,230 minutes with clientState and lifecycle URL', async () => {
    fake.enqueue('subscriptions.create', (request) => subscriptionFor(request, 'sub-1'));
    const result = await driver.watch?.(connection, {
      channelId: 'chan-local-1',
      secret: 'per-subscription-secret',
      callbackUrl: 'https://app.example.com/api/v1/microsoft/webhooks',
    });
    const [request] = fake.requestsFor('subscriptions.create');
    const body = request?.body as Record<string, string>;
    expect(body).toMatchObject({
      changeType: 'created,updated,deleted',
      notificationUrl: 'https://app.example.com/api/v1/microsoft/webhooks',
      lifecycleNotificationUrl: 'https://app.example.com/api/v1/microsoft/webhooks',
      resource: '/me/calendars/AAMkAGI2%2FCal%2B1=/events',
      clientState: 'per-subscription-secret',
    });
    const expiresInMinutes = (Date.parse(body.expirationDateTime ?? '') - NOW.getTime()) / 60_000;
    expect(expiresInMinutes).toBeLessThanOrEqual(SUBSCRIPTION_LIFETIME_MINUTES);
    expect(expiresInMinutes).toBeGreaterThan(SUBSCRIPTION_LIFETIME_MINUTES - 5);
    expect(result).toEqual({
      channelId: 'sub-1',
      resourceId: body.resource,
      expiresAt: new Date(body.expirationDateTime ?? ''),
    });
    // The engine renews when less than RENEW_BEFORE_MS is left: well before the shorter documented lifetime.
    expect(RENEW_BEFORE_MS).toBeGreaterThanOrEqual(12 * 3600_000);
    expect(RENEW_BEFORE_MS).toBeLessThan(SUBSCRIPTION_LIFETIME_MINUTES * 60_000);
  });

  it('refuses a clientState Graph would reject', async () => {
    await expect(
      driver.watch?.(connection, {
        channelId: 'c',
        secret: 'x'.repeat(129),
        callbackUrl: 'https://a.example/h',
      }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    expect(fake.requests).toEqual([]);
  });

  it('renewWatch PATCHes the expiry', async () => {
    fake.enqueue('subscriptions.update', (request) =>
      graphOk({ id: 'sub-1', resource: '/me/calendars/x/events', ...(request.body as object) }),
    );
    const renewed = await driver.renewWatch(connection, { channelId: 'sub-1' });
    const [request] = fake.requestsFor('subscriptions.update');
    expect(request?.subscriptionId).toBe('sub-1');
    expect(renewed.expiresAt.getTime()).toBeLessThanOrEqual(
      NOW.getTime() + SUBSCRIPTION_LIFETIME_MINUTES * 60_000,
    );
  });

  it('unwatch DELETEs the subscription; an unknown one is fine', async () => {
    fake.enqueue('subscriptions.delete', graphNoContent(), graphError(404, 'ResourceNotFound'));
    await driver.unwatch?.(connection, { channelId: 'sub-1' });
    await driver.unwatch?.(connection, { channelId: 'sub-gone' });
    expect(fake.requestsFor('subscriptions.delete').map((r) => r.subscriptionId)).toEqual([
      'sub-1',
      'sub-gone',
    ]);

    fake.enqueue('subscriptions.delete', graphError(403, 'ErrorAccessDenied'));
    await expect(driver.unwatch?.(connection, { channelId: 'sub-2' })).rejects.toMatchObject({
      kind: 'auth_revoked',
    });
  });
});

describe('respond', () => {
  it('POSTs accept / decline with the comment and sendResponse', async () => {
    fake.enqueue('events.accept', graphNoContent(202));
    fake.enqueue('events.decline', graphNoContent(202));
    await driver.respond?.(connection, { providerEventId: 'ev/1=', response: 'accepted' });
    await driver.respond?.(connection, {
      providerEventId: 'ev/1=',
      response: 'declined',
      comment: 'No agenda, sorry',
    });
    const [accept] = fake.requestsFor('events.accept');
    const [decline] = fake.requestsFor('events.decline');
    expect(accept).toMatchObject({ eventId: 'ev/1=', body: { comment: '', sendResponse: true } });
    expect(decline).toMatchObject({
      eventId: 'ev/1=',
      body: { comment: 'No agenda, sorry', sendResponse: true },
    });
  });

  it('a vanished event is not_found', async () => {
    fake.enqueue('events.decline', graphError(404, 'ErrorItemNotFound'));
    await expect(
      driver.respond?.(connection, { providerEventId: 'gone', response: 'declined' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('writeEvent / deleteEvent', () => {
  const block: EventWrite = {
    summary: 'Focus time',
    description: 'Protected by MeetWell',
    startsAt: new Date('2024-05-13T16:00:00Z'),
    endsAt: new Date('2024-05-13T17:00:00Z'),
    timeZone: 'America/Los_Angeles',
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    appMarker: 'wellness-block:42',
    transparency: 'opaque',
  };

  it('POSTs a weekly recurring block to the calendar', async () => {
    fake.enqueue('events.create', graphOk(graphEvent({ id: 'new-master', type: 'seriesMaster' }), 201));
    const written = await driver.writeEvent?.(connection, { event: block });
    expect(written).toEqual({ providerEventId: 'new-master' });
    const [request] = fake.requestsFor('events.create');
    expect(request?.calendarId).toBe(CALENDAR_ID);
    expect(request?.body).toEqual({
      subject: 'Focus time',
      body: { contentType: 'text', content: 'Protected by MeetWell' },
      start: { dateTime: '2024-05-13T09:00:00', timeZone: 'America/Los_Angeles' },
      end: { dateTime: '2024-05-13T10:00:00', timeZone: 'America/Los_Angeles' },
      showAs: 'busy',
      recurrence: {
        pattern: {
          type: 'weekly',
          interval: 1,
          daysOfWeek: ['monday', 'wednesday', 'friday'],
          firstDayOfWeek: 'monday',
        },
        range: { type: 'noEnd', startDate: '2024-05-13', recurrenceTimeZone: 'America/Los_Angeles' },
      },
      singleValueExtendedProperties: [{ id: APP_MARKER_PROPERTY_ID, value: 'wellness-block:42' }],
    });
  });

  it('PATCHes an existing event; a free report card has showAs free', async () => {
    fake.enqueue('events.update', graphOk(graphEvent({ id: 'card-1' })));
    const written = await driver.writeEvent?.(connection, {
      providerEventId: 'card-1',
      event: { ...block, summary: 'Daily report', recurrence: undefined, transparency: 'transparent' },
    });
    expect(written).toEqual({ providerEventId: 'card-1' });
    const [request] = fake.requestsFor('events.update');
    expect(request).toMatchObject({
      calendarId: CALENDAR_ID,
      eventId: 'card-1',
      body: { showAs: 'free', subject: 'Daily report' },
    });
    expect(request?.body).not.toHaveProperty('recurrence');
  });

  it('DELETE succeeds, and an already deleted event counts as deleted', async () => {
    fake.enqueue('events.delete', graphNoContent(), graphError(404, 'ErrorItemNotFound'));
    await driver.deleteEvent?.(connection, { providerEventId: 'card-1' });
    await driver.deleteEvent?.(connection, { providerEventId: 'card-1' });
    expect(fake.requestsFor('events.delete')).toHaveLength(2);
  });
});

describe('timeouts', () => {
  it('a request that times out is temporary', async () => {
    const impatient = createMicrosoftDriver({ graphUrl: fake.url, timeoutMs: 50 });
    fake.enqueue('calendars.list', { ...graphPage([]), delayMs: 500 });
    await expect(impatient.listCalendars(connection)).rejects.toMatchObject({ kind: 'temporary' });
  });
});
