import type { CalendarEvent, SyncResult, SyncWindow } from '../../../calendars/types';

/**
 * The longest a stored event lasts: a year and a day. Feeds write an end in year 9999, or a DURATION of
 * 99,999 weeks, for "no end"; kept as they are, such an end overflows the meeting's duration, its cost and the
 * dates PostgreSQL reads, and the whole import fails on the one event. No meeting lasts a year; a year still
 * holds any real leave, term or project block whole.
 */
export const MAX_EVENT_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * Cuts events that last longer than MAX_EVENT_MS (or whose end is no date at all, past what a date can hold)
 * to their first year, and says so once in the calendar's import report. An event cut that way which then
 * ends before the synced window (it began long before it: 0001 to 9999) is left out.
 */
export function eventLengthBound(window: SyncWindow) {
  const cut = new Set<CalendarEvent>();
  /**
   * Cuts these events, in place: the sync describes each event ahead of storing it, by the event itself, as
   * the provider hands it over, so the same object must carry the cut end from then on.
   */
  const cutEvents = (events: readonly CalendarEvent[]) => {
    for (const event of events) {
      const start = event.startsAt.getTime();
      const end = event.endsAt.getTime();
      if (Number.isNaN(start) || (end - start <= MAX_EVENT_MS && !Number.isNaN(end))) continue;
      event.endsAt = new Date(start + MAX_EVENT_MS);
      cut.add(event);
    }
  };
  return {
    cut: cutEvents,
    /** The result, its events cut, without those now before the window, with one report line for them all. */
    apply(result: SyncResult): SyncResult {
      cutEvents(result.events);
      // Only this result's events: a read tried again (an expired cursor) handed over others before.
      const cutHere = result.events.filter((e) => cut.has(e));
      if (cutHere.length === 0) return result;
      const inWindow = (e: CalendarEvent) => !cut.has(e) || e.endsAt.getTime() > window.from.getTime();
      const events = result.events.filter(inWindow);
      return {
        ...result,
        events,
        problems: [
          ...(result.problems ?? []),
          { message: reportLine(cutHere, result.events.length - events.length) },
        ],
      };
    },
  };
}

function reportLine(cut: CalendarEvent[], leftOut: number): string {
  const titles = [...new Set(cut.map((e) => `“${e.summary.trim() || 'Untitled'}”`))];
  const named =
    titles.length > 3 ? `${titles.slice(0, 3).join(', ')} and ${titles.length - 3} more` : titles.join(', ');
  if (cut.length === 1) {
    const gone = leftOut ? ', which ends before the synced window, so it is left out' : '';
    return `${named} lasts more than a year: it was kept as lasting its first year${gone}.`;
  }
  const gone = leftOut
    ? `; ${leftOut === cut.length ? 'all' : leftOut} of them then end before the synced window and are left out`
    : '';
  return `${cut.length} events last more than a year (${named}): each was kept as lasting its first year${gone}.`;
}
