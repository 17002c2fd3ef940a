import {
  type CalendarConnection,
  type CalendarDriver,
  type ExternalCalendar,
  ProviderError,
  type SyncResult,
} from '../../types';
import { type IcsClientOptions, type IcsValidators, readIcsSource } from './ics.client';
import { parseIcsOffThread } from './parse-ics-off-thread';
import { ianaZone } from './time-zones';

export type IcsDriverOptions = IcsClientOptions;

/** Cursor of an ICS calendar: the feed's validators and the hash of the bytes last parsed. */
type IcsCursor = {
  v: 1;
  etag?: string | undefined;
  lastModified?: string | undefined;
  hash?: string | undefined;
};

const EMPTY_WINDOW = { from: new Date(0), to: new Date(0) };

function readCursor(cursor: string | null): IcsValidators | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(cursor) as IcsCursor;
    return parsed && parsed.v === 1
      ? { etag: parsed.etag, lastModified: parsed.lastModified, hash: parsed.hash }
      : undefined;
  } catch {
    return undefined; // an unreadable cursor only costs a full read
  }
}

function writeCursor(validators: IcsValidators): string {
  const cursor: IcsCursor = {
    v: 1,
    etag: validators.etag,
    lastModified: validators.lastModified,
    hash: validators.hash,
  };
  return JSON.stringify(cursor);
}

const HEADER_SEARCH_BYTES = 256 * 1024;

/**
 * The first calendar's lines before its first component (RFC 5545 puts the calendar's properties there),
 * closed with END:VCALENDAR; the whole file when that cannot be found in its first 256 KB (a UTF-16 file, a
 * huge header), which then is parsed whole, off this thread.
 */
export function calendarHeader(body: Uint8Array): Uint8Array {
  // latin1: one character per byte, so an index in the text is an offset in the bytes.
  const head = Buffer.from(
    body.buffer,
    body.byteOffset,
    Math.min(body.byteLength, HEADER_SEARCH_BYTES),
  ).toString('latin1');
  const opening = /BEGIN:VCALENDAR/i.exec(head);
  if (!opening) return body;
  const afterOpening = opening.index + opening[0].length;
  const component = /\r?\nBEGIN:/i.exec(head.slice(afterOpening));
  if (!component) return body;
  const end = afterOpening + component.index;
  return Buffer.concat([body.subarray(0, end), Buffer.from('\r\nEND:VCALENDAR\r\n')]);
}

function hasCalendar(text: Uint8Array): boolean {
  const head = Buffer.from(text.subarray(0, 64 * 1024))
    .toString('latin1')
    .replace(/\0/g, '');
  return (
    /BEGIN:VCALENDAR/i.test(head) ||
    /BEGIN:VEVENT/i.test(Buffer.from(text).toString('latin1').replace(/\0/g, ''))
  );
}

/**
 * ICS subscriptions (http, https, webcal, data: URLs) and imported files (`connection.sourceBytes`).
 * Read-only: no webhooks, no replies, no writes. Every read that sees a change is a full read of the window
 * (`full: true`); an unchanged feed (304, or the same bytes) is an empty incremental result.
 */
export function createIcsDriver(options: IcsDriverOptions = {}): CalendarDriver {
  return {
    provider: 'ics',
    capabilities: { webhooks: false, respond: false, write: false },

    async listCalendars(connection): Promise<ExternalCalendar[]> {
      const read = await readIcsSource(connection, undefined, options);
      if (!read.changed) return [];
      if (!hasCalendar(read.body))
        throw new ProviderError('invalid', 'This is not an ICS calendar (no BEGIN:VCALENDAR)');
      // Only the calendar's own lines: its name, colour and zone come before its first event, and parsing a
      // 20 MB file's events here (the request of the person adding it) would take seconds of this thread.
      const { calendar } = await parseIcsOffThread(calendarHeader(read.body), {
        window: EMPTY_WINDOW,
        ownerEmail: connection.ownerEmail,
        defaultTimeZone: connection.timeZone,
      });
      let fallbackName = 'Imported calendar';
      if (connection.sourceUrl && /^(https?|webcals?):/i.test(connection.sourceUrl)) {
        try {
          fallbackName = new URL(connection.sourceUrl.replace(/^webcals?:/i, 'https:')).hostname;
        } catch {
          // keep the generic name
        }
      }
      return [
        {
          externalId: connection.sourceUrl ?? 'import',
          name: calendar.name?.trim() || fallbackName,
          color: normaliseColor(calendar.color),
          timeZone: calendar.timeZone && ianaZone(calendar.timeZone) ? calendar.timeZone : undefined,
          primary: false,
          canWrite: false,
        },
      ];
    },

    async syncEvents(connection: CalendarConnection, params): Promise<SyncResult> {
      const previous = params.cursor ? readCursor(params.cursor) : undefined;
      const read = await readIcsSource(connection, previous, options);
      const cursor = writeCursor(read.validators);
      if (!read.changed) return { events: [], deletedIds: [], full: false, cursor };
      // An HTML error page answered with 200 must not empty the calendar.
      if (!hasCalendar(read.body))
        throw new ProviderError('invalid', 'The calendar feed did not return an ICS calendar');
      const { events, problems } = await parseIcsOffThread(
        read.body,
        { window: params.window, ownerEmail: connection.ownerEmail, defaultTimeZone: connection.timeZone },
        params.onEvents,
      );
      return { events, deletedIds: [], full: true, cursor, problems };
    },
  };
}

export const icsDriver: CalendarDriver = createIcsDriver();

function normaliseColor(color: string | undefined): string | undefined {
  const m = color?.trim().match(/^#?([0-9a-f]{6})(?:[0-9a-f]{2})?$/i);
  return m ? `#${m[1]!.toLowerCase()}` : undefined;
}
