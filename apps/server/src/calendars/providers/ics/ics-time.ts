import ICAL from 'ical.js';
import { displayNameOffsetMs } from '../../time-zones/windows-zones';
import {
  addProblem,
  type IcsComponent,
  type IcsProblem,
  type IcsProperty,
  param,
  text,
  toJcal,
} from './read-ics-components';
import {
  ianaZone,
  offsetZone,
  resolveTzid,
  standardOffsetMs,
  UTC_ZONE,
  vtimezoneZone,
  type Zone,
} from './time-zones';

export const DAY_MS = 86_400_000;

/** A DATE or DATE-TIME value: its wall-clock time (as if UTC) and how to read it. */
export type IcsTime = {
  local: number;
  kind: 'date' | 'utc' | 'zoned' | 'floating';
  tzid?: string | undefined;
};

/** Reads one jCal date or date-time value ('2024-03-04', '2024-03-04T09:00:00', '…Z'); undefined if invalid. */
export function readTimeValue(value: unknown, tzid: string | undefined): IcsTime | undefined {
  if (typeof value !== 'string') return undefined;
  const length = value.length;
  if (length !== 10 && length !== 19 && length !== 20) return slowReadTimeValue(value, tzid);
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return undefined; // '-'
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  if (length === 10) return { local: utcDate(year, month, day, 0, 0, 0), kind: 'date' };
  if (value.charCodeAt(10) !== 84 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58)
    return undefined; // 'T', ':'
  const hour = digits(value, 11, 2);
  const minute = digits(value, 14, 2);
  const second = digits(value, 17, 2);
  if (hour < 0 || hour > 24 || minute < 0 || minute > 59 || second < 0 || second > 60) return undefined;
  const local = utcDate(year, month, day, hour, minute, Math.min(second, 59));
  if (length === 20) return value.charCodeAt(19) === 90 ? { local, kind: 'utc' } : undefined; // 'Z'
  if (tzid?.trim()) return { local, kind: 'zoned', tzid };
  return { local, kind: 'floating' };
}

/** Non-negative integer of `count` ASCII digits at `start`, or -1. */
function digits(value: string, start: number, count: number): number {
  let n = 0;
  for (let i = start; i < start + count; i++) {
    const c = value.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d+(Z)?$/;

/** Fractional seconds, which some producers write. */
function slowReadTimeValue(value: string, tzid: string | undefined): IcsTime | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  return readTimeValue(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}`, tzid);
}

function utcDate(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  if (year >= 100) return Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  d.setUTCFullYear(year);
  return d.getTime();
}

/** The first value of a DATE/DATE-TIME property. */
export function readTime(p: IcsProperty | undefined): IcsTime | undefined {
  if (!p) return undefined;
  return readTimeValue(p.values[0], param(p, 'tzid'));
}

export function isoDate(localMs: number): string {
  return new Date(localMs).toISOString().slice(0, 10);
}

/**
 * Resolves the zones of one file: TZIDs (cached, each unknown one reported once), floating times (X-WR-TIMEZONE,
 * else the default zone) and all-day dates (the default zone: a date is a day in the owner's calendar).
 */
export class ZoneResolver {
  private readonly byTzid = new Map<string, Zone>();
  private readonly vtimezoneZones = new Map<string, Zone | { reason: string }>();
  /** Why the file's own definition of the TZID being looked up could not be read, if it could not. */
  private unreadable: { reason: string; component: IcsComponent } | undefined;
  readonly floating: Zone;
  readonly allDay: Zone;

  constructor(
    private readonly vtimezones: ReadonlyMap<string, IcsComponent>,
    calendarTimeZone: string | undefined,
    defaultTimeZone: string,
    private readonly problems: IcsProblem[],
    /** An instant of the window read: the year whose standard time a display name's offset is compared with. */
    private readonly referenceMs: number,
  ) {
    const fallback = ianaZone(defaultTimeZone);
    if (!fallback)
      addProblem(problems, { message: `Unknown default time zone "${defaultTimeZone}"; using UTC` });
    this.allDay = fallback ?? UTC_ZONE;
    let calendarZone: Zone | undefined;
    if (calendarTimeZone) {
      calendarZone = this.lookup(calendarTimeZone);
      if (!calendarZone)
        addProblem(problems, {
          message: `Unknown X-WR-TIMEZONE "${calendarTimeZone}"; using ${this.allDay.id}`,
        });
    }
    this.floating = calendarZone ?? this.allDay;
  }

  /**
   * An Outlook display name of a place not known ('(GMT+01.00) Someplace'): its offset is the zone's standard
   * time. The floating zone when it keeps that standard time (its summer time is then likely right too), else
   * that offset all year. Undefined for a name without the prefix.
   */
  private byDisplayOffset(tzid: string): Zone | undefined {
    const offset = displayNameOffsetMs(tzid.trim().replace(/^"(.*)"$/, '$1'));
    if (offset === undefined) return undefined;
    return standardOffsetMs(this.floating, this.referenceMs) === offset ? this.floating : offsetZone(offset);
  }

  private lookup(tzid: string): Zone | undefined {
    return resolveTzid(tzid, (name) => this.vtimezoneZone(name));
  }

  private vtimezoneZone(name: string): Zone | undefined {
    const component = this.vtimezones.get(name);
    if (!component) return undefined;
    let read = this.vtimezoneZones.get(name);
    if (!read) {
      const result = vtimezoneZone(name, toJcal(component));
      read = 'zone' in result ? result.zone : result;
      this.vtimezoneZones.set(name, read);
    }
    if ('reason' in read) {
      this.unreadable = { reason: read.reason, component };
      return undefined;
    }
    return read;
  }

  /**
   * The zone of a TZID. Unknown ones fall back to the floating zone (X-WR-TIMEZONE, then the default); a
   * VTIMEZONE of the file that cannot be read falls back to the IANA zone its X-LIC-LOCATION names, if any,
   * else the same way. Either is reported once, never a silent UTC.
   */
  tzid(tzid: string, context: { line?: number | undefined; uid?: string | undefined }): Zone {
    let zone = this.byTzid.get(tzid);
    if (!zone) {
      this.unreadable = undefined;
      zone = this.lookup(tzid);
      if (!zone) {
        const unreadable = this.unreadable as { reason: string; component: IcsComponent } | undefined;
        const location = unreadable ? text(unreadable.component, 'x-lic-location').trim() : '';
        const named = location ? ianaZone(location) : undefined;
        const byOffset = unreadable ? undefined : this.byDisplayOffset(tzid);
        zone = named ?? byOffset ?? this.floating;
        addProblem(this.problems, {
          ...context,
          message: unreadable
            ? `The file's time zone "${tzid}" cannot be read (${unreadable.reason}); times in it are read in ${named ? `${location}, named by its X-LIC-LOCATION` : this.floating.id}`
            : byOffset && byOffset !== this.floating
              ? `Unknown time zone "${tzid}"; times in it are read at ${byOffset.id}, the offset its name gives`
              : `Unknown time zone "${tzid}"; times in it are read in ${this.floating.id}`,
        });
      }
      this.byTzid.set(tzid, zone);
    }
    return zone;
  }

  /**
   * The day an all-day series' UNTIL names when it is a UTC date-time (RFC 5545 wants a date). Exchange writes
   * the start of the last day in the organizer's zone, which the file defines (UNTIL=20260817T220000Z is
   * 18 August in Berlin): when UNTIL is midnight in one of the file's zones (or its X-WR-TIMEZONE), that is the
   * day, wherever the owner lives. Otherwise its day in the owner's zone, as an all-day date is.
   */
  allDayUntil(utcMs: number): number {
    for (const name of this.vtimezones.keys()) {
      const zone = this.lookup(name);
      const local = zone?.toLocal(utcMs);
      if (local !== undefined && isMidnight(local)) return local;
    }
    const floating = this.floating.toLocal(utcMs);
    return isMidnight(floating) ? floating : this.allDay.toLocal(utcMs);
  }

  /** The zone a time is written in. */
  zoneOf(time: IcsTime, context: { line?: number | undefined; uid?: string | undefined } = {}): Zone {
    switch (time.kind) {
      case 'utc':
        return UTC_ZONE;
      case 'date':
        return this.allDay;
      case 'floating':
        return this.floating;
      case 'zoned':
        return this.tzid(time.tzid!, context);
    }
  }

  toUtc(time: IcsTime, context: { line?: number | undefined; uid?: string | undefined } = {}): number {
    return this.zoneOf(time, context).toUtc(time.local);
  }
}

const isMidnight = (localMs: number) => ((localMs % DAY_MS) + DAY_MS) % DAY_MS === 0;

/** A DURATION as a nominal part (weeks and days, in wall-clock time) and an exact part (h/m/s), in ms. */
export type IcsDuration = { nominalMs: number; exactMs: number };

export function readDuration(value: unknown): IcsDuration | undefined {
  if (typeof value !== 'string' || !/^[+-]?P/i.test(value.trim())) return undefined;
  try {
    const d = ICAL.Duration.fromString(value.trim().toUpperCase());
    const sign = d.isNegative ? -1 : 1;
    const nominalMs = sign * (d.weeks * 7 + d.days) * DAY_MS;
    const exactMs = sign * (d.hours * 3600 + d.minutes * 60 + d.seconds) * 1000;
    if (!Number.isFinite(nominalMs) || !Number.isFinite(exactMs)) return undefined;
    return { nominalMs, exactMs };
  } catch {
    return undefined;
  }
}
