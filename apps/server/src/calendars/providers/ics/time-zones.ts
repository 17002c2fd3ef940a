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

const DAY = 86_400_000;
const MAX_CACHE = 100_000;
const MAX_TIME = 8.64e15;

export const UTC_ZONE: Zone = { id: 'UTC', toUtc: (ms) => ms, toLocal: (ms) => ms };

/** A zone from the runtime's IANA database (Intl), with offsets cached per UTC day. */
class IanaZone implements Zone {
  private readonly format: Intl.DateTimeFormat;
  /** UTC day number → offset in ms when it is the same all day, NaN when the offset changes that day. */
  private readonly dayOffsets = new Map<number, number>();
  private readonly minuteOffsets = new Map<number, number>();

  constructor(readonly id: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: id,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  }

  private exactOffset(utcMs: number): number {
    const ms = Math.max(-MAX_TIME, Math.min(MAX_TIME, Math.floor(utcMs / 1000) * 1000));
    let year = 0;
    let month = 1;
    let day = 1;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let bc = false;
    for (const part of this.format.formatToParts(ms)) {
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
          hour = Number(part.value);
          break;
        case 'minute':
          minute = Number(part.value);
          break;
        case 'second':
          second = Number(part.value);
          break;
        case 'era':
          bc = part.value.startsWith('B');
          break;
      }
    }
    const local = new Date(0);
    local.setUTCFullYear(bc ? 1 - year : year, month - 1, day);
    local.setUTCHours(hour, minute, second, 0);
    const offset = local.getTime() - ms;
    return Number.isFinite(offset) ? offset : 0;
  }

  offsetAt(utcMs: number): number {
    const dayNumber = Math.floor(utcMs / DAY);
    let offset = this.dayOffsets.get(dayNumber);
    if (offset === undefined) {
      const start = this.exactOffset(dayNumber * DAY);
      const end = this.exactOffset(dayNumber * DAY + DAY - 1000);
      offset = start === end ? start : Number.NaN;
      if (this.dayOffsets.size > MAX_CACHE) this.dayOffsets.clear();
      this.dayOffsets.set(dayNumber, offset);
    }
    if (!Number.isNaN(offset)) return offset;
    const minute = Math.floor(utcMs / 60_000);
    let exact = this.minuteOffsets.get(minute);
    if (exact === undefined) {
      exact = this.exactOffset(minute * 60_000);
      if (this.minuteOffsets.size > MAX_CACHE) this.minuteOffsets.clear();
      this.minuteOffsets.set(minute, exact);
    }
    return exact;
  }

  toLocal(utcMs: number): number {
    return utcMs + this.offsetAt(utcMs);
  }

  toUtc(localMs: number): number {
    const before = this.offsetAt(localMs - DAY);
    const after = this.offsetAt(localMs + DAY);
    if (before === after) {
      const utc = localMs - before;
      if (this.offsetAt(utc) === before) return utc;
    }
    const first = localMs - before;
    const second = localMs - after;
    const firstValid = this.offsetAt(first) === before;
    const secondValid = this.offsetAt(second) === after;
    if (firstValid && secondValid) return Math.min(first, second);
    if (secondValid && !firstValid) return second;
    // Valid with the earlier offset, or non-existent: read with the offset before the gap.
    return first;
  }
}

/** A zone defined only by a VTIMEZONE in the file (custom Outlook zones and the like), through ical.js. */
class VTimezoneZone implements Zone {
  private readonly toUtcCache = new Map<number, number>();
  private readonly toLocalCache = new Map<number, number>();
  constructor(
    readonly id: string,
    private readonly timezone: ICAL.Timezone,
  ) {}

  toUtc(localMs: number): number {
    let utc = this.toUtcCache.get(localMs);
    if (utc === undefined) {
      const d = new Date(localMs);
      const time = new ICAL.Time(
        {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
          hour: d.getUTCHours(),
          minute: d.getUTCMinutes(),
          second: d.getUTCSeconds(),
          isDate: false,
        },
        this.timezone,
      );
      utc = localMs - this.timezone.utcOffset(time) * 1000;
      if (!Number.isFinite(utc)) utc = localMs;
      if (this.toUtcCache.size > MAX_CACHE) this.toUtcCache.clear();
      this.toUtcCache.set(localMs, utc);
    }
    return utc;
  }

  toLocal(utcMs: number): number {
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

/** Builds a zone from a VTIMEZONE component in jCal form; undefined when ical.js cannot read it. */
export function vtimezoneZone(tzid: string, jcal: unknown[]): Zone | undefined {
  try {
    const timezone = new ICAL.Timezone(new ICAL.Component(jcal as [string, unknown[], unknown[]]));
    // Probe once so a broken definition fails here, not in the middle of an expansion.
    timezone.utcOffset(ICAL.Time.fromData({ year: 2024, month: 1, day: 1, hour: 12 }));
    return new VTimezoneZone(tzid, timezone);
  } catch {
    return undefined;
  }
}

/**
 * Resolves a TZID as found in the wild, in this order: an IANA name (also behind a /mozilla.org/…/ style
 * prefix), a Windows name (Outlook, Exchange), then a VTIMEZONE of the file. Undefined when none applies.
 * An IANA or Windows name wins over the file's VTIMEZONE: exports often carry only the current rules, the
 * runtime's database has the history.
 */
export function resolveTzid(tzid: string, vtimezone: (name: string) => Zone | undefined): Zone | undefined {
  const name = tzid.trim().replace(/^"(.*)"$/, '$1');
  if (!name) return undefined;
  const direct = ianaZone(name);
  if (direct) return direct;
  const windows = windowsZoneToIana(name);
  if (windows) {
    const zone = ianaZone(windows);
    if (zone) return zone;
  }
  if (name.includes('/')) {
    const parts = name.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) {
      const zone = ianaZone(parts.slice(i).join('/'));
      if (zone) return zone;
    }
  }
  return vtimezone(name) ?? (name === tzid ? undefined : vtimezone(tzid));
}
