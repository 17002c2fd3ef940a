import type { calendar_v3 } from '@googleapis/calendar';
import {
  type CalendarDriver,
  type CalendarEvent,
  type EventWrite,
  type ExternalCalendar,
  ProviderError,
  type SyncResult,
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

/**
 * The Google Calendar driver. Use `createGoogleDriver({ apiUrl: config.google.apiUrl })` so GOOGLE_API_URL
 * (tests, fakes) is honoured; `googleDriver` talks to Google itself.
 */
export function createGoogleDriver(options: GoogleDriverOptions = {}): CalendarDriver {
  const now = options.now ?? (() => new Date());
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const ttlSeconds = options.watchTtlSeconds ?? GOOGLE_DEFAULT_WATCH_TTL_SECONDS;

  const api = (connection: { accessToken?: string | undefined }) =>
    createGoogleCalendarClient(connection.accessToken, options);

  async function call<T>(operation: GoogleOperation, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw parseGoogleError(error, { operation, now: now() });
    }
  }

  return {
    provider: 'google',
    capabilities: { webhooks: true, respond: true, write: true },

    async listCalendars(connection) {
      const calendars: ExternalCalendar[] = [];
      let pageToken: string | undefined;
      for (let page = 0; ; page++) {
        if (page >= maxPages) throw new ProviderError('unknown', 'Google calendar list did not end');
        const { data } = await call('other', () =>
          api(connection).calendarList.list({ maxResults: CALENDARS_PAGE_SIZE, pageToken }),
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
    },

    async syncEvents(connection, { cursor, window }) {
      const client = api(connection);
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
        if (page >= maxPages)
          throw new ProviderError('unknown', `Google events list did not end after ${page} pages`);
        const { data } = await call('sync', () => client.events.list({ ...query, pageToken }));
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
    },

    async watch(connection, { channelId, secret, callbackUrl }) {
      const { data } = await call('other', () =>
        api(connection).events.watch({
          calendarId: connection.externalId,
          requestBody: {
            id: channelId,
            type: 'web_hook',
            address: callbackUrl,
            token: secret,
            params: { ttl: String(ttlSeconds) },
          },
        }),
      );
      const expiration = Number(data.expiration);
      return {
        channelId: data.id || channelId,
        resourceId: data.resourceId || undefined,
        expiresAt: new Date(
          Number.isFinite(expiration) && expiration > 0 ? expiration : now().getTime() + ttlSeconds * 1000,
        ),
      };
    },

    async unwatch(connection, { channelId, resourceId }) {
      if (!resourceId)
        throw new ProviderError('invalid', 'Google channels.stop needs the resourceId from watch()');
      try {
        await call('other', () =>
          api(connection).channels.stop({ requestBody: { id: channelId, resourceId } }),
        );
      } catch (error) {
        // Already expired or stopped: nothing left to stop.
        if (error instanceof ProviderError && error.kind === 'not_found') return;
        throw error;
      }
    },

    async respond(connection, { providerEventId, response, comment }) {
      const client = api(connection);
      const calendarId = connection.externalId;
      const { data: event } = await call('event', () =>
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
      await call('event', () =>
        client.events.patch({
          calendarId,
          eventId: providerEventId,
          sendUpdates: 'all',
          requestBody: { attendees },
        }),
      );
    },

    async writeEvent(connection, { providerEventId, event }) {
      const client = api(connection);
      const calendarId = connection.externalId;
      const requestBody = toGoogleEvent(event);
      if (providerEventId) {
        // A patch keeps what the user added in Google (reminders, …) and replaces every field we manage.
        const { data } = await call('event', () =>
          client.events.patch({ calendarId, eventId: providerEventId, sendUpdates: 'none', requestBody }),
        );
        return { providerEventId: data.id || providerEventId };
      }
      const { data } = await call('event', () =>
        client.events.insert({ calendarId, sendUpdates: 'none', requestBody }),
      );
      if (!data.id) throw new ProviderError('unknown', 'Google inserted an event without an id');
      return { providerEventId: data.id };
    },

    async deleteEvent(connection, { providerEventId }) {
      try {
        await call('event', () =>
          api(connection).events.delete({
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
    },
  };
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
