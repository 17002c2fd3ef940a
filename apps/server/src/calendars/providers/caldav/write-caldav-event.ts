import ICAL from 'ical.js';
import { type EventWrite, ProviderError } from '../../types';
import { normalizeDateLines } from '../ics/normalize-date-lines';
import { parseIcs } from '../ics/parse-ics';
import {
  ianaZone,
  resolveTzid,
  UTC_ZONE,
  vtimezoneZone,
  wallClockFields,
  type Zone,
} from '../ics/time-zones';

const PRODID = '-//MeetWell//MeetWell Calendar//EN';
const DAY = 86_400_000;

/** RFC 5545 TEXT escaping. */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character. */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function stamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function wall(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

function offsetText(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.abs(Math.round(ms / 60_000));
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A VTIMEZONE for an IANA zone, from the runtime's rules of the given year: one STANDARD/DAYLIGHT pair with
 * yearly rules (the shape clients expect), or a fixed offset. RFC 5545 wants one for every TZID used.
 */
function buildVtimezone(zoneId: string, zone: Zone, aroundMs: number): string[] {
  const year = new Date(aroundMs).getUTCFullYear();
  const offset = (utc: number) => zone.toLocal(utc) - utc;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const transitions: { at: number; from: number; to: number }[] = [];
  let previous = offset(start);
  for (let t = start + DAY; t <= end; t += DAY) {
    const current = offset(t);
    if (current !== previous) {
      let lo = t - DAY;
      let hi = t;
      while (hi - lo > 60_000) {
        const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
        if (offset(mid) === previous) lo = mid;
        else hi = mid;
      }
      transitions.push({ at: hi, from: previous, to: current });
      previous = current;
    }
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zoneId}`];
  if (!transitions.length) {
    const o = offset(start);
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offsetText(o)}`,
      `TZOFFSETTO:${offsetText(o)}`,
      'END:STANDARD',
    );
  }
  for (const { at, from, to } of transitions) {
    const local = new Date(at + from);
    const day = local.getUTCDate();
    const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
    const nth = day + 7 > daysInMonth ? -1 : Math.ceil(day / 7);
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][local.getUTCDay()];
    const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wall(at + from)}`,
      `RRULE:FREQ=YEARLY;BYMONTH=${local.getUTCMonth() + 1};BYDAY=${nth}${weekday}`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/**
 * The VCALENDAR of an event this app writes (Wellness blocks, report cards): local times in the event's zone
 * with its VTIMEZONE, so a weekly block stays at the same wall-clock time across summer time; the app's id in
 * X-MEETWELL-ID.
 */
export function buildEventIcs(
  event: EventWrite,
  options: { uid: string; now: number; sequence?: number | undefined; created?: string | undefined },
): string {
  const zone = ianaZone(event.timeZone);
  const zoned = zone && zone !== UTC_ZONE;
  const time = (name: string, ms: number) =>
    zoned ? `${name};TZID=${event.timeZone}:${wall(zone.toLocal(ms))}` : `${name}:${stamp(ms)}`;
  const recurrence = (event.recurrence ?? []).map((line) => line.trim()).filter(Boolean);
  for (const line of recurrence) {
    if (/[\r\n]/.test(line) || !/^(RRULE|EXRULE|RDATE|EXDATE)[:;]|^FREQ=/i.test(line)) {
      throw new ProviderError('invalid', `Not a recurrence line: ${line.slice(0, 60)}`);
    }
  }
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN'];
  if (zoned) lines.push(...buildVtimezone(event.timeZone, zone, event.startsAt.getTime()));
  lines.push(
    'BEGIN:VEVENT',
    `UID:${options.uid}`,
    `DTSTAMP:${stamp(options.now)}`,
    `CREATED:${options.created ?? stamp(options.now)}`,
    `LAST-MODIFIED:${stamp(options.now)}`,
    `SEQUENCE:${options.sequence ?? 0}`,
    time('DTSTART', event.startsAt.getTime()),
    time('DTEND', event.endsAt.getTime()),
    ...recurrence.map((line) => (/^FREQ=/i.test(line) ? `RRULE:${line}` : line)),
    `SUMMARY:${escapeText(event.summary)}`,
  );
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  lines.push(
    `TRANSP:${event.transparency === 'transparent' ? 'TRANSPARENT' : 'OPAQUE'}`,
    'STATUS:CONFIRMED',
    `X-MEETWELL-ID:${escapeText(event.appMarker)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  );
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** SEQUENCE and CREATED of an existing object, to keep on update. */
export function existingMeta(data: string): { sequence: number; created?: string | undefined } {
  const unfolded = data.replace(/\r?\n[ \t]/g, '');
  const sequence = Number(/^SEQUENCE[^:\r\n]*:(\d+)/im.exec(unfolded)?.[1] ?? 0);
  const created = /^CREATED[^:\r\n]*:(\d{8}T\d{6}Z)/im.exec(unfolded)?.[1];
  return { sequence, created };
}

type Vevent = InstanceType<typeof ICAL.Component>;

/**
 * The original start of an override (RECURRENCE-ID) in the id form the parser uses: a date, the wall clock of a
 * floating-time series, or an instant.
 */
function recurrenceKey(
  vevent: Vevent,
  zones: (tzid: string) => Zone | undefined,
  floating: Zone,
  floatingSeries: boolean,
): string | undefined {
  const prop = vevent.getFirstProperty('recurrence-id');
  if (!prop) return undefined;
  const value = prop.getFirstValue() as InstanceType<typeof ICAL.Time> | null;
  if (!value || typeof value !== 'object' || !('year' in value)) return undefined;
  const local = Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second);
  if (value.isDate) return new Date(local).toISOString().slice(0, 10);
  const tzid = prop.getParameter('tzid');
  const utcMark = value.zone === ICAL.Timezone.utcTimezone;
  const isFloating = !utcMark && typeof tzid !== 'string';
  if (floatingSeries && isFloating) return new Date(local).toISOString().slice(0, 19);
  const zone = utcMark ? UTC_ZONE : typeof tzid === 'string' ? (zones(tzid) ?? floating) : floating;
  const utc = zone.toUtc(local);
  return floatingSeries
    ? new Date(floating.toLocal(utc)).toISOString().slice(0, 19)
    : new Date(utc).toISOString();
}

/** DTSTART of a master in floating time (no zone, no UTC mark): its occurrences are keyed by wall clock. */
function startsFloating(master: Vevent | undefined): boolean {
  const prop = master?.getFirstProperty('dtstart');
  const value = prop?.getFirstValue() as InstanceType<typeof ICAL.Time> | null | undefined;
  if (!prop || !value || typeof value !== 'object' || !('year' in value) || value.isDate) return false;
  return value.zone !== ICAL.Timezone.utcTimezone && typeof prop.getParameter('tzid') !== 'string';
}

/**
 * An occurrence key's original start: its instant, and the value a RECURRENCE-ID or EXDATE gives it (a date,
 * a floating wall clock, or UTC).
 */
function originalStart(occurrence: string, floating: Zone) {
  if (occurrence.length === 10) {
    const day = Date.parse(`${occurrence}T00:00:00Z`);
    return { instant: day, value: toIcalTime(day, true) };
  }
  if (!occurrence.endsWith('Z')) {
    const local = Date.parse(`${occurrence}Z`);
    return {
      instant: floating.toUtc(local),
      value: ICAL.Time.fromData(wallClockFields(local)),
    };
  }
  const instant = Date.parse(occurrence);
  return { instant, value: toIcalTime(instant, false) };
}

function emailOf(prop: InstanceType<typeof ICAL.Property>): string | undefined {
  const value = String(prop.getFirstValue() ?? '').trim();
  const param = prop.getParameter('email');
  const address = /^mailto:/i.test(value) ? value.slice(7) : typeof param === 'string' ? param : '';
  return address.trim().toLowerCase() || undefined;
}

function toIcalTime(ms: number, isDate: boolean): InstanceType<typeof ICAL.Time> {
  const fields = wallClockFields(ms);
  if (isDate)
    return ICAL.Time.fromData({ year: fields.year, month: fields.month, day: fields.day, isDate: true });
  return ICAL.Time.fromData(fields, ICAL.Timezone.utcTimezone);
}

/** Reads an object and finds the VEVENTs of a UID; for an occurrence, its override (made from the master if absent). */
function openObject(
  data: string,
  target: { uid: string; occurrence?: string | undefined },
  options: { timeZone: string; ownerEmail: string; createOverride: boolean },
) {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(normalizeDateLines(data)) as unknown as unknown[]);
  } catch (error) {
    throw new ProviderError(
      'invalid',
      `The event on the server cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const vtimezones = new Map(
    root.getAllSubcomponents('vtimezone').map((c) => [String(c.getFirstPropertyValue('tzid')), c] as const),
  );
  const zones = (tzid: string) =>
    resolveTzid(tzid, (name) => {
      const c = vtimezones.get(name);
      const read = c ? vtimezoneZone(name, c.toJSON() as unknown[]) : undefined;
      return read && 'zone' in read ? read.zone : undefined;
    });
  const floating = ianaZone(options.timeZone) ?? UTC_ZONE;
  const vevents = root
    .getAllSubcomponents('vevent')
    .filter((v) => String(v.getFirstPropertyValue('uid')) === target.uid);
  if (!vevents.length) throw new ProviderError('not_found', 'The event is not on the server any more');
  const master = vevents.find((v) => !v.hasProperty('recurrence-id'));
  if (!target.occurrence) return { root, targets: vevents, master, override: undefined };

  const floatingSeries = startsFloating(master);
  let override = vevents.find((v) => recurrenceKey(v, zones, floating, floatingSeries) === target.occurrence);
  if (!override && options.createOverride) {
    if (!master) throw new ProviderError('not_found', 'The occurrence is not on the server');
    // Times of the occurrence as the parser computes them (zones, DST, all-day).
    const start = originalStart(target.occurrence, floating);
    const original = start.instant;
    const { events } = parseIcs(data, {
      window: { from: new Date(original - 3 * DAY), to: new Date(original + 3 * DAY) },
      ownerEmail: options.ownerEmail,
      defaultTimeZone: options.timeZone,
    });
    const occurrence = events.find((e) => e.providerEventId === `${target.uid}::${target.occurrence}`);
    if (!occurrence) throw new ProviderError('not_found', 'The occurrence is not on the server');
    override = new ICAL.Component(JSON.parse(JSON.stringify(master.toJSON())) as unknown[]);
    for (const name of [
      'rrule',
      'rdate',
      'exdate',
      'exrule',
      'recurrence-id',
      'duration',
      'dtend',
      'dtstart',
    ]) {
      override.removeAllProperties(name);
    }
    for (const alarm of override.getAllSubcomponents('valarm')) override.removeSubcomponent(alarm);
    const isDate = occurrence.allDay;
    override.addPropertyWithValue('recurrence-id', start.value);
    if (isDate) {
      const days = Math.max(
        1,
        Math.round((occurrence.endsAt.getTime() - occurrence.startsAt.getTime()) / DAY),
      );
      const startDay = Date.parse(`${target.occurrence}T00:00:00Z`);
      override.addPropertyWithValue('dtstart', toIcalTime(startDay, true));
      override.addPropertyWithValue('dtend', toIcalTime(startDay + days * DAY, true));
    } else if (floatingSeries) {
      // Floating as its series is: read anywhere, the answered occurrence stays at the series' wall clock.
      const local = Date.parse(`${target.occurrence}Z`);
      const length = occurrence.endsAt.getTime() - occurrence.startsAt.getTime();
      override.addPropertyWithValue('dtstart', ICAL.Time.fromData(wallClockFields(local)));
      override.addPropertyWithValue('dtend', ICAL.Time.fromData(wallClockFields(local + length)));
    } else {
      override.addPropertyWithValue('dtstart', toIcalTime(occurrence.startsAt.getTime(), false));
      override.addPropertyWithValue('dtend', toIcalTime(occurrence.endsAt.getTime(), false));
    }
    root.addSubcomponent(override);
  }
  return { root, targets: override ? [override] : [], master, override };
}

/**
 * The owner's reply: their ATTENDEE gets PARTSTAT (RSVP cleared), the comment goes in a COMMENT property.
 * A whole event or series: every VEVENT of the UID. One occurrence: its override, made from the master when
 * there is none yet (a scheduling server then sends the iTIP REPLY to the organizer).
 */
export function applyResponse(
  data: string,
  params: {
    uid: string;
    occurrence?: string | undefined;
    ownerEmail: string;
    timeZone: string;
    response: 'accepted' | 'declined';
    comment?: string | undefined;
    now: number;
  },
): string {
  const { root, targets } = openObject(data, params, {
    timeZone: params.timeZone,
    ownerEmail: params.ownerEmail,
    createOverride: true,
  });
  const owner = params.ownerEmail.trim().toLowerCase();
  let found = false;
  for (const vevent of targets) {
    for (const attendee of vevent.getAllProperties('attendee')) {
      if (emailOf(attendee) !== owner) continue;
      found = true;
      attendee.setParameter('partstat', params.response === 'accepted' ? 'ACCEPTED' : 'DECLINED');
      attendee.removeParameter('rsvp');
    }
    if (params.comment !== undefined) {
      vevent.removeAllProperties('comment');
      if (params.comment.trim()) vevent.addPropertyWithValue('comment', params.comment);
    }
    vevent.updatePropertyWithValue('dtstamp', toIcalTime(params.now, false));
  }
  if (!found) throw new ProviderError('invalid', 'The calendar owner is not an attendee of this event');
  return root.toString();
}

/** Removes one occurrence: an EXDATE on the master, and its override if there is one. */
export function removeOccurrence(
  data: string,
  params: { uid: string; occurrence: string; ownerEmail: string; timeZone: string },
): string {
  const { root, master, override } = openObject(data, params, {
    timeZone: params.timeZone,
    ownerEmail: params.ownerEmail,
    createOverride: false,
  });
  if (override) root.removeSubcomponent(override);
  if (master) {
    const exdate = new ICAL.Property('exdate', master);
    exdate.setValue(originalStart(params.occurrence, ianaZone(params.timeZone) ?? UTC_ZONE).value);
    master.addProperty(exdate);
    const sequence = Number(master.getFirstPropertyValue('sequence') ?? 0);
    master.updatePropertyWithValue('sequence', Number.isFinite(sequence) ? sequence + 1 : 1);
  }
  return root.toString();
}
