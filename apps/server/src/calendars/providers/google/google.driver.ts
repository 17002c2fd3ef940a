import type { calendar_v3 } from '@googleapis/calendar';
import {
  type CalendarConnection,
  type CalendarDriver,
  type CalendarEvent,
  type DriverParams,
  type EventWrite,
  type ExternalCalendar,
  ProviderError,
  type SyncResult,
  type WatchResult,
} from '../../types';
import { createGoogleCalendarClient, type GoogleClientOptions } from './google.client';
import { GOOGLE_SKIPPED_EVENT_TYPES, isGoogleEventDeleted, mapGoogleEvent } from './map-google-event';
import { type GoogleOperation, parseGoogleError } from './parse-google-error';

export type GoogleDriverOptions = GoogleClientOptions & {
  /** Requested lifetime of a push channel (Google may grant less; the answer's expiration wins). */
  watchTtlSeconds?: number | undefined;
  /** Safety stop for a list that never ends (each page holds up to 2,500 events). */
  maxPages?: number | undefined;
  /** The clock, for Retry-After dates and fallback expirations. */
  now?: (() => Date) | undefined;
};

const GOOGLE_DEFAULT_WATCH_TTL_SECONDS = 7 * 24 * 60 * 60;
const EVENTS_PAGE_SIZE = 2500;
const CALENDARS_PAGE_SIZE = 250;
const DEFAULT_MAX_PAGES = 400;

const WRITE_ROLES: ReadonlySet<string> = new Set(['owner', 'writer']);

/** What every operation of one driver shares: its options, clock, limits and the client for a connection. */
type Google = {
  options: GoogleDriverOptions;
  now: () => Date;
  maxPages: number;
  ttlSeconds: number;
};

type Connection = { accessToken?: string | undefined };

const api = (g: Google, connection: Connection) =>
  createGoogleCalendarClient(connection.accessToken, g.options);

/** One call to Google; what fails is read as a ProviderError (parse-google-error.ts). */
async function call<T>(g: Google, operation: GoogleOperation, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw parseGoogleError(error, { operation, now: g.now() });
  }
}

/**
 * The Google Calendar driver. Use `createGoogleDriver({ apiUrl: config.google.apiUrl })` so GOOGLE_API_URL
 * (tests, fakes) is honoured; `googleDriver` talks to Google itself.
 */
export function createGoogleDriver(options: GoogleDriverOptions = {}): CalendarDriver {
  const g: Google = {
    options,
    now: options.now ?? (() => new Date()),
    maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
    ttlSeconds: options.watchTtlSeconds ?? GOOGLE_DEFAULT_WATCH_TTL_SECONDS,
  };
  return {
    provider: 'google',
    capabilities: { webhooks: true, respond: true, write: true },
    listCalendars: (connection) => listCalendars(g, connection),
    syncEvents: (connection, params) => syncEvents(g, connection, params),
    watch: (connection, params) => watch(g, connection, params),
    unwatch: (connection, params) => unwatch(g, connection, params),
    respond: (connection, params) => respond(g, connection, params),
    writeEvent: (connection, params) => writeEvent(g, connection, params),
    deleteEvent: (connection, params) => deleteEvent(g, connection, params),
  };
}

async function listCalendars(g: Google, connection: Connection): Promise<ExternalCalendar[]> {
  const calendars: ExternalCalendar[] = [];
  let pageToken: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= g.maxPages) throw new ProviderError('unknown', 'Google calendar list did not end');
    const { data } = await call(g, 'other', () =>
      api(g, connection).calendarList.list({ maxResults: CALENDARS_PAGE_SIZE, pageToken }),
    );
    for (const item of data.items ?? []) {
      if (!item.id || item.deleted) continue;
      calendars.push({
        externalId: item.id,
        name: item.summaryOverride || item.summary || item.id,
        color: item.backgroundColor || undefined,
        timeZone: item.timeZone || undefined,
        primary: item.primary === true,
        canWrite: WRITE_ROLES.has(item.accessRole ?? ''),
      });
    }
    if (!data.nextPageToken || data.nextPageToken === pageToken) break;
    pageToken = data.nextPageToken;
  }
  return calendars;
}

async function syncEvents(
  g: Google,
  connection: CalendarConnection,
  { cursor, window }: DriverParams<'syncEvents'>,
): Promise<SyncResult> {
  const client = api(g, connection);
  const context = { ownerEmail: connection.ownerEmail, timeZone: connection.timeZone };
  // With a sync token Google forbids timeMin/timeMax (the window only shapes the full sync); singleEvents
  // must match the full sync the token came from. Deleted events come back as 'cancelled' either way.
  const common = {
    calendarId: connection.externalId,
    singleEvents: true,
    showDeleted: true,
    maxResults: EVENTS_PAGE_SIZE,
  };
  const query: calendar_v3.Params$Resource$Events$List = cursor
    ? { ...common, syncToken: cursor }
    : { ...common, timeMin: window.from.toISOString(), timeMax: window.to.toISOString() };

  // Last state per id wins: an id cancelled on one page and present on a later one is an event, and back.
  const changes = new Map<string, CalendarEvent | null>();
  let pageToken: string | undefined;
  let nextSyncToken: string | null = null;
  for (let page = 0; ; page++) {
    if (page >= g.maxPages)
      throw new ProviderError('unknown', `Google events list did not end after ${page} pages`);
    const { data } = await call(g, 'sync', () => client.events.list({ ...query, pageToken }));
    for (const item of data.items ?? []) {
      if (!item.id) continue;
      if (isGoogleEventDeleted(item)) {
        changes.delete(item.id);
        changes.set(item.id, null);
        continue;
      }
      if (item.eventType && GOOGLE_SKIPPED_EVENT_TYPES.has(item.eventType)) continue;
      const event = mapGoogleEvent(item, context);
      if (!event) continue;
      changes.delete(item.id);
      changes.set(item.id, event);
    }
    // nextSyncToken comes only with the last page; a page with nextPageToken is never the last.
    if (data.nextPageToken) {
      if (data.nextPageToken === pageToken)
        throw new ProviderError('unknown', 'Google repeated a page token');
      pageToken = data.nextPageToken;
      continue;
    }
    nextSyncToken = data.nextSyncToken ?? null;
    break;
  }

  const result: SyncResult = { events: [], deletedIds: [], full: !cursor, cursor: nextSyncToken };
  for (const [id, event] of changes) {
    if (event) result.events.push(event);
    else result.deletedIds.push(id);
  }
  return result;
}

async function watch(
  g: Google,
  connection: CalendarConnection,
  { channelId, secret, callbackUrl }: DriverParams<'watch'>,
): Promise<WatchResult> {
  const { data } = await call(g, 'other', () =>
    api(g, connection).events.watch({
      calendarId: connection.externalId,
      requestBody: {
        id: channelId,
        type: 'web_hook',
        address: callbackUrl,
        token: secret,
        params: { ttl: String(g.ttlSeconds) },
      },
    }),
  );
  const expiration = Number(data.expiration);
  return {
    channelId: data.id || channelId,
    resourceId: data.resourceId || undefined,
    expiresAt: new Date(
      Number.isFinite(expiration) && expiration > 0 ? expiration : g.now().getTime() + g.ttlSeconds * 1000,
    ),
  };
}

async function unwatch(
  g: Google,
  connection: CalendarConnection,
  { channelId, resourceId }: DriverParams<'unwatch'>,
) {
  if (!resourceId)
    throw new ProviderError('invalid', 'Google channels.stop needs the resourceId from watch()');
  try {
    await call(g, 'other', () =>
      api(g, connection).channels.stop({ requestBody: { id: channelId, resourceId } }),
    );
  } catch (error) {
    // Already expired or stopped: nothing left to stop.
    if (error instanceof ProviderError && error.kind === 'not_found') return;
    throw error;
  }
}

async function respond(
  g: Google,
  connection: CalendarConnection,
  { providerEventId, response, comment }: DriverParams<'respond'>,
) {
  const client = api(g, connection);
  const calendarId = connection.externalId;
  const { data: event } = await call(g, 'event', () =>
    client.events.get({ calendarId, eventId: providerEventId }),
  );
  // attendees is replaced as a whole by a patch: send everyone back, changing only our own entry.
  const attendees = [...(event.attendees ?? [])];
  const owner = connection.ownerEmail.trim().toLowerCase();
  let index = attendees.findIndex((a) => a.self === true);
  if (index < 0) index = attendees.findIndex((a) => a.email?.trim().toLowerCase() === owner);
  const mine: calendar_v3.Schema$EventAttendee = {
    ...(index >= 0 ? attendees[index] : { email: connection.ownerEmail }),
    responseStatus: response,
    ...(comment !== undefined ? { comment } : {}),
  };
  if (index >= 0) attendees[index] = mine;
  else attendees.push(mine);
  await call(g, 'event', () =>
    client.events.patch({
      calendarId,
      eventId: providerEventId,
      sendUpdates: 'all',
      requestBody: { attendees },
    }),
  );
}

async function writeEvent(
  g: Google,
  connection: CalendarConnection,
  { providerEventId, event }: DriverParams<'writeEvent'>,
): Promise<{ providerEventId: string }> {
  const client = api(g, connection);
  const calendarId = connection.externalId;
  const requestBody = toGoogleEvent(event);
  if (providerEventId) {
    // A patch keeps what the user added in Google (reminders, …) and replaces every field we manage.
    const { data } = await call(g, 'event', () =>
      client.events.patch({ calendarId, eventId: providerEventId, sendUpdates: 'none', requestBody }),
    );
    return { providerEventId: data.id || providerEventId };
  }
  const { data } = await call(g, 'event', () =>
    client.events.insert({ calendarId, sendUpdates: 'none', requestBody }),
  );
  if (!data.id) throw new ProviderError('unknown', 'Google inserted an event without an id');
  return { providerEventId: data.id };
}

async function deleteEvent(
  g: Google,
  connection: CalendarConnection,
  { providerEventId }: DriverParams<'deleteEvent'>,
) {
  try {
    await call(g, 'event', () =>
      api(g, connection).events.delete({
        calendarId: connection.externalId,
        eventId: providerEventId,
        sendUpdates: 'none',
      }),
    );
  } catch (error) {
    // 404 / 410: already gone, which is what we wanted.
    if (error instanceof ProviderError && error.kind === 'not_found') return;
    throw error;
  }
}

/** Our write shape as a Google event body (insert, or a patch replacing every field we manage). */
function toGoogleEvent(event: EventWrite): calendar_v3.Schema$Event {
  return {
    summary: event.summary,
    description: event.description ?? '',
    start: { dateTime: event.startsAt.toISOString(), timeZone: event.timeZone },
    end: { dateTime: event.endsAt.toISOString(), timeZone: event.timeZone },
    recurrence: event.recurrence ?? [],
    transparency: event.transparency ?? 'opaque',
    extendedProperties: { private: { meetwellId: event.appMarker } },
    ...(event.colorId ? { colorId: event.colorId } : {}),
  };
}
