/**
 * Pure mapping of one Microsoft Graph event (v1.0, read with Prefer: outlook.timezone="UTC") to CalendarEvent.
 * No I/O, no clock.
 *
 * All-day events: Graph writes them as midnight-to-midnight in the zone asked for (UTC), whatever zone the
 * user created them in, so the raw instants are wrong everywhere but in UTC. We take the calendar dates they
 * stand for (see allDayBoundaryDate) and return `startsAt`/`endsAt` = those dates at 00:00 in the
 * connection's (the user's) zone; `allDay: true` tells consumers to read them as dates.
 *
 * `showAs` (free/busy) has no field on CalendarEvent yet; see README.
 */
import { isRoomAddress } from '../../rooms';
import type { CalendarAttendee, CalendarEvent, ResponseStatus } from '../../types';
import type { GraphEvent, GraphResponseType } from './graph-types';
import { allDayBoundaryDate, graphDateTimeToDate, startOfLocalDate } from './microsoft-time';

/** The single-value extended property our own events carry (MAPI named property, string). */
export const APP_MARKER_PROPERTY_ID = 'String {4f5c1c2e-7d0b-4a4e-9b0e-8d9f3a6c2b71} Name MeetWellAppMarker';
/** Alternative carrier: an open extension with this name and a `marker` field. */
const APP_MARKER_EXTENSION_NAME = 'com.meetwell.appMarker';

export type MapContext = {
  /** The calendar owner's address, to mark their own attendee entry. */
  ownerEmail: string;
  /** The user's IANA zone: all-day dates start at its midnight; fallback for unknown Graph zones. */
  timeZone: string;
};

export function mapResponseStatus(response: GraphResponseType | null | undefined): ResponseStatus {
  switch (response) {
    case 'accepted':
    case 'organizer':
      return 'accepted';
    case 'tentativelyAccepted':
      return 'tentative';
    case 'declined':
      return 'declined';
    default:
      return 'needsAction';
  }
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function date(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}

function nextIsoDate(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function sameEmail(a: string | undefined, b: string | undefined): boolean {
  return Boolean(a && b && a.toLowerCase() === b.toLowerCase());
}

function readAppMarker(raw: GraphEvent): string | undefined {
  const wanted = APP_MARKER_PROPERTY_ID.toLowerCase();
  for (const property of raw.singleValueExtendedProperties ?? []) {
    if (property?.id?.toLowerCase() === wanted && property.value) return property.value;
  }
  for (const extension of raw.extensions ?? []) {
    const name = extension?.extensionName ?? extension?.id ?? '';
    if (
      typeof name === 'string' &&
      name.endsWith(APP_MARKER_EXTENSION_NAME) &&
      typeof extension.marker === 'string'
    ) {
      return extension.marker;
    }
  }
  return undefined;
}

function mapAttendees(
  raw: GraphEvent,
  ctx: MapContext,
  organizerEmail: string | undefined,
): CalendarAttendee[] {
  const ownResponse = raw.isOrganizer ? 'accepted' : mapResponseStatus(raw.responseStatus?.response);
  const hasOwnResponse =
    raw.isOrganizer || (raw.responseStatus?.response && raw.responseStatus.response !== 'none');
  const attendees: CalendarAttendee[] = [];
  for (const attendee of raw.attendees ?? []) {
    const email = text(attendee?.emailAddress?.address);
    // Rooms and equipment are not people in the meeting (nor in its cost), as with Google and iCalendar.
    if (!email || attendee.type === 'resource' || isRoomAddress(email)) continue;
    const self = sameEmail(email, ctx.ownerEmail);
    const organizer = sameEmail(email, organizerEmail);
    let responseStatus = mapResponseStatus(attendee.status?.response);
    // The attendee list in the user's own copy may lag; the event's responseStatus is the user's answer.
    if (self && hasOwnResponse) responseStatus = ownResponse;
    if (organizer) responseStatus = 'accepted';
    attendees.push({
      email,
      name: text(attendee.emailAddress?.name),
      optional: attendee.type === 'optional',
      organizer,
      self,
      responseStatus,
      role: attendee.type ?? undefined,
    });
  }
  if (attendees.length === 0) return attendees;
  // Graph leaves the organizer (and the user, when invited through a group) out of `attendees`; other
  // providers list both, so add them for one shape everywhere.
  if (organizerEmail && !attendees.some((a) => a.organizer)) {
    attendees.unshift({
      email: organizerEmail,
      name: text(raw.organizer?.emailAddress?.name),
      optional: false,
      organizer: true,
      self: Boolean(raw.isOrganizer) || sameEmail(organizerEmail, ctx.ownerEmail),
      responseStatus: 'accepted',
      role: 'organizer',
    });
  }
  if (ctx.ownerEmail && !attendees.some((a) => a.self)) {
    attendees.push({
      email: ctx.ownerEmail,
      optional: false,
      organizer: false,
      self: true,
      responseStatus: ownResponse,
      role: 'required',
    });
  }
  return attendees;
}

/**
 * One Graph event → CalendarEvent; null when it cannot be an event (a `@removed` stub, a series master —
 * occurrences carry the data —, or no readable start/end).
 */
export function mapMicrosoftEvent(raw: GraphEvent, ctx: MapContext): CalendarEvent | null {
  if (!raw?.id || raw['@removed'] || raw.type === 'seriesMaster') return null;
  const allDay = raw.isAllDay === true;
  let startsAt: Date | null;
  let endsAt: Date | null;
  if (allDay) {
    const eventZone = raw.originalStartTimeZone;
    const startDate = allDayBoundaryDate(raw.start, eventZone, ctx.timeZone);
    const endDate = allDayBoundaryDate(raw.end, raw.originalEndTimeZone ?? eventZone, ctx.timeZone);
    startsAt = startDate ? startOfLocalDate(ctx.timeZone, startDate) : null;
    endsAt = endDate ? startOfLocalDate(ctx.timeZone, endDate) : null;
    if (startDate && startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
      endsAt = startOfLocalDate(ctx.timeZone, nextIsoDate(startDate));
    }
  } else {
    startsAt = graphDateTimeToDate(raw.start, ctx.timeZone);
    endsAt = graphDateTimeToDate(raw.end, ctx.timeZone);
  }
  if (!startsAt || !endsAt) return null;
  if (endsAt.getTime() < startsAt.getTime()) endsAt = startsAt;

  const organizerEmail = text(raw.organizer?.emailAddress?.address);
  return {
    providerEventId: raw.id,
    icalUid: text(raw.iCalUId),
    recurringEventId: text(raw.seriesMasterId),
    originalStartsAt: date(raw.originalStart),
    status: raw.isCancelled ? 'cancelled' : 'confirmed',
    summary: raw.subject ?? '',
    description: raw.body?.content ?? raw.bodyPreview ?? '',
    location:
      text(raw.location?.displayName) ?? text(raw.locations?.find((l) => text(l?.displayName))?.displayName),
    conferenceUrl: text(raw.onlineMeeting?.joinUrl) ?? text(raw.onlineMeetingUrl),
    startsAt,
    endsAt,
    allDay,
    organizer: organizerEmail
      ? { email: organizerEmail, name: text(raw.organizer?.emailAddress?.name) }
      : undefined,
    attendees: mapAttendees(raw, ctx, organizerEmail),
    createdAt: date(raw.createdDateTime),
    updatedAt: date(raw.lastModifiedDateTime),
    etag: text(raw.changeKey) ?? text(raw['@odata.etag']),
    canEdit: raw.isOrganizer === true,
    appMarker: readAppMarker(raw),
  };
}
