/**
 * The Microsoft Graph calendar driver (v1.0, delegated token of the calendar owner).
 *
 * Cursor: the `@odata.deltaLink` URL of the last calendarView delta round, as Graph gave it. It encodes the
 * calendar and the window of the full sync that started the chain. A cursor that is not a delta link on
 * the configured Graph root (e.g. MICROSOFT_GRAPH_URL changed) is rejected as cursor_invalid → full resync.
 *
 * Every request asks for `Prefer: outlook.timezone="UTC"` (times come back in UTC) and
 * `IdType="ImmutableId"` (event ids survive moves between folders, and match the ids in notifications).
 */
import {
  type CalendarConnection,
  type CalendarDriver,
  type CalendarEvent,
  type DriverParams,
  type ExternalCalendar,
  ProviderError,
  type SyncResult,
  type SyncWindow,
  type WatchResult,
} from '../../types';
import { toGraphEventBody } from './build-microsoft-event';
import type { GraphCalendar, GraphEvent, GraphPage, GraphSubscription } from './graph-types';
import { type MapContext, mapMicrosoftEvent } from './map-microsoft-event';
import { createGraphClient, type GraphApi, graphPath, segment } from './microsoft.client';
import { parseMicrosoftError } from './parse-microsoft-error';

/** Outlook event subscriptions: documented both as 4,230 and as 10,080 minutes; we ask for the shorter. */
export const SUBSCRIPTION_LIFETIME_MINUTES = 4230;
/** Renew (or replace) a subscription when less than this is left before it expires. */
export const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;
/** Items per delta page we ask for (Prefer: odata.maxpagesize). */
const DELTA_PAGE_SIZE = 100;
/** Guard against a link loop or a runaway collection. */
const MAX_PAGES = 5000;
/** Margin under the maximum lifetime, for clock skew between us and Graph. */
const EXPIRY_MARGIN_MS = 60_000;

export type MicrosoftDriverOptions = {
  /** Graph root, or a function read on every call (calendars/registry.ts passes config `microsoft.graphUrl`). */
  graphUrl?: string | (() => string | undefined) | undefined;
  pageSize?: number | undefined;
  timeoutMs?: number | undefined;
  now?: (() => Date) | undefined;
};

export type MicrosoftDriver = CalendarDriver & {
  /** PATCHes the subscription's expiry (also the answer to a reauthorizationRequired lifecycle event). */
  renewWatch(connection: CalendarConnection, params: { channelId: string }): Promise<WatchResult>;
};

function preferHeader(pageSize?: number): string {
  const preferences = ['outlook.timezone="UTC"', 'IdType="ImmutableId"'];
  if (pageSize) preferences.push(`odata.maxpagesize=${pageSize}`);
  return preferences.join(', ');
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw parseMicrosoftError(error);
  }
}

/** Reads a collection to its end, following @odata.nextLink; returns the items and the final @odata.deltaLink. */
async function readAllPages<T>(
  graph: GraphApi,
  firstPath: string | { link: string },
  prefer: string,
): Promise<{ items: T[]; deltaLink: string | null }> {
  const items: T[] = [];
  const seen = new Set<string>();
  let target = firstPath;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const request = typeof target === 'string' ? graph.api(target) : graph.apiForLink(target.link);
    if (!request) throw new ProviderError('unknown', 'Microsoft Graph gave a link outside the Graph root');
    const body = (await request.header('Prefer', prefer).get()) as GraphPage<T> | undefined;
    for (const item of body?.value ?? []) items.push(item);
    const next = body?.['@odata.nextLink'];
    if (!next) return { items, deltaLink: body?.['@odata.deltaLink'] ?? null };
    if (seen.has(next))
      throw new ProviderError('unknown', 'Microsoft Graph paging loops on the same nextLink');
    seen.add(next);
    target = { link: next };
  }
  throw new ProviderError('unknown', `Microsoft Graph collection longer than ${MAX_PAGES} pages`);
}

function windowQuery(window: SyncWindow) {
  return { startDateTime: window.from.toISOString(), endDateTime: window.to.toISOString() };
}

function toWatchResult(subscription: GraphSubscription, requestedExpiry: Date): WatchResult {
  const expires = subscription.expirationDateTime ? Date.parse(subscription.expirationDateTime) : Number.NaN;
  return {
    channelId: subscription.id,
    resourceId: subscription.resource ?? undefined,
    expiresAt: Number.isFinite(expires) ? new Date(expires) : requestedExpiry,
  };
}

/** What every operation of one driver shares: its options, page size and clock. */
type Microsoft = { options: MicrosoftDriverOptions; pageSize: number; now: () => Date };

const clientFor = (m: Microsoft, connection: { accessToken?: string | undefined }) =>
  createGraphClient({
    accessToken: connection.accessToken,
    graphUrl: typeof m.options.graphUrl === 'function' ? m.options.graphUrl() : m.options.graphUrl,
    timeoutMs: m.options.timeoutMs,
  });

const subscriptionExpiry = (m: Microsoft) =>
  new Date(m.now().getTime() + SUBSCRIPTION_LIFETIME_MINUTES * 60_000 - EXPIRY_MARGIN_MS);

export function createMicrosoftDriver(options: MicrosoftDriverOptions = {}): MicrosoftDriver {
  const m: Microsoft = {
    options,
    pageSize: options.pageSize ?? DELTA_PAGE_SIZE,
    now: options.now ?? (() => new Date()),
  };
  return {
    provider: 'microsoft',
    capabilities: { webhooks: true, respond: true, write: true },
    listCalendars: (connection) => guard(() => listCalendars(m, connection)),
    syncEvents: (connection, params) => guard(() => syncEvents(m, connection, params)),
    watch: (connection, params) => guard(() => watch(m, connection, params)),
    renewWatch: (connection, params) => guard(() => renewWatch(m, connection, params)),
    unwatch: (connection, params) => guard(() => unwatch(m, connection, params)),
    respond: (connection, params) => guard(() => respond(m, connection, params)),
    writeEvent: (connection, params) => guard(() => writeEvent(m, connection, params)),
    deleteEvent: (connection, params) => guard(() => deleteEvent(m, connection, params)),
  };
}

async function listCalendars(
  m: Microsoft,
  connection: { accessToken?: string | undefined },
): Promise<ExternalCalendar[]> {
  const graph = clientFor(m, connection);
  const { items } = await readAllPages<GraphCalendar>(
    graph,
    graphPath('/me/calendars', { $top: 100 }),
    preferHeader(),
  );
  return items
    .filter((calendar) => calendar?.id)
    .map(
      (calendar): ExternalCalendar => ({
        externalId: calendar.id,
        name: calendar.name ?? '',
        color: calendar.hexColor || undefined,
        timeZone: undefined,
        primary: calendar.isDefaultCalendar === true,
        canWrite: calendar.canEdit === true,
      }),
    );
}

async function syncEvents(
  m: Microsoft,
  connection: CalendarConnection,
  { cursor, window }: DriverParams<'syncEvents'>,
): Promise<SyncResult> {
  const graph = clientFor(m, connection);
  const { items, deltaLink } = await readAllPages<GraphEvent>(
    graph,
    deltaStart(graph, connection, cursor, window),
    preferHeader(m.pageSize),
  );
  if (!deltaLink)
    throw new ProviderError('unknown', 'Microsoft Graph delta ended without an @odata.deltaLink');

  const ctx: MapContext = { ownerEmail: connection.ownerEmail, timeZone: connection.timeZone };
  const events = new Map<string, CalendarEvent>();
  const deleted = new Set<string>();
  const changedSeries = new Set<string>();
  // Pages are in order: a later entry for the same id supersedes an earlier one.
  for (const item of items) {
    if (!item?.id) continue;
    if (item['@removed']) {
      events.delete(item.id);
      deleted.add(item.id);
      continue;
    }
    if (item.type === 'seriesMaster') changedSeries.add(item.id);
    if (item.seriesMasterId) changedSeries.add(item.seriesMasterId);
    const event = mapMicrosoftEvent(item, ctx);
    if (!event) continue;
    events.set(event.providerEventId, event);
    deleted.delete(event.providerEventId);
  }
  if (cursor === null) {
    return { events: [...events.values()], deletedIds: [], full: true, cursor: deltaLink };
  }

  // Delta does not report a deleted occurrence: re-read every touched series in the window and tell the
  // engine the list is complete, so it deletes the stored occurrences that are not in it.
  const completeSeries: string[] = [];
  for (const seriesId of changedSeries) {
    const instances = await readInstances(m, graph, seriesId, window);
    completeSeries.push(seriesId);
    for (const instance of instances ?? []) {
      const event = mapMicrosoftEvent(instance, ctx);
      if (!event) continue;
      events.set(event.providerEventId, event);
      deleted.delete(event.providerEventId);
    }
  }
  return {
    events: [...events.values()],
    deletedIds: [...deleted],
    full: false,
    cursor: deltaLink,
    completeSeries,
  };
}

/** Where a delta round starts: the calendar's view of the window, or the delta link of the last round. */
function deltaStart(
  graph: GraphApi,
  connection: CalendarConnection,
  cursor: string | null,
  window: SyncWindow,
): string | { link: string } {
  if (cursor === null) {
    return graphPath(
      `/me/calendars/${segment(connection.externalId)}/calendarView/delta`,
      windowQuery(window),
    );
  }
  if (!cursor.startsWith(`${graph.root}/`) || !/\/delta\b/i.test(new URL(cursor).pathname)) {
    throw new ProviderError(
      'cursor_invalid',
      'Microsoft cursor is not a delta link on the configured Graph root',
    );
  }
  return { link: cursor };
}

/** Occurrences (and exceptions) of one series in the window; null when the series no longer exists. */
async function readInstances(
  m: Microsoft,
  graph: GraphApi,
  seriesId: string,
  window: SyncWindow,
): Promise<GraphEvent[] | null> {
  try {
    const path = graphPath(`/me/events/${segment(seriesId)}/instances`, windowQuery(window));
    const { items } = await readAllPages<GraphEvent>(graph, path, preferHeader(m.pageSize));
    return items;
  } catch (error) {
    const parsed = parseMicrosoftError(error);
    if (parsed.kind === 'not_found') return null;
    throw parsed;
  }
}

async function watch(
  m: Microsoft,
  connection: CalendarConnection,
  { secret, callbackUrl }: DriverParams<'watch'>,
): Promise<WatchResult> {
  if (!secret || secret.length > 128) {
    throw new ProviderError('invalid', 'Graph clientState must be 1 to 128 characters');
  }
  const graph = clientFor(m, connection);
  const expirationDateTime = subscriptionExpiry(m);
  const subscription = (await graph
    .api('/subscriptions')
    .header('Prefer', 'IdType="ImmutableId"')
    .post({
      changeType: 'created,updated,deleted',
      notificationUrl: callbackUrl,
      lifecycleNotificationUrl: callbackUrl,
      resource: `/me/calendars/${segment(connection.externalId)}/events`,
      expirationDateTime: expirationDateTime.toISOString(),
      clientState: secret,
      latestSupportedTlsVersion: 'v1_2',
    })) as GraphSubscription;
  if (!subscription?.id)
    throw new ProviderError('unknown', 'Microsoft Graph created a subscription without an id');
  return toWatchResult(subscription, expirationDateTime);
}

async function renewWatch(
  m: Microsoft,
  connection: CalendarConnection,
  { channelId }: { channelId: string },
): Promise<WatchResult> {
  const graph = clientFor(m, connection);
  const expirationDateTime = subscriptionExpiry(m);
  const subscription = (await graph
    .api(`/subscriptions/${segment(channelId)}`)
    .patch({ expirationDateTime: expirationDateTime.toISOString() })) as GraphSubscription | undefined;
  return toWatchResult({ ...subscription, id: subscription?.id ?? channelId }, expirationDateTime);
}

async function unwatch(m: Microsoft, connection: CalendarConnection, { channelId }: DriverParams<'unwatch'>) {
  const graph = clientFor(m, connection);
  try {
    await graph.api(`/subscriptions/${segment(channelId)}`).delete();
  } catch (error) {
    if (parseMicrosoftError(error).kind !== 'not_found') throw error;
  }
}

async function respond(
  m: Microsoft,
  connection: CalendarConnection,
  { providerEventId, response, comment }: DriverParams<'respond'>,
) {
  const graph = clientFor(m, connection);
  const action = response === 'accepted' ? 'accept' : 'decline';
  await graph
    .api(`/me/events/${segment(providerEventId)}/${action}`)
    .post({ comment: comment ?? '', sendResponse: true });
}

async function writeEvent(
  m: Microsoft,
  connection: CalendarConnection,
  { providerEventId, event }: DriverParams<'writeEvent'>,
): Promise<{ providerEventId: string }> {
  const graph = clientFor(m, connection);
  const body = toGraphEventBody(event);
  const collection = `/me/calendars/${segment(connection.externalId)}/events`;
  const written = (
    providerEventId
      ? await graph
          .api(`${collection}/${segment(providerEventId)}`)
          .header('Prefer', 'IdType="ImmutableId"')
          .patch(body)
      : await graph.api(collection).header('Prefer', 'IdType="ImmutableId"').post(body)
  ) as GraphEvent | undefined;
  const id = written?.id ?? providerEventId;
  if (!id) throw new ProviderError('unknown', 'Microsoft Graph created an event without an id');
  return { providerEventId: id };
}

async function deleteEvent(
  m: Microsoft,
  connection: CalendarConnection,
  { providerEventId }: DriverParams<'deleteEvent'>,
) {
  const graph = clientFor(m, connection);
  try {
    await graph
      .api(`/me/calendars/${segment(connection.externalId)}/events/${segment(providerEventId)}`)
      .delete();
  } catch (error) {
    // Already gone (404, or 410 Gone) is what we wanted.
    const kind = parseMicrosoftError(error).kind;
    if (kind !== 'not_found' && kind !== 'cursor_invalid') throw error;
  }
}
