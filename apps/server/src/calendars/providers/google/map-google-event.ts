import type { calendar_v3 } from '@googleapis/calendar';
import { isValidTimeZone, wallToUtc } from '@meetwell/domain';
import { isRoomAddress } from '../../rooms';
import type { CalendarAttendee, CalendarEvent, ResponseStatus } from '../../types';

export type GoogleMapContext = {
  /** The calendar owner's email: marks their own attendee entry when Google leaves out `self`. */
  ownerEmail: string;
  /** The calendar's IANA time zone: all-day dates start at local midnight there. */
  timeZone: string;
};

/** Event types that are not meetings: working location and contacts' birthdays are never synced. */
export const GOOGLE_SKIPPED_EVENT_TYPES: ReadonlySet<string> = new Set(['workingLocation', 'birthday']);

const DAY_MS = 86_400_000;

const RESPONSE_STATUSES: ReadonlySet<string> = new Set(['accepted', 'tentative', 'declined', 'needsAction']);

/** Deletions arrive as status 'cancelled', often as bare stubs with only id and status. */
export function isGoogleEventDeleted(item: calendar_v3.Schema$Event): boolean {
  return item.status === 'cancelled';
}

/** Offset (local minus UTC, ms) of an IANA zone at an instant; unknown zones count as UTC. */
function zoneOffsetMs(timeZone: string, ms: number): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(ms);
  } catch {
    return 0;
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour') % 24,
    get('minute'),
    get('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant local midnight starts on a `yyyy-mm-dd` date in a zone (a skipped midnight moves forward). */
export function startOfGoogleDate(date: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return new Date(Number.NaN);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const early = wall - zoneOffsetMs(timeZone, wall - DAY_MS);
  const late = wall - zoneOffsetMs(timeZone, wall + DAY_MS);
  const valid = (at: number) => at + zoneOffsetMs(timeZone, at) === wall;
  if (valid(early) && valid(late)) return new Date(Math.min(early, late));
  if (valid(late)) return new Date(late);
  // Either the usual case, or a midnight skipped by a DST change: `early` is then the first instant of the day.
  return new Date(early);
}

/**
 * An RFC 3339 dateTime. Google writes an offset, but a dateTime without one (seen in imports and older
 * clients) is a wall time in the event's `timeZone`, never in the server's own zone (what Date would assume).
 */
function readGoogleDateTime(dateTime: string, timeZone: string): Date {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      dateTime.trim(),
    );
  if (!m) return new Date(Number.NaN);
  if (m[8]) return new Date(dateTime);
  const wall = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
    Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3)),
  );
  return new Date(wallToUtc(isValidTimeZone(timeZone) ? timeZone : 'UTC', wall));
}

function toInstant(value: calendar_v3.Schema$EventDateTime | undefined, timeZone: string): Date | undefined {
  if (!value) return undefined;
  if (value.dateTime) {
    const at = readGoogleDateTime(value.dateTime, value.timeZone || timeZone);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  if (value.date) {
    const at = startOfGoogleDate(value.date, value.timeZone || timeZone);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  return undefined;
}

function toDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

function responseStatus(value: string | null | undefined): ResponseStatus {
  return value && RESPONSE_STATUSES.has(value) ? (value as ResponseStatus) : 'needsAction';
}

function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());
}

function mapAttendees(item: calendar_v3.Schema$Event, ownerEmail: string): CalendarAttendee[] {
  const attendees: CalendarAttendee[] = [];
  for (const a of item.attendees ?? []) {
    // Rooms and other resources are not people in the meeting.
    if (!a.email || a.resource || isRoomAddress(a.email)) continue;
    const organizer = a.organizer === true || sameEmail(a.email, item.organizer?.email);
    const optional = a.optional === true;
    attendees.push({
      email: a.email,
      name: a.displayName || undefined,
      optional,
      organizer,
      self: a.self === true || sameEmail(a.email, ownerEmail),
      responseStatus: responseStatus(a.responseStatus),
      role: organizer ? 'CHAIR' : optional ? 'OPT-PARTICIPANT' : 'REQ-PARTICIPANT',
    });
  }
  return attendees;
}

function conferenceUrl(item: calendar_v3.Schema$Event): string | undefined {
  const video = item.conferenceData?.entryPoints?.find((e) => e.entryPointType === 'video' && e.uri);
  return video?.uri || item.hangoutLink || undefined;
}

/**
 * Pure mapping of one Google event (an expanded occurrence with singleEvents) to our event shape.
 * Returns null when the item cannot be an event: no id, or (when not cancelled) no usable start/end.
 * Cancelled items map too (status 'cancelled'), but the driver reports them as deletions.
 */
export function mapGoogleEvent(
  item: calendar_v3.Schema$Event,
  context: GoogleMapContext,
): CalendarEvent | null {
  if (!item.id) return null;
  const allDay = Boolean(item.start?.date && !item.start?.dateTime);
  const startsAt = toInstant(item.start, context.timeZone);
  // Google's all-day end date is exclusive (a one-day event on the 10th ends on the 11th): local midnight of it.
  const endsAt = toInstant(item.end, context.timeZone) ?? startsAt;
  if (!startsAt || !endsAt) return null;
  const status = item.status === 'cancelled' || item.status === 'tentative' ? item.status : 'confirmed';
  const organizerEmail = item.organizer?.email;
  const organizerSelf = item.organizer?.self === true || sameEmail(organizerEmail, context.ownerEmail);
  return {
    providerEventId: item.id,
    icalUid: item.iCalUID || undefined,
    recurringEventId: item.recurringEventId || undefined,
    originalStartsAt: toInstant(item.originalStartTime, context.timeZone),
    status,
    summary: item.summary ?? '',
    description: item.description ?? '',
    location: item.location || undefined,
    conferenceUrl: conferenceUrl(item),
    startsAt,
    endsAt: endsAt.getTime() < startsAt.getTime() ? startsAt : endsAt,
    allDay,
    organizer: organizerEmail
      ? { email: organizerEmail, name: item.organizer?.displayName || undefined }
      : undefined,
    attendees: mapAttendees(item, context.ownerEmail),
    createdAt: toDate(item.created),
    updatedAt: toDate(item.updated),
    etag: item.etag || undefined,
    sequence: typeof item.sequence === 'number' ? item.sequence : undefined,
    canEdit: item.locked !== true && (organizerSelf || item.guestsCanModify === true),
    appMarker: item.extendedProperties?.private?.meetwellId || undefined,
  };
}
