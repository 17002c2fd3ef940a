import { isRoomAddress } from '../../rooms';
import type { CalendarAttendee, CalendarEvent, ResponseStatus } from '../../types';
import { readTime } from './ics-time';
import { type IcsComponent, type IcsProperty, param, prop, props, text } from './read-ics-components';

/** Everything of an event that does not depend on which occurrence it is. */
export type IcsEventBody = Omit<
  CalendarEvent,
  'providerEventId' | 'recurringEventId' | 'originalStartsAt' | 'startsAt' | 'endsAt' | 'allDay'
>;

/**
 * Conference links: a minimal detection (the domain package owns the canonical detector). Vendor properties
 * first (Google, Teams, RFC 7986 CONFERENCE), then the first known meeting link in URL, LOCATION, DESCRIPTION.
 */
const CONFERENCE_URL =
  /https?:\/\/(?:[a-z0-9-]+\.)*(?:meet\.google\.com|zoom\.us|zoomgov\.com|teams\.microsoft\.com|teams\.live\.com|webex\.com|gotomeeting\.com|gotomeet\.me|meet\.goto\.com|whereby\.com|meet\.jit\.si|chime\.aws|bluejeans\.com|facetime\.apple\.com)(?:\/[^\s<>"'()[\]]*)?/i;

function detectConferenceUrl(values: (string | undefined)[]): string | undefined {
  for (const value of values) {
    if (!value) continue;
    const match = CONFERENCE_URL.exec(value);
    if (match) return match[0].replace(/[.,;:!?]+$/, '');
  }
  return undefined;
}

const PARTSTAT: Record<string, ResponseStatus> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
  'NEEDS-ACTION': 'needsAction',
};

/** Something@something, without the spaces, quotes and separators of a value that is no address. */
const PLAIN_ADDRESS = /^[^\s"<>;:,@]+@[^\s"<>;:,@]+$/;

/**
 * The e-mail addresses of an ORGANIZER or ATTENDEE, lowercased, the one to show first: its EMAIL parameter
 * (RFC 7986) when it has one, since Apple writes the person's address there and a urn:uuid or an iMIP relay
 * (mailto:2_…@imip.me.com) as the value; then its mailto: value, else a bare address. The value is also read as
 * some producers write it: quoted ("mailto:…"), or after parameters written into it (Confluence:
 * ATTENDEE:X-CONFLUENCE-USER-KEY=…;CN=…:mailto:…), where the last mailto: is the address.
 */
function calAddresses(p: IcsProperty): string[] {
  const given = param(p, 'email')?.trim().toLowerCase() ?? '';
  const value = typeof p.values[0] === 'string' ? p.values[0].trim().replace(/^"(.*)"$/, '$1') : '';
  const mailto = value.toLowerCase().lastIndexOf('mailto:');
  const written = (mailto !== -1 ? value.slice(mailto + 7) : value.includes('@') ? value : '')
    .trim()
    .toLowerCase();
  const addresses = [given, written].filter((a) => PLAIN_ADDRESS.test(a));
  return addresses[0] === addresses[1] ? addresses.slice(0, 1) : addresses;
}

function statusOf(component: IcsComponent): CalendarEvent['status'] {
  const status = text(component, 'status').toUpperCase();
  if (status === 'CANCELLED') return 'cancelled';
  if (status === 'TENTATIVE') return 'tentative';
  return 'confirmed';
}

function utcOf(p: IcsProperty | undefined): Date | undefined {
  const time = readTime(p);
  return time ? new Date(time.local) : undefined; // DTSTAMP, CREATED, LAST-MODIFIED are UTC by definition
}

/**
 * The occurrence-independent part of a VEVENT. Rooms and resources (CUTYPE=ROOM/RESOURCE) are not attendees:
 * they are not people in the meeting. `writable` says whether this calendar can be written at all.
 */
export function mapIcsEventBody(
  component: IcsComponent,
  options: { uid: string; ownerEmail: string; writable: boolean },
): IcsEventBody {
  const owner = options.ownerEmail.trim().toLowerCase();
  const organizerProp = prop(component, 'organizer');
  const organizerAddresses = organizerProp ? calAddresses(organizerProp) : [];
  const organizerEmail = organizerAddresses[0];
  const organizer = organizerEmail
    ? { email: organizerEmail, name: param(organizerProp!, 'cn') || undefined }
    : undefined;

  const attendees: CalendarAttendee[] = [];
  const seen = new Set<string>();
  for (const p of props(component, 'attendee')) {
    const cutype = (param(p, 'cutype') ?? '').toUpperCase();
    if (cutype === 'ROOM' || cutype === 'RESOURCE') continue;
    const addresses = calAddresses(p);
    const email = addresses[0];
    if (!email || seen.has(email) || isRoomAddress(email)) continue;
    seen.add(email);
    const role = (param(p, 'role') ?? 'REQ-PARTICIPANT').toUpperCase();
    attendees.push({
      email,
      name: param(p, 'cn') || undefined,
      optional: role === 'OPT-PARTICIPANT' || role === 'NON-PARTICIPANT',
      // Either of its addresses: the one shown may be Apple's EMAIL where the other names the owner.
      organizer: addresses.some((a) => organizerAddresses.includes(a)),
      self: addresses.includes(owner),
      responseStatus: PARTSTAT[(param(p, 'partstat') ?? '').toUpperCase()] ?? 'needsAction',
      role: role.toLowerCase(),
    });
  }

  const description = text(component, 'description');
  const location = text(component, 'location') || undefined;
  const url = text(component, 'url') || undefined;
  const conferenceProps = props(component, 'conference').map((p) => String(p.values[0] ?? ''));
  const conferenceUrl = detectConferenceUrl([
    text(component, 'x-google-conference'),
    text(component, 'x-microsoft-skypeteamsmeetingurl'),
    text(component, 'x-microsoft-onlinemeetingconflink'),
    ...conferenceProps,
    url,
    location,
    description,
  ]);
  const sequence = Number(prop(component, 'sequence')?.values[0]);
  const lastModified = utcOf(prop(component, 'last-modified'));
  const stamp = utcOf(prop(component, 'dtstamp'));

  return {
    icalUid: options.uid,
    status: statusOf(component),
    summary: text(component, 'summary'),
    description,
    location,
    conferenceUrl,
    organizer,
    attendees,
    createdAt: utcOf(prop(component, 'created')),
    updatedAt: lastModified ?? stamp,
    sequence: Number.isInteger(sequence) ? sequence : undefined,
    canEdit: options.writable && (!organizer || organizerAddresses.includes(owner)),
    appMarker: text(component, 'x-meetwell-id') || undefined,
  };
}
