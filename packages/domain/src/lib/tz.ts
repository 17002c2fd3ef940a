/**
 * IANA time-zone arithmetic on epoch milliseconds, using only Intl (no dayjs in hot loops).
 *
 * A "wall" time is a local date and time written as if it were UTC: the wall time 2025-03-10 09:00 in
 * America/New_York is Date.UTC(2025, 2, 10, 9, 0). `wallToUtc` turns it back into a real instant, choosing
 * like Temporal's 'compatible' disambiguation: a time skipped by a spring-forward change moves forward by
 * the gap (02:30 → 03:30), a time repeated by a fall-back change takes the earlier instant.
 *
 * Offsets are cached per (zone, UTC day) with the instant of the change when a day holds one, so after a
 * first call every lookup is a Map read. An unknown zone is treated as UTC (check with isValidTimeZone).
 */
import { DAY_MS, MINUTE_MS } from './time';

type DayEntry = { before: number; after: number; changeAt: number };

/** A zone's formatter and its offsets per UTC day (null formatter: unknown zone, treated as UTC). */
interface Zone {
  formatter: Intl.DateTimeFormat | null;
  days: Map<number, DayEntry>;
  /** Per local (wall) day: the offset when it is the same all around that day, else NaN. */
  wallDays: Map<number, number>;
}

const zones = new Map<string, Zone>();
const MAX_DAYS_PER_ZONE = 20_000;

function zoneFor(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (!zone) {
    let formatter: Intl.DateTimeFormat | null = null;
    if (!isUtcName(timeZone)) {
      try {
        formatter = new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        });
      } catch {
        formatter = null;
      }
    }
    zone = { formatter, days: new Map(), wallDays: new Map() };
    if (zones.size >= 1_000) zones.clear();
    zones.set(timeZone, zone);
  }
  return zone;
}

function isUtcName(timeZone: string): boolean {
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'GMT' || timeZone === 'Etc/GMT';
}

/** True when the runtime knows this IANA zone name. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0) return false;
  return isUtcName(timeZone) || zoneFor(timeZone).formatter !== null;
}

/** The offset (local minus UTC, in ms) computed by Intl, uncached. */
function rawOffset(formatter: Intl.DateTimeFormat, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  let year = 1970;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of formatter.formatToParts(whole)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      default:
        break;
    }
  }
  return Date.UTC(year, month - 1, day, hour, minute, second) - whole;
}

function dayEntry(zone: Zone, formatter: Intl.DateTimeFormat, utcDay: number): DayEntry {
  let entry = zone.days.get(utcDay);
  if (entry) return entry;
  const start = utcDay * DAY_MS;
  const before = rawOffset(formatter, start);
  const after = rawOffset(formatter, start + DAY_MS);
  let changeAt = Number.POSITIVE_INFINITY;
  if (before !== after) {
    // Binary search, to the minute, the first instant that has the new offset.
    let lo = start;
    let hi = start + DAY_MS;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (rawOffset(formatter, mid) === before) lo = mid;
      else hi = mid;
    }
    changeAt = hi;
  }
  entry = { before, after, changeAt };
  if (zone.days.size >= MAX_DAYS_PER_ZONE) zone.days.clear();
  zone.days.set(utcDay, entry);
  return entry;
}

function offsetIn(zone: Zone, ms: number): number {
  const formatter = zone.formatter;
  if (!formatter || !Number.isFinite(ms)) return 0;
  const entry = dayEntry(zone, formatter, Math.floor(ms / DAY_MS));
  return ms < entry.changeAt ? entry.before : entry.after;
}

/** Offset of the zone at an instant, in milliseconds (local = UTC + offset). Unknown zones give 0. */
export function tzOffsetMs(timeZone: string, ms: number): number {
  return offsetIn(zoneFor(timeZone), ms);
}

/** The wall time (local time written as UTC) of an instant in a zone. */
export function utcToWall(timeZone: string, ms: number): number {
  return ms + tzOffsetMs(timeZone, ms);
}

/** The instant of a wall time in a zone ('compatible' disambiguation, see the file comment). */
export function wallToUtc(timeZone: string, wallMs: number): number {
  if (!Number.isFinite(wallMs)) return Number.NaN;
  const zone = zoneFor(timeZone);
  const formatter = zone.formatter;
  if (!formatter) return wallMs;
  const wallDay = Math.floor(wallMs / DAY_MS);
  let constant = zone.wallDays.get(wallDay);
  if (constant === undefined) {
    // UTC days wallDay-1 … wallDay+1 cover every instant whose wall time falls on wallDay (offsets < 24 h).
    const a = dayEntry(zone, formatter, wallDay - 1);
    const b = dayEntry(zone, formatter, wallDay);
    const c = dayEntry(zone, formatter, wallDay + 1);
    const same =
      a.changeAt === Number.POSITIVE_INFINITY &&
      b.changeAt === Number.POSITIVE_INFINITY &&
      c.changeAt === Number.POSITIVE_INFINITY &&
      a.before === b.before &&
      b.before === c.before;
    constant = same ? b.before : Number.NaN;
    if (zone.wallDays.size >= MAX_DAYS_PER_ZONE) zone.wallDays.clear();
    zone.wallDays.set(wallDay, constant);
  }
  if (!Number.isNaN(constant)) return wallMs - constant;
  const before = offsetIn(zone, wallMs - DAY_MS);
  const after = offsetIn(zone, wallMs + DAY_MS);
  const early = wallMs - before;
  const earlyOk = offsetIn(zone, early) === before;
  if (before === after && earlyOk) return early;
  const late = wallMs - after;
  const lateOk = offsetIn(zone, late) === after;
  if (earlyOk && lateOk) return Math.min(early, late);
  if (earlyOk) return early;
  if (lateOk) return late;
  // Skipped by a spring-forward change: keep the offset from before the change (moves forward by the gap).
  return early;
}

/** Local calendar day (days since 1970-01-01) of an instant in a zone. */
export function localEpochDay(timeZone: string, ms: number): number {
  return Math.floor(utcToWall(timeZone, ms) / DAY_MS);
}

/** Minutes since local midnight of an instant in a zone (0-1439). */
export function localMinuteOfDay(timeZone: string, ms: number): number {
  const wall = utcToWall(timeZone, ms);
  return Math.floor((wall - Math.floor(wall / DAY_MS) * DAY_MS) / MINUTE_MS);
}

/** The instant of a local date (epoch day) and minute of day in a zone. */
export function localToUtc(timeZone: string, epochDay: number, minuteOfDay: number): number {
  return wallToUtc(timeZone, epochDay * DAY_MS + minuteOfDay * MINUTE_MS);
}

/** The instant local midnight starts on a local date (the first existing minute of that day). */
export function startOfLocalDay(timeZone: string, epochDay: number): number {
  return wallToUtc(timeZone, epochDay * DAY_MS);
}

/** How often, and how far ahead, two zones' clocks are compared: a year, so each side's summer time is seen. */
const CLOCK_SAMPLE_MS = 7 * DAY_MS;
const CLOCK_SAMPLES = 53;

/**
 * True when two zones show the same clock from `ms` on, for a year: two names of one zone ('Asia/Calcutta' and
 * 'Asia/Kolkata'), or neighbours with the same rules. A person whose browser keeps their clock is not in
 * another zone, whatever the browser calls it.
 */
export function keepsSameClock(zoneA: string, zoneB: string, ms: number): boolean {
  if (zoneA === zoneB) return true;
  for (let sample = 0; sample < CLOCK_SAMPLES; sample++) {
    const at = ms + sample * CLOCK_SAMPLE_MS;
    if (tzOffsetMs(zoneA, at) !== tzOffsetMs(zoneB, at)) return false;
  }
  return true;
}

/**
 * The names of UTC itself. A browser that hides where it is (Firefox's fingerprinting protection, Tor Browser)
 * and most servers report one of them wherever they are; a place on UTC's clock has its own name
 * ('Africa/Abidjan', 'Atlantic/Reykjavik').
 */
const UTC_NAMES = /^(Etc\/)?(UTC|UCT|Universal|Zulu|Greenwich|GMT([+-]0)?|GMT0)$/i;

/**
 * Whether a sign-in from a browser in `browserZone` moves a person who is in `ownZone` (ADR 0085): not when
 * the browser names no real zone, keeps the person's clock under another name, or says only "UTC" (which
 * hides where it is) to someone who is elsewhere.
 */
export function signInMovesZone(
  ownZone: string,
  browserZone: string | null | undefined,
  ms: number,
): boolean {
  if (!browserZone || !isValidTimeZone(browserZone)) return false;
  if (UTC_NAMES.test(browserZone)) return false;
  return !keepsSameClock(ownZone, browserZone, ms);
}
