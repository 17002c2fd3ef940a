import { isValidTimeZone, utcToWall, wallToUtc } from '@meetwell/domain';
import ICAL from 'ical.js';
import { windowsZoneToIana } from '../../time-zones/windows-zones';

/**
 * A time zone as the ICS parser needs it. Local times are wall-clock times written as if they were UTC
 * (`Date.UTC(y, m, d, h, mi, s)`), which is how recurrence is expanded (STACK-NOTES: rrule without tzid).
 */
export interface Zone {
  readonly id: string;
  /**
   * Wall-clock time → instant. An ambiguous time (the hour repeated when clocks go back) is the first of the two
   * instants; a non-existent time (skipped when clocks go forward) is read with the offset before the gap, so it
   * moves forward by the gap (02:30 on a spring-forward day in Berlin is 03:30 CEST). Both as RFC 5545 §3.3.5.
   */
  toUtc(localMs: number): number;
  /** Instant → wall-clock time. */
  toLocal(utcMs: number): number;
}

const MAX_CACHE = 100_000;

export const UTC_ZONE: Zone = { id: 'UTC', toUtc: (ms) => ms, toLocal: (ms) => ms };

/** A zone from the runtime's IANA database, through the rules package's cached zone arithmetic. */
class IanaZone implements Zone {
  constructor(readonly id: string) {
    if (!isValidTimeZone(id)) throw new RangeError(`Unknown time zone ${id}`);
  }

  toLocal(utcMs: number): number {
    return utcToWall(this.id, utcMs);
  }

  toUtc(localMs: number): number {
    return wallToUtc(this.id, localMs);
  }
}

/** A wall-clock instant (ms, read as if UTC) as ical.js's time fields. */
export function wallClockFields(ms: number) {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** A zone defined only by a VTIMEZONE in the file (custom Outlook zones and the like), through ical.js. */
class VTimezoneZone implements Zone {
  private readonly toUtcCache = new Map<number, number>();
  private readonly toLocalCache = new Map<number, number>();
  constructor(
    readonly id: string,
    private readonly timezone: ICAL.Timezone,
    /** The first onset: before it, the offset is the TZOFFSETFROM of that observance (ical.js would say 0). */
    private readonly first: { utc: number; offsetMs: number },
  ) {}

  toUtc(localMs: number): number {
    if (localMs - this.first.offsetMs < this.first.utc) return localMs - this.first.offsetMs;
    let utc = this.toUtcCache.get(localMs);
    if (utc === undefined) {
      const time = new ICAL.Time({ ...wallClockFields(localMs), isDate: false }, this.timezone);
      utc = localMs - this.timezone.utcOffset(time) * 1000;
      if (!Number.isFinite(utc)) utc = localMs;
      if (this.toUtcCache.size > MAX_CACHE) this.toUtcCache.clear();
      this.toUtcCache.set(localMs, utc);
    }
    return utc;
  }

  toLocal(utcMs: number): number {
    if (utcMs < this.first.utc) return utcMs + this.first.offsetMs;
    let local = this.toLocalCache.get(utcMs);
    if (local === undefined) {
      const time = ICAL.Time.fromJSDate(new Date(utcMs), true).convertToZone(this.timezone);
      local = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
      if (!Number.isFinite(local)) local = utcMs;
      if (this.toLocalCache.size > MAX_CACHE) this.toLocalCache.clear();
      this.toLocalCache.set(utcMs, local);
    }
    return local;
  }
}

const ianaZones = new Map<string, IanaZone | null>();
const UTC_NAMES = /^(utc|gmt|z|zulu|universal|etc\/utc|etc\/gmt|etc\/universal|etc\/zulu)$/i;

/** The runtime's zone for an IANA name (links such as US/Eastern included), or undefined. Cached for the process. */
export function ianaZone(name: string): Zone | undefined {
  if (UTC_NAMES.test(name)) return UTC_ZONE;
  let zone = ianaZones.get(name);
  if (zone === undefined) {
    zone = null;
    if (name.length > 0 && name.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(name)) {
      try {
        zone = new IanaZone(name);
      } catch {
        zone = null;
      }
    }
    if (ianaZones.size > 10_000) ianaZones.clear();
    ianaZones.set(name, zone);
  }
  return zone ?? undefined;
}

/** A VTIMEZONE read: its zone, or why it cannot be. */
export type VtimezoneResult = { zone: Zone } | { reason: string };

type JcalProperty = [string, Record<string, unknown>, string, ...unknown[]];
type JcalComponent = [string, JcalProperty[], JcalComponent[]];

/**
 * Builds a zone from a VTIMEZONE component in jCal form, through ical.js, once its observances are written the
 * way ical.js reads them (`normaliseObservance`). A definition without a usable observance, or that ical.js
 * refuses, is not a zone: the reason is returned for the import report, never a silent UTC.
 */
export function vtimezoneZone(tzid: string, jcal: unknown[]): VtimezoneResult {
  try {
    const [name, properties, observances] = jcal as JcalComponent;
    let first: { utc: number; offsetMs: number } | undefined;
    const usable: JcalComponent[] = [];
    for (const observance of observances) {
      const normalised = normaliseObservance(observance);
      if (!normalised) continue;
      usable.push(normalised.observance);
      if (!first || normalised.onsetUtc < first.utc)
        first = { utc: normalised.onsetUtc, offsetMs: normalised.offsetFromMs };
    }
    if (!first) return { reason: 'no observance with DTSTART, TZOFFSETFROM and TZOFFSETTO' };
    const timezone = new ICAL.Timezone(
      new ICAL.Component([name, properties, usable] as unknown as [string, unknown[], unknown[]]),
    );
    // Probe once so a broken definition fails here, not in the middle of an expansion.
    timezone.utcOffset(ICAL.Time.fromData({ year: 2024, month: 1, day: 1, hour: 12 }));
    if (!timezone.changes.length) return { reason: 'its observances give no offset' };
    return { zone: new VTimezoneZone(tzid, timezone, first) };
  } catch (error) {
    return { reason: error instanceof Error ? error.message.slice(0, 120) : 'invalid definition' };
  }
}

const DATE_TIME_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const OFFSET_VALUE = /^([+-])(\d{2}):?(\d{2})(?::?(\d{2}))?$/;

/**
 * An observance (STANDARD, DAYLIGHT) as ical.js reads it. RFC 5545 §3.6.5: an observance takes effect at its
 * DTSTART and at each RDATE (and RRULE occurrence). ical.js leaves DTSTART out when there are RDATEs and no
 * RRULE, and reads only the first value of an RDATE list: the DTSTART is added as an RDATE, and each value
 * gets its own RDATE line. A date (DTSTART:19740106) is midnight. Undefined when the observance lacks a
 * readable DTSTART, TZOFFSETFROM or TZOFFSETTO (ical.js would skip it silently).
 */
function normaliseObservance(
  observance: JcalComponent,
): { observance: JcalComponent; onsetUtc: number; offsetFromMs: number } | undefined {
  const [name, properties, children] = observance;
  const get = (prop: string) => properties.find((p) => p[0] === prop);
  const dtstart = get('dtstart');
  const from = offsetMs(get('tzoffsetfrom')?.[3]);
  const to = offsetMs(get('tzoffsetto')?.[3]);
  const startValue = asDateTime(dtstart?.[3]);
  if (!dtstart || !startValue || from === undefined || to === undefined) return undefined;
  const m = DATE_TIME_VALUE.exec(startValue)!;
  const startLocal = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  const out: JcalProperty[] = [];
  const onsets = new Set<string>();
  let hasRule = false;
  for (const p of properties) {
    if (p[0] === 'dtstart') out.push(['dtstart', p[1], 'date-time', startValue]);
    else if (p[0] === 'rdate') {
      for (const value of p.slice(3)) {
        const time = asDateTime(Array.isArray(value) ? value[0] : value);
        if (time && !onsets.has(time)) {
          onsets.add(time);
          out.push(['rdate', {}, 'date-time', time]);
        }
      }
    } else {
      if (p[0] === 'rrule') hasRule = true;
      out.push(p);
    }
  }
  if (onsets.size && !hasRule && !onsets.has(startValue)) out.push(['rdate', {}, 'date-time', startValue]);
  return { observance: [name, out, children], onsetUtc: startLocal - from, offsetFromMs: from };
}

/** A jCal date or date-time as a floating date-time ('1974-01-06' → '1974-01-06T00:00:00'). */
function asDateTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.endsWith('Z') ? value.slice(0, -1) : value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00:00`;
  return DATE_TIME_VALUE.test(text) ? text : undefined;
}

/** A UTC-OFFSET as ical.js gives it ('+01:00', '-04:56:02') in milliseconds. */
function offsetMs(value: unknown): number | undefined {
  const m = typeof value === 'string' ? OFFSET_VALUE.exec(value) : null;
  if (!m) return undefined;
  const ms = ((+m[2]! * 60 + +m[3]!) * 60 + +(m[4] ?? 0)) * 1000;
  return m[1] === '-' ? -ms : ms;
}

/**
 * Resolves a TZID as found in the wild, in this order: an IANA name (also behind a /mozilla.org/…/ style
 * prefix), a Windows name (Outlook, Exchange, also as Outlook displays it, or as tzone://Microsoft/Eastern),
 * then a VTIMEZONE of the file. Undefined when none applies.
 * An IANA or Windows name wins over the file's VTIMEZONE: exports often carry only the current rules, the
 * runtime's database has the history.
 */
export function resolveTzid(tzid: string, vtimezone: (name: string) => Zone | undefined): Zone | undefined {
  const name = tzid.trim().replace(/^"(.*)"$/, '$1');
  if (!name) return undefined;
  const direct = ianaZone(name);
  if (direct) return direct;
  // Exchange 2003's names: tzone://Microsoft/Eastern is the Windows zone "Eastern Standard Time".
  const exchange = /^tzone:\/\/Microsoft\/(.+)$/i.exec(name)?.[1];
  const windows = exchange
    ? (windowsZoneToIana(`${exchange} Standard Time`) ?? windowsZoneToIana(exchange))
    : windowsZoneToIana(name);
  if (windows) {
    const zone = ianaZone(windows);
    if (zone) return zone;
  }
  // An IANA name after an Outlook-style offset: "(UTC-05:00) America/New_York" (its rules, not the offset).
  const afterOffset = /^\(\s*(?:GMT|UTC)[^)]*\)\s*(\S.*)$/i.exec(name)?.[1];
  const named = afterOffset === undefined ? undefined : ianaZone(afterOffset.trim());
  if (named) return named;
  // A path ending in an IANA name: /mozilla.org/20050126_1/America/New_York, or /Europe/Stockholm.
  if (name.includes('/')) {
    const parts = name.split('/').filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      const zone = ianaZone(parts.slice(i).join('/'));
      if (zone) return zone;
    }
  }
  return vtimezone(name) ?? (name === tzid ? undefined : vtimezone(tzid)) ?? fixedOffsetZone(name);
}

const FIXED_OFFSET = /^\(?\s*(?:GMT|UTC)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?\s*\)?$/i;

/**
 * A TZID that is only an offset from GMT ("(GMT +01:00)", "UTC-05:00"), and defined nowhere in the file: that
 * offset all year, as its name says (read in the default zone instead, its summer times would be an hour off).
 */
function fixedOffsetZone(name: string): Zone | undefined {
  const m = FIXED_OFFSET.exec(name);
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (minutes > 14 * 60) return undefined;
  return offsetZone((m[1] === '-' ? -minutes : minutes) * 60_000);
}

/** A zone that keeps one offset all year ('UTC+01:00'). */
export function offsetZone(offsetMs: number): Zone {
  if (offsetMs === 0) return UTC_ZONE;
  const minutes = Math.abs(offsetMs) / 60_000;
  const id = `UTC${offsetMs < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { id, toUtc: (localMs) => localMs - offsetMs, toLocal: (utcMs) => utcMs + offsetMs };
}

/** A zone's standard time this year: the smaller of its offsets in January and July. */
export function standardOffsetMs(zone: Zone, nowMs: number): number {
  const year = new Date(nowMs).getUTCFullYear();
  const january = Date.UTC(year, 0, 15);
  const july = Date.UTC(year, 6, 15);
  return Math.min(zone.toLocal(january) - january, zone.toLocal(july) - july);
}
