import { quoteBeforeValue, quoteTzidWithColon, readLooseDateTime, valueStart } from './read-ics-components';

/** Date properties whose values the lenient reader takes as written (read-ics-components.ts). */
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);

/**
 * Rewrites the date values of a calendar object in RFC 5545's own form, read as the lenient reader reads them:
 * an 8-digit value without VALUE=DATE gets VALUE=DATE, a VALUE=DATE holding a time loses it, a time without
 * seconds gets them (and loses fractions of one), a lowercase t or z becomes T or Z, one written with dashes and colons
 * (or a UTC offset) is written compact (in UTC), a TZID's closing quote written after the value goes before it.
 * For writing an object back (CalDAV): ical.js's strict reader would otherwise turn such values into garbage
 * ("2024-03-04T12:00:") in what it serialises, or refuse them, and name the occurrence of a date RECURRENCE-ID
 * differently from the reader. Lines are unfolded (the writer folds again).
 */
export function normalizeDateLines(data: string): string {
  const lines = data
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
  return lines.map(normalizeLine).join('\r\n');
}

function normalizeLine(asWritten: string): string {
  const line = quoteBeforeValue(asWritten) ?? quoteTzidWithColon(asWritten) ?? asWritten;
  const colon = valueStart(line);
  if (colon === -1) return line;
  const head = line.slice(0, colon);
  const [name, ...params] = head.split(';');
  if (!name || !DATE_PROPERTIES.has(name.toUpperCase())) return line;
  const valueParam = params.findIndex((p) => /^VALUE=/i.test(p));
  const declared = valueParam === -1 ? undefined : params[valueParam]!.slice(6).toUpperCase();
  if (declared === 'PERIOD') return line;
  const values = line.slice(colon + 1).split(',');
  const read = values.map(readLooseDateTime);
  if (read.some((m) => m === null)) return line; // not ours to judge: the reader reports it
  const allDates = read.every((m) => m!.time === undefined);
  const written = read.map((m) =>
    m!.time === undefined ? m!.date : `${m!.date}T${m!.time}${m!.utc ? 'Z' : ''}`,
  );
  const kept = params.filter((_, i) => i !== valueParam);
  if (allDates) kept.push('VALUE=DATE');
  return `${[name, ...kept].join(';')}:${written.join(',')}`;
}
