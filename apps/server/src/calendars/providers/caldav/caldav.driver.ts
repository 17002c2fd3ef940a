import { randomUUID } from 'node:crypto';
import {
  type CalendarConnection,
  type CalendarDriver,
  type CalendarEvent,
  type DriverParams,
  type ExternalCalendar,
  ProviderError,
  type SyncResult,
  type SyncWindow,
} from '../../types';
import { mergeIcsProblems } from '../ics/ics-notes';
import type { IcsProblem } from '../ics/parse-ics';
import { ianaZone } from '../ics/time-zones';
import {
  type CaldavClientOptions,
  type CaldavObject,
  CaldavSession,
  caldavAccess,
  canWriteFrom,
  createDavClient,
  hrefKey,
  propText,
} from './caldav.client';
import { mapCaldavObject, splitProviderEventId } from './map-caldav-event';
import { parseCaldavError } from './parse-caldav-error';
import { applyResponse, buildEventIcs, existingMeta, removeOccurrence } from './write-caldav-event';

export type CaldavDriverOptions = CaldavClientOptions & { now?: (() => Date) | undefined };

/**
 * Cursor of a CalDAV calendar: the collection's ctag, each object's etag, and each object's UID (so a deleted
 * object, which can no longer be read, can still be reported by UID). Keys are decoded href paths.
 */
type CaldavCursor = {
  v: 1;
  ctag: string | null;
  etags: Record<string, string>;
  uids: Record<string, string>;
};

function readCursor(cursor: string): CaldavCursor {
  try {
    const parsed = JSON.parse(cursor) as CaldavCursor;
    if (
      parsed?.v === 1 &&
      parsed.etags &&
      typeof parsed.etags === 'object' &&
      parsed.uids &&
      typeof parsed.uids === 'object'
    )
      return parsed;
  } catch {
    // fall through
  }
  throw new ProviderError('cursor_invalid', 'Unreadable CalDAV sync cursor');
}

function normaliseColor(color: string | undefined): string | undefined {
  const m = color?.trim().match(/^#?([0-9a-f]{6})(?:[0-9a-f]{2})?$/i);
  return m ? `#${m[1]!.toLowerCase()}` : undefined;
}

/**
 * CalDAV through tsdav (Nextcloud, Fastmail, iCloud, Radicale…). `connection.sourceUrl` is the server URL,
 * `connection.externalId` the calendar collection URL, `connection.credentials` { username, password }.
 * Sync: ctag/etag incremental (see README): unchanged ctag → no-op; otherwise only new and changed objects
 * are fetched (calendar-multiget); deleted objects are reported by UID in `deletedIds`, and each re-read
 * object's UID is in `completeSeries` so occurrences it no longer has are deleted.
 */
export function createCaldavDriver(options: CaldavDriverOptions = {}): CalendarDriver {
  const c: Caldav = { options, now: () => (options.now ?? (() => new Date()))().getTime() };
  return guarded({
    provider: 'caldav',
    capabilities: { webhooks: false, respond: true, write: true },
    listCalendars: (connection) => listCalendars(c, connection),
    syncEvents: async (connection, params) => {
      if (!params.cursor) return fullSync(c, connection, params.window);
      return incrementalSync(c, connection, params.window, readCursor(params.cursor));
    },
    respond: (connection, params) => respond(c, connection, params),
    writeEvent: (connection, params) => writeEvent(c, connection, params),
    deleteEvent: (connection, params) => deleteEvent(c, connection, params),
  });
}

/** What every operation of one driver shares: its options and clock (ms). */
type Caldav = { options: CaldavDriverOptions; now: () => number };

const session = (c: Caldav, connection: CalendarConnection) =>
  new CaldavSession(connection.externalId, caldavAccess(connection), c.options);

function mapObjects(
  objects: CaldavObject[],
  connection: CalendarConnection,
  window: SyncWindow,
  writable: boolean,
) {
  return objects.map((object) => ({
    object,
    ...mapCaldavObject(object, {
      window,
      ownerEmail: connection.ownerEmail,
      timeZone: connection.timeZone,
      writable,
    }),
  }));
}

async function listCalendars(
  c: Caldav,
  connection: Parameters<CalendarDriver['listCalendars']>[0],
): Promise<ExternalCalendar[]> {
  const client = createDavClient(caldavAccess(connection), c.options);
  await client.login();
  const calendars = await client.fetchCalendars({
    props: {
      'c:calendar-description': {},
      'c:calendar-timezone': {},
      'd:displayname': {},
      'ca:calendar-color': {},
      'cs:getctag': {},
      'd:resourcetype': {},
      'c:supported-calendar-component-set': {},
      'd:sync-token': {},
      'd:current-user-privilege-set': {},
    },
    projectedProps: { currentUserPrivilegeSet: true },
  });
  return calendars
    .filter((cal) => !cal.components?.length || cal.components.includes('VEVENT'))
    .map((cal, index) => {
      const tzid = /^TZID:(.+)$/m.exec(propText(cal.timezone) ?? '')?.[1]?.trim();
      const name =
        propText(cal.displayName)?.trim() ||
        decodeURIComponent(new URL(cal.url).pathname.split('/').filter(Boolean).at(-1) ?? 'Calendar');
      return {
        externalId: cal.url,
        name,
        color: normaliseColor(propText(cal.calendarColor)),
        timeZone: tzid && ianaZone(tzid) ? tzid : undefined,
        primary: index === 0,
        canWrite: canWriteFrom(
          (cal.projectedProps as Record<string, unknown> | undefined)?.currentUserPrivilegeSet,
        ),
      };
    });
}

async function fullSync(c: Caldav, connection: CalendarConnection, window: SyncWindow): Promise<SyncResult> {
  const dav = session(c, connection);
  // ctag first: a change made while we read makes the next sync see a different ctag.
  const state = await dav.state();
  const all = await dav.etags();
  const inWindow = await dav.query(window);
  const cursor: CaldavCursor = { v: 1, ctag: state.ctag ?? null, etags: {}, uids: {} };
  for (const [key, { etag }] of all) cursor.etags[key] = etag;
  const events: CalendarEvent[] = [];
  const problems: IcsProblem[][] = [];
  for (const mapped of mapObjects(inWindow, connection, window, state.canWrite)) {
    const key = hrefKey(mapped.object.href, dav.calendarUrl);
    cursor.etags[key] = mapped.object.etag;
    if (mapped.uids[0]) cursor.uids[key] = mapped.uids[0];
    events.push(...mapped.events);
    if (mapped.problems.length) problems.push(mapped.problems);
  }
  // The objects' read problems are the calendar's import report, the same as an ICS file's: leniencies of
  // the same kind counted in one line across objects. An incremental read leaves the last full one's report.
  return {
    events,
    deletedIds: [],
    full: true,
    cursor: JSON.stringify(cursor),
    problems: mergeIcsProblems(problems),
  };
}

async function incrementalSync(
  c: Caldav,
  connection: CalendarConnection,
  window: SyncWindow,
  previous: CaldavCursor,
): Promise<SyncResult> {
  const dav = session(c, connection);
  const state = await dav.state();
  if (state.ctag && previous.ctag && state.ctag === previous.ctag) {
    return { events: [], deletedIds: [], full: false, cursor: JSON.stringify(previous) };
  }
  const all = await dav.etags();
  const changed = [...all]
    .filter(([key, { etag }]) => previous.etags[key] !== etag)
    .map(([, { href }]) => href);
  const fetched = await dav.multiget(changed);

  const cursor: CaldavCursor = { v: 1, ctag: state.ctag ?? null, etags: {}, uids: {} };
  for (const [key, { etag }] of all) {
    cursor.etags[key] = etag;
    if (previous.uids[key] && previous.etags[key] === etag) cursor.uids[key] = previous.uids[key];
  }
  const events: CalendarEvent[] = [];
  const gone = new Set<string>(); // UIDs whose object disappeared or changed UID
  const outOfWindow = new Set<string>(); // re-read objects with nothing left in the window
  const complete = new Set<string>();
  const fetchedKeys = new Set<string>();
  for (const mapped of mapObjects(fetched, connection, window, state.canWrite)) {
    const key = hrefKey(mapped.object.href, dav.calendarUrl);
    fetchedKeys.add(key);
    cursor.etags[key] = mapped.object.etag;
    const uid = mapped.uids[0];
    if (uid) cursor.uids[key] = uid;
    const oldUid = previous.uids[key];
    if (oldUid && oldUid !== uid) gone.add(oldUid);
    if (!uid) continue;
    if (mapped.events.length) {
      events.push(...mapped.events);
      complete.add(uid);
    } else outOfWindow.add(uid);
  }
  for (const [key, uid] of Object.entries(previous.uids)) if (!all.has(key)) gone.add(uid);
  // Listed as changed but not returned by the multiget: deleted in between. Forget it, so it is re-read if it returns.
  for (const href of changed) {
    const key = hrefKey(href, dav.calendarUrl);
    if (fetchedKeys.has(key)) continue;
    delete cursor.etags[key];
    if (previous.uids[key]) gone.add(previous.uids[key]);
  }
  const live = new Set(Object.values(cursor.uids)); // a UID moved to another object is not deleted
  const deletedIds = new Set([...gone].filter((uid) => !live.has(uid) && !complete.has(uid)));
  for (const uid of outOfWindow) if (!complete.has(uid)) deletedIds.add(uid);
  return {
    events,
    deletedIds: [...deletedIds],
    full: false,
    cursor: JSON.stringify(cursor),
    completeSeries: [...complete],
  };
}

async function respond(c: Caldav, connection: CalendarConnection, params: DriverParams<'respond'>) {
  const { uid, occurrence } = splitProviderEventId(params.providerEventId);
  const dav = session(c, connection);
  const object = await dav.findByUid(uid);
  if (!object) throw new ProviderError('not_found', 'The event is not on the CalDAV server any more');
  const data = applyResponse(object.data, {
    uid,
    occurrence,
    ownerEmail: connection.ownerEmail,
    timeZone: connection.timeZone,
    response: params.response,
    comment: params.comment,
    now: c.now(),
  });
  await dav.put(object.href, data, { etag: object.etag });
}

async function writeEvent(
  c: Caldav,
  connection: CalendarConnection,
  params: DriverParams<'writeEvent'>,
): Promise<{ providerEventId: string }> {
  const dav = session(c, connection);
  const uid = params.providerEventId
    ? splitProviderEventId(params.providerEventId).uid
    : `${randomUUID()}@meetwell`;
  const existing = params.providerEventId ? await dav.findByUid(uid) : undefined;
  if (existing) {
    const meta = existingMeta(existing.data);
    const data = buildEventIcs(params.event, {
      uid,
      now: c.now(),
      sequence: meta.sequence + 1,
      created: meta.created,
    });
    await dav.put(existing.href, data, { etag: existing.etag });
  } else {
    const data = buildEventIcs(params.event, { uid, now: c.now() });
    await dav.put(`${encodeURIComponent(uid)}.ics`, data, 'create');
  }
  return { providerEventId: uid };
}

async function deleteEvent(c: Caldav, connection: CalendarConnection, params: DriverParams<'deleteEvent'>) {
  const { uid, occurrence } = splitProviderEventId(params.providerEventId);
  const dav = session(c, connection);
  const object = await dav.findByUid(uid);
  if (!object) return; // already gone
  try {
    if (occurrence) {
      const data = removeOccurrence(object.data, {
        uid,
        occurrence,
        ownerEmail: connection.ownerEmail,
        timeZone: connection.timeZone,
      });
      await dav.put(object.href, data, { etag: object.etag });
    } else await dav.delete(object.href, object.etag);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'not_found') return;
    throw error;
  }
}

export const caldavDriver: CalendarDriver = createCaldavDriver();

/** tsdav reports some failures as plain Errors ("Collection query failed: 404 …"): into the closed set. */
function asProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const status = Number(/\b([45]\d\d)\b/.exec(message)?.[1]);
  if (status) return parseCaldavError({ status });
  return new ProviderError('unknown', `CalDAV: ${message}`);
}

/** Every method of a driver, with failures mapped to ProviderErrors. */
function guarded(driver: CalendarDriver): CalendarDriver {
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (error) {
        throw asProviderError(error);
      }
    };
  return {
    provider: driver.provider,
    capabilities: driver.capabilities,
    listCalendars: wrap(driver.listCalendars),
    syncEvents: wrap(driver.syncEvents),
    respond: driver.respond && wrap(driver.respond),
    writeEvent: driver.writeEvent && wrap(driver.writeEvent),
    deleteEvent: driver.deleteEvent && wrap(driver.deleteEvent),
  };
}
