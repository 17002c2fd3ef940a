/**
 * The RRULE text of a Wellness block: its parts (FREQ, BYDAY, INTERVAL, WKST, UNTIL, COUNT, other BY* parts)
 * and EXDATE lines, and iCalendar dates, parsed by hand for the weekly fast path of the expansion.
 */
import { DAY_MS, epochDayFromParts, MINUTE_MS } from '../lib/time';
import { localEpochDay, wallToUtc } from '../lib/tz';

/** Weekdays are numbers 0 = Sunday … 6 = Saturday, as in Date#getDay and dayjs. */
export const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

export interface ParsedRule {
  freq: string | null;
  /** Bitmask of plain BYDAY weekdays (bit 0 = Sunday). */
  byday: number;
  bydayHasOrdinal: boolean;
  interval: number;
  wkst: number;
  until: string | null;
  count: number | null;
  /** BY* parts other than BYDAY (BYHOUR, BYSETPOS, …): the fast path does not handle them. */
  hasOtherParts: boolean;
  ruleLine: string | null;
  exdates: string[];
}

const parsedRules = new Map<string, ParsedRule>();

/** parseRuleText, remembered per text (rules repeat across blocks); results are shared: never mutate them. */
export function parseRule(text: string): ParsedRule {
  let parsed = parsedRules.get(text);
  if (!parsed) {
    parsed = parseRuleText(text);
    if (parsedRules.size >= 5_000) parsedRules.clear();
    parsedRules.set(text, parsed);
  }
  return parsed;
}

function parseRuleText(text: string): ParsedRule {
  const parsed: ParsedRule = {
    freq: null,
    byday: 0,
    bydayHasOrdinal: false,
    interval: 1,
    wkst: 1,
    until: null,
    count: null,
    hasOtherParts: false,
    ruleLine: null,
    exdates: [],
  };
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const upper = line.toUpperCase();
    if (upper.startsWith('EXDATE')) {
      const colon = line.indexOf(':');
      if (colon >= 0) {
        for (const v of line.slice(colon + 1).split(',')) if (v.trim()) parsed.exdates.push(v.trim());
      }
      continue;
    }
    if (upper.startsWith('DTSTART') || upper.startsWith('RDATE')) continue;
    const body = upper.startsWith('RRULE:') ? line.slice(6) : line;
    if (!/FREQ=/i.test(body)) continue;
    parsed.ruleLine = body;
    for (const part of body.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const key = part.slice(0, eq).trim().toUpperCase();
      const value = part
        .slice(eq + 1)
        .trim()
        .toUpperCase();
      switch (key) {
        case 'FREQ':
          parsed.freq = value;
          break;
        case 'BYDAY':
          for (const code of value.split(',')) {
            const m = /^([+-]?\d+)?(SU|MO|TU|WE|TH|FR|SA)$/.exec(code.trim());
            if (!m) continue;
            if (m[1]) parsed.bydayHasOrdinal = true;
            parsed.byday |= 1 << WEEKDAY_CODES.indexOf(m[2] as (typeof WEEKDAY_CODES)[number]);
          }
          break;
        case 'INTERVAL': {
          const n = Number.parseInt(value, 10);
          if (Number.isFinite(n) && n > 0) parsed.interval = n;
          break;
        }
        case 'WKST': {
          const i = WEEKDAY_CODES.indexOf(value as (typeof WEEKDAY_CODES)[number]);
          if (i >= 0) parsed.wkst = i;
          break;
        }
        case 'UNTIL':
          parsed.until = value;
          break;
        case 'COUNT': {
          const n = Number.parseInt(value, 10);
          if (Number.isFinite(n) && n >= 0) parsed.count = n;
          break;
        }
        default:
          if (key.startsWith('BY')) parsed.hasOtherParts = true;
          break;
      }
    }
  }
  return parsed;
}
const ICAL_DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/;

/** An iCalendar DATE or DATE-TIME as { day (local epoch day), instant (ms) or null for a date }. */
export function parseIcalDate(
  value: string,
  timeZone: string,
): { day: number; instant: number | null } | null {
  const m = ICAL_DATE_TIME.exec(value.replace(/^.*:/, '').trim());
  if (!m) return null;
  const day = epochDayFromParts(Number(m[1]), Number(m[2]), Number(m[3]));
  if (m[4] === undefined) return { day, instant: null };
  const wall = day * DAY_MS + (Number(m[4]) * 60 + Number(m[5])) * MINUTE_MS + Number(m[6] ?? 0) * 1000;
  const instant = m[7] ? wall : wallToUtc(timeZone, wall);
  return { day: localEpochDay(timeZone, instant), instant };
}
