/** Helpers the report files share (not part of the package's API). */
import { DAY_MS, epochDayToIsoDate } from '../lib/time';
import { isValidTimeZone, utcToWall } from '../lib/tz';
import { ratio } from './rows';

/** Seconds as hours, 2 decimals. */
export const hours2 = (seconds: number): number => ratio(seconds, 3600);

/** The local day ('YYYY-MM-DD') of an instant in the zone (UTC when the zone is not valid). */
export function localDay(ms: number, timeZone: string | null | undefined): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  return epochDayToIsoDate(Math.floor(utcToWall(zone, ms) / DAY_MS));
}

/** Sorts by count, descending, then by the key. */
export function byCount<T extends { count: number }>(key: (x: T) => string) {
  return (a: T, b: T) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}
