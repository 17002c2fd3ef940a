import { type ConnectionProblem, formatDate } from '@meetwell/domain';
import { browserTimeZone } from '../../lib/timezone';
import type { CalendarItem } from '../plan/api';

/** The calendars switched on that cannot be read now. */
export function brokenCalendars(
  calendars: readonly CalendarItem[] | undefined,
): (CalendarItem & { connection_problem: ConnectionProblem })[] {
  return (calendars ?? []).filter(
    (c): c is CalendarItem & { connection_problem: ConnectionProblem } =>
      c.watching && c.connection_problem !== null,
  );
}

/** "Last read Nov 26 at 9:00 am" in the browser's zone, or that it never was. */
export function lastGoodReadText(calendar: Pick<CalendarItem, 'last_synced_at'>): string {
  const at = calendar.last_synced_at;
  if (!at) return 'Never read.';
  const zone = browserTimeZone();
  return `Last read ${formatDate(at, 'Short', zone)} at ${formatDate(at, 'Time', zone)}.`;
}
