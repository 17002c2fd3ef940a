import type { SyncResult } from '../../../calendars/types';

/**
 * The most events one calendar keeps in its sync window. Six months of a very busy person's calendar are a
 * few thousand events; a file that expands to more is a timetable or an accident (or an attack: a few lines
 * of RRULE:FREQ=MINUTELY), and storing and scoring it would load the database for everyone.
 */
export const MAX_EVENTS_PER_CALENDAR = 50_000;

/**
 * A complete read of more than MAX_EVENTS_PER_CALENDAR events keeps the earliest ones, and says so in the
 * calendar's import report. Incremental reads carry changes only and are left as they are.
 */
export function capCalendarEvents(result: SyncResult, max = MAX_EVENTS_PER_CALENDAR): SyncResult {
  if (!result.full || result.events.length <= max) return result;
  const kept = earliest(result, max);
  const lastKept = kept[kept.length - 1]!.startsAt.toISOString().slice(0, 10);
  return {
    ...result,
    events: kept,
    // Series cut short are complete no more: their missing occurrences must not be taken for deletions.
    completeSeries: undefined,
    problems: [
      ...(result.problems ?? []),
      {
        message: `This calendar has ${result.events.length.toLocaleString('en-US')} events in the synced window, more than the ${max.toLocaleString('en-US')} a calendar may hold: only those until ${lastKept} are kept.`,
      },
    ],
  };
}

function earliest(result: SyncResult, count: number) {
  return [...result.events].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).slice(0, count);
}

/**
 * The same for all of a person's calendars together (MAX_EVENTS_PER_PERSON, configurable): a complete read
 * keeps, of its earliest events, only what the person's other watched calendars leave of the cap in the
 * window, and says so in this calendar's import report. Incremental reads are left as they are.
 */
export function capPersonEvents(result: SyncResult, othersInWindow: number, max: number): SyncResult {
  const room = Math.max(0, max - othersInWindow);
  if (!result.full || result.events.length <= room) return result;
  const kept = earliest(result, room);
  const others = othersInWindow.toLocaleString('en-US');
  const cap = max.toLocaleString('en-US');
  const what = kept.length
    ? `only this calendar's events until ${kept[kept.length - 1]!.startsAt.toISOString().slice(0, 10)} are kept`
    : 'none of this calendar’s events are kept';
  return {
    ...result,
    events: kept,
    completeSeries: undefined,
    problems: [
      ...(result.problems ?? []),
      {
        message: `Your other calendars hold ${others} events in the synced window, and a person may have at most ${cap} in all: ${what}.`,
      },
    ],
  };
}
