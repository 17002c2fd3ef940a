/** Durations as text in days, hours and minutes (both specs: "deltas are shown in days, hours and minutes"). */

export interface DurationFormatOptions {
  /** 'long': '1 day 2 hours 5 minutes' (default); 'short': '1d 2h 5m'. */
  style?: 'long' | 'short';
  /** Show at most this many units, largest first (the rest is dropped, not rounded). Default 3. */
  maxUnits?: number;
}

function unit(n: number, long: string, short: string, style: 'long' | 'short'): string {
  return style === 'short' ? `${n}${short}` : `${n} ${long}${n === 1 ? '' : 's'}`;
}

/** Minutes (rounded to whole minutes) as days, hours and minutes: 90 → '1 hour 30 minutes', 0 → '0 minutes'. */
export function formatDuration(minutes: number, options: DurationFormatOptions = {}): string {
  const style = options.style ?? 'long';
  const maxUnits = Math.max(1, options.maxUnits ?? 3);
  if (!Number.isFinite(minutes)) return unit(0, 'minute', 'm', style);
  const total = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && total > 0 ? '-' : '';
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const parts: string[] = [];
  if (days) parts.push(unit(days, 'day', 'd', style));
  if (hours) parts.push(unit(hours, 'hour', 'h', style));
  if (mins) parts.push(unit(mins, 'minute', 'm', style));
  if (parts.length === 0) parts.push(unit(0, 'minute', 'm', style));
  return sign + parts.slice(0, maxUnits).join(' ');
}

/** formatDuration for seconds (meetings store their duration in seconds). */
export function formatDurationSeconds(seconds: number, options: DurationFormatOptions = {}): string {
  return formatDuration(seconds / 60, options);
}

/** '1 hour', '24 hours', '1 person'… */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
