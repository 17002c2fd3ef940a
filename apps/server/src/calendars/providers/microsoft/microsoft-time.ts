/**
 * Time-zone arithmetic for the Graph adapter, on Intl only. Graph writes times as a wall-clock
 * `{ dateTime: '2025-03-10T09:00:00.0000000', timeZone }` pair; we ask for UTC (Prefer: outlook.timezone="UTC")
 * but still read any zone, Windows names included.
 */
import { isValidTimeZone, utcToWall, wallToUtc } from '@meetwell/domain';
import { windowsZoneToIana } from '../../time-zones/windows-zones';

export { utcToWall, wallToUtc };

const DAY_MS = 86_400_000;

/**
 * The IANA zone for a name Graph may write: an IANA name, a Windows name ('Pacific Standard Time'),
 * or Outlook's 'tzone://Microsoft/Utc'. null for custom or unknown zones.
 */
export function resolveTimeZone(name: string | null | undefined): string | null {
  if (!name) return null;
  const trimmed = name.trim();
  if (/^tzone:\/\/Microsoft\/Utc$/i.test(trimmed)) return 'UTC';
  const fromWindows = windowsZoneToIana(trimmed);
  if (fromWindows) return fromWindows;
  return isValidTimeZone(trimmed) ? trimmed : null;
}

const GRAPH_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Wall-clock ms of Graph's 'YYYY-MM-DDTHH:mm:ss.fffffff' (an explicit offset, when present, is applied). */
function parseWall(dateTime: string): { wallMs: number; offsetMs: number | null } | null {
  const m = GRAPH_DATE_TIME.exec(dateTime.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const wallMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
  if (!Number.isFinite(wallMs)) return null;
  if (!zone) return { wallMs, offsetMs: null };
  if (zone === 'Z') return { wallMs, offsetMs: 0 };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return { wallMs, offsetMs: sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000 };
}

/** The instant of a Graph dateTimeTimeZone; zones Graph names but we cannot resolve fall back to `fallbackZone`. */
export function graphDateTimeToDate(
  value: { dateTime?: string | null; timeZone?: string | null } | null | undefined,
  fallbackZone: string,
): Date | null {
  if (!value?.dateTime) return null;
  const parsed = parseWall(value.dateTime);
  if (!parsed) return null;
  if (parsed.offsetMs !== null) return new Date(parsed.wallMs - parsed.offsetMs);
  const zone = resolveTimeZone(value.timeZone) ?? resolveTimeZone(fallbackZone) ?? 'UTC';
  return new Date(wallToUtc(zone, parsed.wallMs));
}

/** 'YYYY-MM-DD' of an epoch day. */
export function epochDayToIsoDate(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

/** Local calendar date ('YYYY-MM-DD') of an instant in a zone. */
export function localIsoDate(timeZone: string, date: Date): string {
  return epochDayToIsoDate(Math.floor(utcToWall(timeZone, date.getTime()) / DAY_MS));
}

/** 'YYYY-MM-DDTHH:mm:ss' wall time of an instant in a zone, as Graph's dateTime wants it. */
export function localIsoDateTime(timeZone: string, date: Date): string {
  return new Date(utcToWall(timeZone, date.getTime())).toISOString().slice(0, 19);
}

/** The instant local midnight starts on a 'YYYY-MM-DD' date in a zone. */
export function startOfLocalDate(timeZone: string, isoDate: string): Date {
  return new Date(wallToUtc(timeZone, Date.parse(`${isoDate}T00:00:00Z`)));
}

/**
 * The calendar date an all-day Graph boundary (start or end) stands for. Graph sends all-day events as
 * midnight to midnight in the zone asked for (UTC here), whatever zone they were created in, so the date part
 * of a midnight is the date. A boundary that is not a midnight (an event written with another zone) is read
 * as an instant, seen in the event's own zone (originalStartTimeZone), and rounded to the nearest midnight.
 */
export function allDayBoundaryDate(
  value: { dateTime?: string | null; timeZone?: string | null } | null | undefined,
  eventZone: string | null | undefined,
  fallbackZone: string,
): string | null {
  if (!value?.dateTime) return null;
  const parsed = parseWall(value.dateTime);
  if (!parsed) return null;
  if (parsed.offsetMs === null && parsed.wallMs % DAY_MS === 0) {
    return epochDayToIsoDate(parsed.wallMs / DAY_MS);
  }
  const instant = graphDateTimeToDate(value, fallbackZone);
  if (!instant) return null;
  const zone = resolveTimeZone(eventZone) ?? resolveTimeZone(fallbackZone) ?? 'UTC';
  return epochDayToIsoDate(Math.round(utcToWall(zone, instant.getTime()) / DAY_MS));
}
