import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CalendarConnection, ProviderError } from '../../types';
import {
  calendarListPage,
  channelFor,
  eventsPage,
  type FakeGoogleServer,
  googleError,
  ok,
  startFakeGoogleServer,
} from './__fixtures__/fake-google-server';
import {
  CALENDAR_ID,
  calendarListItems,
  deletedStub,
  OWNER,
  offsite,
  teamSync,
  weeklyBeforeSplit,
  weeklySplitChanges,
  wellnessBlock,
  workingLocation,
  zoomCall,
} from './__fixtures__/google-events';
import { createGoogleDriver } from './google.driver';

let fake: FakeGoogleServer;
let driver: ReturnType<typeof createGoogleDriver>;

const connection: CalendarConnection = {
  calendarId: '6b0c1f0e-0000-4000-8000-000000000001',
  externalId: CALENDAR_ID,
  ownerEmail: OWNER,
  timeZone: 'Europe/Paris',
  accessToken: 'ya29.test-access-token',
};
const window = { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2024-04-01T00:00:00Z') };

beforeAll(async () => {
  fake = await startFakeGoogleServer();
  driver = createGoogleDriver({
    apiUrl: fake.url,
    timeoutMs: 2_000,
    now: () => new Date('2024-01-20T12:00:00Z'),
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());
afterEach(() => {
  expect(fake.unscripted).toEqual([]);
  expect(fake.pending()).toEqual({});
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

describe('listCalendars', () => {
  it('pages through calendarList and maps access roles', async () => {
    fake.enqueue(
      'calendarList.list',
      calendarListPage({ items: calendarListItems.slice(0, 2), nextPageToken: 'cl-2' }),
      calendarListPage({ items: calendarListItems.slice(2), nextSyncToken: 'cl-sync' }),
    );
    const calendars = await driver.listCalendars(connection);
    expect(calendars).toEqual([
      {
        externalId: OWNER,
        name: OWNER,
        color: '#9fe1e7',
        timeZone: 'Europe/Paris',
        primary: true,
        canWrite: true,
      },
      {
        externalId: 'c_team123@group.calendar.google.com',
        name: 'My team',
        color: '#16a765',
        timeZone: 'Europe/Berlin',
        primary: false,
        canWrite: true,
      },
      {
        externalId: 'en.french#holiday@group.v.calendar.google.com',
        name: 'Holidays in France',
        color: '#92e1c0',
        timeZone: 'Europe/Paris',
        primary: false,
        canWrite: false,
      },
    ]);
    const [first, second] = fake.requestsFor('calendarList.list');
    expect(first?.query.pageToken).toBeUndefined();
    expect(second?.query.pageToken).toBe('cl-2');
    expect(first?.headers.authorization).toBe('Bearer ya29.test-access-token');
  });

  it('fails as token_expired without an access token, before any request', async () => {
    const error = await failure(driver.listCalendars({ ...connection, accessToken: undefined }));
    expect(error.kind).toBe('token_expired');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('syncEvents: full sync', () => {
  it('pages with the window and takes nextSyncToken from the last page only', async () => {
    fake.enqueue(
      'events.list',
      eventsPage({ items: [teamSync, zoomCall], nextPageToken: 'page-2' }),
      eventsPage({ items: [offsite, wellnessBlock], nextPageToken: 'page-3' }),
      eventsPage({ items: [deletedStub, workingLocation], nextSyncToken: 'sync-1' }),
    );
    const result = await driver.syncEvents(connection, { cursor: null, window });

    expect(result.full).toBe(true);
    expect(result.cursor).toBe('sync-1');
    expect(result.events.map((e) => e.providerEventId)).toEqual([
      'teamsync01',
      'zoomcall01',
      'offsite01',
      'wellness01',
    ]);
    expect(result.deletedIds).toEqual(['gone01']);

    const requests = fake.requestsFor('events.list');
    expect(requests).toHaveLength(3);
    expect(requests[0]?.path).toBe('/calendar/v3/calendars/me%40example.com/events');
    for (const [index, request] of requests.entries()) {
      expect(request.calendarId).toBe(CALENDAR_ID);
      expect(request.query).toMatchObject({
        timeMin: '2024-01-01T00:00:00.000Z',
        timeMax: '2024-04-01T00:00:00.000Z',
        singleEvents: 'true',
        showDeleted: 'true',
        maxResults: '2500',
      });
      expect(request.query.syncToken).toBeUndefined();
      expect(request.query.pageToken).toBe([undefined, 'page-2', 'page-3'][index]);
    }
  });

  it('returns a null cursor when the last page carries no nextSyncToken', async () => {
    fake.enqueue('events.list', eventsPage({ items: [teamSync] }));
    const result = await driver.syncEvents(connection, { cursor: null, window });
    expect(result).toMatchObject({ full: true, cursor: null, deletedIds: [] });
    expect(result.events).toHaveLength(1);
  });

  it('stops on a page token Google repeats instead of looping', async () => {
    fake.enqueue(
      'events.list',
      eventsPage({ items: [], nextPageToken: 'same' }),
      eventsPage({ items: [], nextPageToken: 'same' }),
    );
    const error = await failure(driver.syncEvents(connection, { cursor: null, window }));
    expect(error.kind).toBe('unknown');
  });
});

describe('syncEvents: incremental', () => {
  it('sends the syncToken (never timeMin/timeMax), pages, and returns the new token', async () => {
    fake.enqueue(
      'events.list',
      eventsPage({ items: [{ ...teamSync, summary: 'Team sync (moved)' }], nextPageToken: 'inc-2' }),
      eventsPage({ items: [deletedStub], nextSyncToken: 'sync-2' }),
    );
    const result = await driver.syncEvents(connection, { cursor: 'sync-1', window });

    expect(result.full).toBe(false);
    expect(result.cursor).toBe('sync-2');
    expect(result.events.map((e) => e.summary)).toEqual(['Team sync (moved)']);
    expect(result.deletedIds).toEqual(['gone01']);
    const requests = fake.requestsFor('events.list');
    expect(requests.map((r) => r.query.syncToken)).toEqual(['sync-1', 'sync-1']);
    expect(requests.map((r) => r.query.pageToken)).toEqual([undefined, 'inc-2']);
    for (const request of requests) {
      expect(request.query.timeMin).toBeUndefined();
      expect(request.query.timeMax).toBeUndefined();
      expect(request.query.singleEvents).toBe('true');
    }
  });

  it('turns 410 Gone (fullSyncRequired) into cursor_invalid', async () => {
    fake.enqueue('events.list', googleError(410, 'fullSyncRequired'));
    const error = await failure(driver.syncEvents(connection, { cursor: 'stale-token', window }));
    expect(error.kind).toBe('cursor_invalid');
    expect(error.status).toBe(410);
    expect(fake.requestsFor('events.list')).toHaveLength(1);
  });

  it('reports cancelled bare stubs and cancelled occurrences as deletions, never as events', async () => {
    const cancelledOccurrence = { ...weeklyBeforeSplit[1]!, status: 'cancelled' };
    fake.enqueue(
      'events.list',
      eventsPage({ items: [deletedStub, cancelledOccurrence], nextSyncToken: 's' }),
    );
    const result = await driver.syncEvents(connection, { cursor: 'c', window });
    expect(result.events).toEqual([]);
    expect(result.deletedIds).toEqual(['gone01', 'weekly01_20240115T090000Z']);
  });

  it('keeps the last state of an id seen twice across pages', async () => {
    fake.enqueue(
      'events.list',
      eventsPage({ items: [{ ...deletedStub, id: 'teamsync01' }, zoomCall], nextPageToken: 'p2' }),
      eventsPage({ items: [teamSync, { ...zoomCall, status: 'cancelled' }], nextSyncToken: 's' }),
    );
    const result = await driver.syncEvents(connection, { cursor: 'c', window });
    expect(result.events.map((e) => e.providerEventId)).toEqual(['teamsync01']);
    expect(result.deletedIds).toEqual(['zoomcall01']);
  });

  it("handles a 'this and following' split: old occurrences deleted, the _R series new", async () => {
    fake.enqueue('events.list', eventsPage({ items: weeklyBeforeSplit, nextSyncToken: 'before-split' }));
    const full = await driver.syncEvents(connection, { cursor: null, window });
    expect(full.events.map((e) => e.providerEventId)).toEqual([
      'weekly01_20240108T090000Z',
      'weekly01_20240115T090000Z',
      'weekly01_20240122T090000Z',
      'weekly01_20240129T090000Z',
    ]);

    fake.enqueue('events.list', eventsPage({ items: weeklySplitChanges, nextSyncToken: 'after-split' }));
    const incremental = await driver.syncEvents(connection, { cursor: full.cursor, window });

    expect(incremental.cursor).toBe('after-split');
    expect(incremental.deletedIds).toEqual(['weekly01_20240122T090000Z', 'weekly01_20240129T090000Z']);
    expect(
      incremental.events.map((e) => [e.providerEventId, e.recurringEventId, e.startsAt.toISOString()]),
    ).toEqual([
      ['weekly01_R20240122T090000_20240122T100000Z', 'weekly01_R20240122T090000', '2024-01-22T10:00:00.000Z'],
      ['weekly01_R20240122T090000_20240129T100000Z', 'weekly01_R20240122T090000', '2024-01-29T10:00:00.000Z'],
    ]);
    for (const event of incremental.events) {
      expect(event.status).toBe('confirmed');
      expect(event.icalUid).toBe('weekly01_R20240122T090000@google.com');
      expect(incremental.deletedIds).not.toContain(event.providerEventId);
    }
    // The occurrence before the split is untouched: neither deleted nor re-sent.
    expect([...incremental.deletedIds, ...incremental.events.map((e) => e.providerEventId)]).not.toContain(
      'weekly01_20240115T090000Z',
    );
  });

  it('skips working-location entries', async () => {
    fake.enqueue('events.list', eventsPage({ items: [workingLocation, teamSync], nextSyncToken: 's' }));
    const result = await driver.syncEvents(connection, { cursor: 'c', window });
    expect(result.events.map((e) => e.providerEventId)).toEqual(['teamsync01']);
    expect(result.deletedIds).toEqual([]);
  });

  it('maps all-day events and conference links through the whole stack', async () => {
    fake.enqueue('events.list', eventsPage({ items: [offsite, teamSync, zoomCall], nextSyncToken: 's' }));
    const [allDay, meet, zoom] = (await driver.syncEvents(connection, { cursor: null, window })).events;
    expect(allDay).toMatchObject({
      allDay: true,
      startsAt: new Date('2024-03-08T23:00:00Z'),
      endsAt: new Date('2024-03-10T23:00:00Z'),
    });
    expect(meet?.conferenceUrl).toBe('https://meet.google.com/abc-defg-hij');
    expect(zoom?.conferenceUrl).toBe('https://us02web.zoom.us/j/81234567890?pwd=abc');
  });
});

describe('errors', () => {
  const cases: {
    name: string;
    reply: Parameters<FakeGoogleServer['enqueue']>[1];
    kind: ProviderError['kind'];
    status?: number;
    retryAfterMs?: number;
  }[] = [
    { name: '401 authError', reply: googleError(401, 'authError'), kind: 'token_expired', status: 401 },
    {
      name: '403 rateLimitExceeded without Retry-After',
      reply: googleError(403, 'rateLimitExceeded'),
      kind: 'rate_limited',
      status: 403,
      retryAfterMs: 10_000,
    },
    {
      name: '403 userRateLimitExceeded with Retry-After',
      reply: googleError(403, 'userRateLimitExceeded', { headers: { 'Retry-After': '7' } }),
      kind: 'rate_limited',
      retryAfterMs: 7_000,
    },
    { name: '403 forbidden', reply: googleError(403, 'forbidden'), kind: 'auth_revoked', status: 403 },
    {
      name: '403 insufficientPermissions',
      reply: googleError(403, 'insufficientPermissions'),
      kind: 'auth_revoked',
    },
    { name: '404 notFound', reply: googleError(404, 'notFound'), kind: 'not_found', status: 404 },
    {
      name: '429 with Retry-After seconds',
      reply: googleError(429, 'rateLimitExceeded', { headers: { 'Retry-After': '30' } }),
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 30_000,
    },
    {
      name: '429 with a Retry-After date',
      reply: googleError(429, 'rateLimitExceeded', {
        headers: { 'Retry-After': 'Sat, 20 Jan 2024 12:02:00 GMT' },
      }),
      kind: 'rate_limited',
      retryAfterMs: 120_000,
    },
    { name: '500 backendError', reply: googleError(500, 'backendError'), kind: 'temporary', status: 500 },
    {
      name: '503 with Retry-After',
      reply: googleError(503, 'backendError', { headers: { 'Retry-After': '5' } }),
      kind: 'temporary',
      retryAfterMs: 5_000,
    },
    { name: '400 invalid', reply: googleError(400, 'invalid'), kind: 'invalid', status: 400 },
    { name: 'a dropped connection', reply: { dropConnection: true }, kind: 'temporary' },
  ];

  for (const c of cases) {
    it(`classifies ${c.name} as ${c.kind}, with no SDK retry`, async () => {
      fake.enqueue('calendarList.list', c.reply);
      const error = await failure(driver.listCalendars(connection));
      expect(error.kind).toBe(c.kind);
      if (c.status !== undefined) expect(error.status).toBe(c.status);
      if (c.retryAfterMs !== undefined) expect(error.retryAfterMs).toBe(c.retryAfterMs);
      expect(fake.requestsFor('calendarList.list')).toHaveLength(1);
    });
  }

  it('classifies a timeout as temporary', async () => {
    const quick = createGoogleDriver({ apiUrl: fake.url, timeoutMs: 100 });
    fake.enqueue('calendarList.list', { ...calendarListPage({ items: [] }), delayMs: 1_000 });
    const error = await failure(quick.listCalendars(connection));
    expect(error.kind).toBe('temporary');
  });

  it('classifies an unreachable server as temporary', async () => {
    const nowhere = createGoogleDriver({ apiUrl: 'http://127.0.0.1:9/', timeoutMs: 2_000 });
    const error = await failure(nowhere.listCalendars(connection));
    expect(error.kind).toBe('temporary');
  });

  it('keeps the message and the reasons', async () => {
    fake.enqueue(
      'calendarList.list',
      googleError(403, 'forbidden', { message: 'The caller does not have permission' }),
    );
    const error = await failure(driver.listCalendars(connection));
    expect(error.message).toBe('Google 403 forbidden: The caller does not have permission');
  });
});

describe('watch / unwatch', () => {
  it('opens a web_hook channel with the per-channel token and a ttl', async () => {
    fake.enqueue('events.watch', (request) =>
      channelFor(request, { resourceId: 'res-1', expiration: 1706400000000 }),
    );
    const result = await driver.watch!(connection, {
      channelId: 'chan-1',
      secret: 'per-channel-secret',
      callbackUrl: 'https://app.example.com/api/v1/google/webhooks',
    });
    expect(result).toEqual({ channelId: 'chan-1', resourceId: 'res-1', expiresAt: new Date(1706400000000) });
    const [request] = fake.requestsFor('events.watch');
    expect(request?.method).toBe('POST');
    expect(request?.calendarId).toBe(CALENDAR_ID);
    expect(request?.body).toEqual({
      id: 'chan-1',
      type: 'web_hook',
      address: 'https://app.example.com/api/v1/google/webhooks',
      token: 'per-channel-secret',
      params: { ttl: '604800' },
    });
  });

  it('stops a channel with its id and resourceId', async () => {
    fake.enqueue('channels.stop', { status: 204 });
    await driver.unwatch!(connection, { channelId: 'chan-1', resourceId: 'res-1' });
    const [request] = fake.requestsFor('channels.stop');
    expect(request?.path).toBe('/calendar/v3/channels/stop');
    expect(request?.body).toEqual({ id: 'chan-1', resourceId: 'res-1' });
  });

  it('treats a channel Google no longer knows as stopped', async () => {
    fake.enqueue(
      'channels.stop',
      googleError(404, 'notFound', { message: "Channel 'chan-1' not found for project '1'" }),
    );
    await expect(
      driver.unwatch!(connection, { channelId: 'chan-1', resourceId: 'res-1' }),
    ).resolves.toBeUndefined();
  });

  it('needs the resourceId', async () => {
    const error = await failure(driver.unwatch!(connection, { channelId: 'chan-1' }));
    expect(error.kind).toBe('invalid');
  });
});

describe('respond', () => {
  it("patches the owner's attendee entry with the answer and comment, sending updates", async () => {
    fake.enqueue('events.get', ok(teamSync));
    fake.enqueue('events.patch', (request) => ok({ ...teamSync, ...(request.body as object) }));
    await driver.respond!(connection, {
      providerEventId: 'teamsync01',
      response: 'declined',
      comment: 'No agenda, sorry',
    });
    const [get] = fake.requestsFor('events.get');
    expect(get?.eventId).toBe('teamsync01');
    const [patch] = fake.requestsFor('events.patch');
    expect(patch?.eventId).toBe('teamsync01');
    expect(patch?.query.sendUpdates).toBe('all');
    expect(patch?.body).toEqual({
      attendees: [
        teamSync.attendees![0],
        { email: OWNER, self: true, responseStatus: 'declined', comment: 'No agenda, sorry' },
        teamSync.attendees![2],
        teamSync.attendees![3],
      ],
    });
  });

  it('finds the owner by email when Google omits self', async () => {
    const withoutSelf = {
      ...teamSync,
      attendees: [{ email: 'ME@example.com', responseStatus: 'needsAction' }],
    };
    fake.enqueue('events.get', ok(withoutSelf));
    fake.enqueue('events.patch', ok(withoutSelf));
    await driver.respond!(connection, { providerEventId: 'teamsync01', response: 'accepted' });
    expect(fake.requestsFor('events.patch')[0]?.body).toEqual({
      attendees: [{ email: 'ME@example.com', responseStatus: 'accepted' }],
    });
  });

  it('reports a deleted event as not_found', async () => {
    fake.enqueue('events.get', googleError(410, 'deleted'));
    const error = await failure(
      driver.respond!(connection, { providerEventId: 'gone01', response: 'accepted' }),
    );
    expect(error.kind).toBe('not_found');
  });
});

describe('writeEvent / deleteEvent', () => {
  const block = {
    summary: 'Focus time',
    description: 'Wellness block',
    startsAt: new Date('2024-01-15T08:00:00Z'),
    endsAt: new Date('2024-01-15T10:00:00Z'),
    timeZone: 'Europe/Paris',
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE'],
    appMarker: 'wb_0d8f1c2e',
    transparency: 'opaque' as const,
    colorId: '2',
  };

  it('inserts a recurring event with our marker', async () => {
    fake.enqueue('events.insert', (request) =>
      ok({ ...wellnessBlock, ...(request.body as object), id: 'new01' }),
    );
    const result = await driver.writeEvent!(connection, { event: block });
    expect(result).toEqual({ providerEventId: 'new01' });
    const [request] = fake.requestsFor('events.insert');
    expect(request?.calendarId).toBe(CALENDAR_ID);
    expect(request?.query.sendUpdates).toBe('none');
    expect(request?.body).toEqual({
      summary: 'Focus time',
      description: 'Wellness block',
      start: { dateTime: '2024-01-15T08:00:00.000Z', timeZone: 'Europe/Paris' },
      end: { dateTime: '2024-01-15T10:00:00.000Z', timeZone: 'Europe/Paris' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE'],
      transparency: 'opaque',
      extendedProperties: { private: { meetwellId: 'wb_0d8f1c2e' } },
      colorId: '2',
    });
  });

  it('updates an existing event in place (patch), clearing recurrence for a single event', async () => {
    fake.enqueue('events.patch', ok(wellnessBlock));
    const result = await driver.writeEvent!(connection, {
      providerEventId: 'wellness01',
      event: { ...block, recurrence: undefined, transparency: 'transparent', colorId: undefined },
    });
    expect(result).toEqual({ providerEventId: 'wellness01' });
    const [request] = fake.requestsFor('events.patch');
    expect(request?.eventId).toBe('wellness01');
    expect(request?.body).toMatchObject({ recurrence: [], transparency: 'transparent' });
    expect(request?.body).not.toHaveProperty('colorId');
  });

  it('deletes, and treats 404 and 410 as already deleted', async () => {
    fake.enqueue('events.delete', { status: 204 }, googleError(404, 'notFound'), googleError(410, 'deleted'));
    await driver.deleteEvent!(connection, { providerEventId: 'wellness01' });
    await driver.deleteEvent!(connection, { providerEventId: 'wellness01' });
    await driver.deleteEvent!(connection, { providerEventId: 'wellness01' });
    expect(fake.requestsFor('events.delete').map((r) => [r.method, r.eventId])).toEqual([
      ['DELETE', 'wellness01'],
      ['DELETE', 'wellness01'],
      ['DELETE', 'wellness01'],
    ]);
  });

  it('does not hide other delete failures', async () => {
    fake.enqueue('events.delete', googleError(403, 'forbidden'));
    const error = await failure(driver.deleteEvent!(connection, { providerEventId: 'wellness01' }));
    expect(error.kind).toBe('auth_revoked');
  });
});
