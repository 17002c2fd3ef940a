import type { CalendarEvent, SyncWindow } from '../../types';
import { MAX_OCCURRENCES } from './expand-recurrence';
import type { IcsNotes } from './ics-notes';
import type { ZoneResolver } from './ics-time';
import { type IcsEventBody, mapIcsEventBody } from './map-ics-event';
import type { IcsComponent, IcsProblem, IcsProperty } from './read-ics-components';

export type ParseIcsOptions = {
  /** Occurrences overlapping [from, to) are returned. */
  window: SyncWindow;
  /** Marks the owner's own attendee entry (`self`). */
  ownerEmail: string;
  /** IANA zone for all-day dates, and for floating times when the file has no usable X-WR-TIMEZONE. */
  defaultTimeZone: string;
  /** The calendar accepts writes (CalDAV with write access): events without organizer or organised by the owner get `canEdit`. Default false. */
  writable?: boolean | undefined;
};

/**
 * What the steps of one parse share: its options and window (ms), the import report (problems and the
 * leniencies noted), the file's zones, each component's body read once, and the events found so far.
 */
export type IcsRead = {
  readonly options: ParseIcsOptions;
  readonly from: number;
  readonly to: number;
  readonly problems: IcsProblem[];
  readonly notes: IcsNotes;
  readonly resolver: ZoneResolver;
  readonly bodies: Map<IcsComponent, IcsEventBody>;
  readonly events: CalendarEvent[];
};

/** A component's title, attendees and the rest, mapped once however many occurrences use it. */
export function eventBody(read: IcsRead, component: IcsComponent, uid: string): IcsEventBody {
  let body = read.bodies.get(component);
  if (!body) {
    body = mapIcsEventBody(component, {
      uid,
      ownerEmail: read.options.ownerEmail,
      writable: read.options.writable ?? false,
    });
    read.bodies.set(component, body);
    for (const p of component.props) {
      if (p.continuedOnLines) read.notes.add('text-on-following-lines', uid, p.line, p.name);
    }
  }
  return body;
}

/**
 * Notes a date value read leniently: 8 digits without VALUE=DATE (read as a date, as every mainstream reader
 * does), or a VALUE=DATE holding a time of day (read as the time written). See read-ics-components.ts.
 */
export function noteDateValue(notes: IcsNotes, p: IcsProperty, value: unknown, uid: string) {
  if (p.looseTime) notes.add('loose-date-time', uid, p.line, p.name);
  if (p.quoteAfterValue) notes.add('quote-after-value', uid, p.line, p.name);
  if (p.unquotedTzid) notes.add('unquoted-tzid', uid, p.line, p.name);
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return;
  if (p.type === 'date') {
    if (first.length >= 19) notes.add('value-date-with-time', uid, p.line, p.name);
  } else if (first.length === 10) notes.add('date-without-value-date', uid, p.line, p.name);
}

/** The import report's line for a series cut at MAX_OCCURRENCES occurrences in the window. */
export function tooManyOccurrences(body: IcsEventBody) {
  const max = MAX_OCCURRENCES.toLocaleString('en-US');
  return `"${body.summary || 'Untitled event'}" repeats more than ${max} times in the synced window: only its first ${max} occurrences are kept`;
}
