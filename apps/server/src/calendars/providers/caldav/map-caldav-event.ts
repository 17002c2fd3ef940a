import type { CalendarEvent, SyncWindow } from '../../types';
import { type IcsProblem, parseIcs } from '../ics/parse-ics';
import type { CaldavObject } from './caldav.client';

export type MappedObject = { uids: string[]; events: CalendarEvent[]; problems: IcsProblem[] };

/**
 * One CalDAV object (one UID: a single event, or a series with its overrides) → the events of the window,
 * through the ICS parser; each event carries the object's etag.
 */
export function mapCaldavObject(
  object: CaldavObject,
  options: { window: SyncWindow; ownerEmail: string; timeZone: string; writable: boolean },
): MappedObject {
  const { events, uids, problems } = parseIcs(object.data, {
    window: options.window,
    ownerEmail: options.ownerEmail,
    defaultTimeZone: options.timeZone,
    writable: options.writable,
  });
  for (const event of events) event.etag = object.etag;
  return { uids, events, problems };
}

/**
 * 'uid::2024-03-04T09:00:00.000Z' / 'uid::2024-03-04T09:00:00' (floating time) / 'uid::2024-03-04' → its parts;
 * a bare id is a whole event or series.
 */
export function splitProviderEventId(providerEventId: string): {
  uid: string;
  occurrence?: string | undefined;
} {
  const at = providerEventId.lastIndexOf('::');
  if (at > 0) {
    const occurrence = providerEventId.slice(at + 2);
    if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}((\.\d{3})?Z)?)?$/.test(occurrence)) {
      return { uid: providerEventId.slice(0, at), occurrence };
    }
  }
  return { uid: providerEventId };
}
