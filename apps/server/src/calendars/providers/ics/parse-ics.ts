import type { CalendarEvent } from '../../types';
import { decodeIcsText } from './decode-ics-text';
import { type Candidate, readCandidate } from './ics-candidates';
import { IcsNotes } from './ics-notes';
import type { IcsRead, ParseIcsOptions } from './ics-read';
import { readSeries } from './ics-series';
import { ZoneResolver } from './ics-time';
import {
  addProblem,
  type IcsComponent,
  type IcsProblem,
  readIcsComponents,
  text,
} from './read-ics-components';

export type { ParseIcsOptions } from './ics-read';
export type { IcsProblem } from './read-ics-components';

type IcsCalendarInfo = {
  name?: string | undefined;
  description?: string | undefined;
  timeZone?: string | undefined;
  color?: string | undefined;
  method?: string | undefined;
};

export type ParseIcsResult = {
  events: CalendarEvent[];
  problems: IcsProblem[];
  calendar: IcsCalendarInfo;
  /** Every UID in the file, in or out of the window (CalDAV keeps one UID per resource). */
  uids: string[];
};

/**
 * Events handed over while the file is still being read (the parser's thread sends them on as they come, so
 * the caller can start on them): `onEvents` receives each `every` new events, then the rest at the end.
 */
export type ParseIcsProgress = { every: number; onEvents: (events: CalendarEvent[]) => void };

/** iTIP methods that carry no event of their own for the calendar (replies, refresh requests, counters). */
const IGNORED_METHODS = new Set(['REPLY', 'REFRESH', 'COUNTER', 'DECLINECOUNTER']);

/**
 * Parses an iCalendar file (or an iTIP stream of several VCALENDARs) into the events of a window, one per
 * occurrence. Pure and total: whatever cannot be read is reported in `problems`, never thrown.
 *
 * Ids: a single event is its UID; an occurrence of a series (or an override without its master) is
 * `${uid}::${originalStart}`, the original start being an ISO instant ('2024-03-04T08:00:00.000Z') or, for
 * all-day series, an ISO date ('2024-03-04'), so ids do not change with the owner's time zone.
 *
 * The steps: lines and components (read-ics-components.ts), dates and zones (ics-time.ts, ics-timing.ts),
 * duplicates (ics-candidates.ts), a series with its overrides (ics-series.ts) and its recurrence
 * (ics-occurrences.ts, expand-recurrence.ts), an event's fields (map-ics-event.ts), the import report's
 * problems and notes (ics-read.ts, ics-notes.ts).
 */
export function parseIcs(
  input: string | Uint8Array,
  options: ParseIcsOptions,
  progress?: ParseIcsProgress,
): ParseIcsResult {
  const problems: IcsProblem[] = [];
  const events: CalendarEvent[] = [];
  const calendar: IcsCalendarInfo = {};
  const uids: string[] = [];
  let handedOver = 0;
  const handOver = (atLeast: number) => {
    if (!progress || events.length - handedOver < atLeast) return;
    progress.onEvents(events.slice(handedOver));
    handedOver = events.length;
  };
  try {
    readFile(input, options, { problems, events, calendar, uids }, () => handOver(progress?.every ?? 1));
  } catch (error) {
    addProblem(problems, {
      message: `Unexpected parser failure: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  handOver(1);
  return { events, problems, calendar, uids };
}

function readFile(
  input: string | Uint8Array,
  options: ParseIcsOptions,
  result: ParseIcsResult,
  seriesRead: () => void,
) {
  const { problems, calendar } = result;
  const { text: source, encoding } = decodeIcsText(input);
  if (encoding === 'windows-1252') {
    addProblem(problems, { message: 'The file is not UTF-8; it was read as windows-1252 (latin1)' });
  }
  const roots = readIcsComponents(source, problems);
  const calendars = roots.filter((c) => c.name === 'vcalendar');
  const loose = roots.filter((c) => c.name !== 'vcalendar');
  if (loose.length) calendars.push({ name: 'vcalendar', props: [], children: loose, line: loose[0]!.line });
  if (!roots.length && source.trim()) addProblem(problems, { message: 'No VCALENDAR found' });

  const vtimezones = readCalendarInfo(calendars, calendar);
  const read: IcsRead = {
    options,
    from: options.window.from.getTime(),
    to: options.window.to.getTime(),
    problems,
    notes: new IcsNotes(),
    resolver: new ZoneResolver(
      vtimezones,
      calendar.timeZone,
      options.defaultTimeZone,
      problems,
      options.window.from.getTime(),
    ),
    bodies: new Map(),
    events: result.events,
  };
  for (const [uid, candidates] of candidatesByUid(read, calendars)) {
    result.uids.push(uid);
    try {
      readSeries(read, uid, candidates);
    } catch (error) {
      addProblem(problems, {
        uid,
        message: `Event skipped: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    seriesRead();
  }
  // The leniencies first, one counted line each: never cut from a long report.
  problems.unshift(...read.notes.problems());
}

/** The calendars' name, description, zone, color and method (the first given), and their VTIMEZONEs by TZID. */
function readCalendarInfo(calendars: IcsComponent[], calendar: IcsCalendarInfo): Map<string, IcsComponent> {
  const vtimezones = new Map<string, IcsComponent>();
  for (const cal of calendars) {
    for (const child of cal.children) {
      if (child.name !== 'vtimezone') continue;
      const tzid = text(child, 'tzid').trim();
      if (tzid && !vtimezones.has(tzid)) vtimezones.set(tzid, child);
    }
    calendar.name ??= unescapeText(text(cal, 'x-wr-calname') || text(cal, 'name')) || undefined;
    calendar.description ??= unescapeText(text(cal, 'x-wr-caldesc')) || undefined;
    calendar.timeZone ??= unescapeText(text(cal, 'x-wr-timezone')).trim() || undefined;
    calendar.color ??= text(cal, 'x-apple-calendar-color') || undefined;
    calendar.method ??= text(cal, 'method').toUpperCase() || undefined;
  }
  return vtimezones;
}

/** Every VEVENT of the calendars whose method carries events, grouped by UID in the order of the file. */
function candidatesByUid(read: IcsRead, calendars: IcsComponent[]): Map<string, Candidate[]> {
  const byUid = new Map<string, Candidate[]>();
  let order = 0;
  for (const cal of calendars) {
    const method = text(cal, 'method').toUpperCase() || 'PUBLISH';
    if (IGNORED_METHODS.has(method)) continue;
    for (const component of cal.children) {
      if (component.name !== 'vevent') continue;
      const candidate = readCandidate(read, component, method === 'CANCEL', order++);
      if (!candidate) continue;
      const list = byUid.get(candidate.uid);
      if (list) list.push(candidate);
      else byUid.set(candidate.uid, [candidate]);
    }
  }
  return byUid;
}

/** TEXT unescaping for X- properties, which ical.js leaves raw. */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}
