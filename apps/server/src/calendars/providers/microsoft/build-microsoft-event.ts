/**
 * Pure: our EventWrite → the Graph event body for POST/PATCH, including the RRULE → patternedRecurrence
 * translation (Graph has no RRULE). Supported: FREQ=DAILY|WEEKLY with INTERVAL, BYDAY (weekly, no ordinals),
 * WKST, and UNTIL / COUNT / no end. Anything else is a ProviderError('invalid'): we never write a series
 * that differs from what was asked.
 */
import { type EventWrite, ProviderError } from '../../types';
import type { GraphDayOfWeek, GraphPatternedRecurrence } from './graph-types';
import { APP_MARKER_PROPERTY_ID } from './map-microsoft-event';
import { localIsoDate, localIsoDateTime } from './microsoft-time';

const DAYS: Record<string, GraphDayOfWeek> = {
  SU: 'sunday',
  MO: 'monday',
  TU: 'tuesday',
  WE: 'wednesday',
  TH: 'thursday',
  FR: 'friday',
  SA: 'saturday',
};
const DAY_ORDER: GraphDayOfWeek[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

function invalid(message: string): ProviderError {
  return new ProviderError('invalid', `Microsoft Graph recurrence: ${message}`);
}

/** The local end date ('YYYY-MM-DD') of an RFC 5545 UNTIL: a DATE as it is, a UTC DATE-TIME seen in the zone. */
function untilDate(value: string, timeZone: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value);
  if (!m) throw invalid(`unreadable UNTIL ${value}`);
  const [, y, mo, d, h, mi, s, utc] = m;
  if (h === undefined || !utc) return `${y}-${mo}-${d}`;
  return localIsoDate(
    timeZone,
    new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))),
  );
}

/** RRULE lines → Graph patternedRecurrence, anchored on the event's local start date in its zone. */
export function rruleToGraphRecurrence(
  recurrence: string[],
  startsAt: Date,
  timeZone: string,
): GraphPatternedRecurrence | undefined {
  const rules = recurrence.map((line) => line.trim()).filter(Boolean);
  if (rules.length === 0) return undefined;
  if (rules.length > 1 || !/^RRULE:/i.test(rules[0] ?? '')) {
    throw invalid('exactly one RRULE line is supported (no EXDATE/RDATE)');
  }
  const parts = new Map<string, string>();
  for (const pair of (rules[0] ?? '').slice('RRULE:'.length).split(';')) {
    const [key, value] = pair.split('=');
    if (key && value) parts.set(key.toUpperCase(), value.toUpperCase());
  }
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT', 'WKST']);
  for (const key of parts.keys()) {
    if (!known.has(key)) throw invalid(`${key} is not supported`);
  }
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(interval) || interval < 1) throw invalid(`bad INTERVAL ${parts.get('INTERVAL')}`);
  const startDate = localIsoDate(timeZone, startsAt);

  let pattern: GraphPatternedRecurrence['pattern'];
  const freq = parts.get('FREQ');
  if (freq === 'WEEKLY') {
    const byDay = parts.get('BYDAY');
    let daysOfWeek: GraphDayOfWeek[];
    if (byDay) {
      daysOfWeek = byDay.split(',').map((code) => {
        const day = DAYS[code.trim()];
        if (!day) throw invalid(`BYDAY ${code} is not supported in a weekly rule`);
        return day;
      });
    } else {
      daysOfWeek = [DAY_ORDER[new Date(`${startDate}T00:00:00Z`).getUTCDay()] ?? 'monday'];
    }
    const wkst = parts.get('WKST');
    const firstDayOfWeek = wkst ? DAYS[wkst] : 'monday';
    if (!firstDayOfWeek) throw invalid(`bad WKST ${wkst}`);
    pattern = {
      type: 'weekly',
      interval,
      daysOfWeek: [...new Set(daysOfWeek)].sort((a, b) => DAY_ORDER.indexOf(a) - DAY_ORDER.indexOf(b)),
      firstDayOfWeek,
    };
  } else if (freq === 'DAILY') {
    if (parts.has('BYDAY')) throw invalid('BYDAY in a daily rule is not supported');
    pattern = { type: 'daily', interval };
  } else {
    throw invalid(`FREQ=${freq ?? '(none)'} is not supported`);
  }

  const until = parts.get('UNTIL');
  const count = parts.get('COUNT');
  if (until && count) throw invalid('UNTIL and COUNT together');
  let range: GraphPatternedRecurrence['range'];
  if (until) {
    range = { type: 'endDate', startDate, endDate: untilDate(until, timeZone), recurrenceTimeZone: timeZone };
  } else if (count) {
    const numberOfOccurrences = Number(count);
    if (!Number.isInteger(numberOfOccurrences) || numberOfOccurrences < 1)
      throw invalid(`bad COUNT ${count}`);
    range = { type: 'numbered', startDate, numberOfOccurrences, recurrenceTimeZone: timeZone };
  } else {
    range = { type: 'noEnd', startDate, recurrenceTimeZone: timeZone };
  }
  return { pattern, range };
}

/**
 * The Graph body for creating or replacing one of our events. Times are written as wall time in the
 * event's IANA zone (Graph accepts IANA names); the app marker rides in a single-value extended property.
 * On update an absent recurrence leaves the event's recurrence as it is.
 */
export function toGraphEventBody(event: EventWrite): Record<string, unknown> {
  const recurrence = event.recurrence
    ? rruleToGraphRecurrence(event.recurrence, event.startsAt, event.timeZone)
    : undefined;
  return {
    subject: event.summary,
    body: { contentType: 'text', content: event.description ?? '' },
    start: { dateTime: localIsoDateTime(event.timeZone, event.startsAt), timeZone: event.timeZone },
    end: { dateTime: localIsoDateTime(event.timeZone, event.endsAt), timeZone: event.timeZone },
    showAs: event.transparency === 'transparent' ? 'free' : 'busy',
    ...(recurrence ? { recurrence } : {}),
    singleValueExtendedProperties: [{ id: APP_MARKER_PROPERTY_ID, value: event.appMarker }],
  };
}
