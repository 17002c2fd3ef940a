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
