import { type IcsRead, noteDateValue } from './ics-read';
import { DAY_MS, type IcsDuration, type IcsTime, isoDate, readDuration, readTime } from './ics-time';
import { addProblem, type IcsComponent, prop, text, UNREADABLE } from './read-ics-components';
import type { Zone } from './time-zones';

/** When a VEVENT happens: its start, the zone its wall-clock times are in, and how long it lasts. */
export type Timing = {
  start: IcsTime;
  zone: Zone;
  allDay: boolean;
  duration: IcsDuration;
  /** DTEND was written but cannot be read (an override then keeps its series' duration). */
  endUnreadable: boolean;
};

/**
 * An occurrence's original start: the id part (ISO instant; ISO date for an all-day series; wall clock for a
 * floating-time one, `floating`) and its instant.
 */
export type OccurrenceKey = { iso: string; utc: number; floating?: true };

const NO_DURATION: IcsDuration = { nominalMs: 0, exactMs: 0 };

/** DTSTART, and DTEND or DURATION, of a VEVENT; undefined (reported) without a readable start. */
export function readTiming(read: IcsRead, component: IcsComponent, uid: string): Timing | undefined {
  const dtstart = prop(component, 'dtstart');
  const start = readTime(dtstart);
  if (!start) {
    // A line ical.js could not parse at all is reported already.
    if (dtstart?.type !== UNREADABLE)
      addProblem(read.problems, {
        line: dtstart?.line ?? component.line,
        uid,
        message: dtstart ? 'Unreadable DTSTART' : 'VEVENT without DTSTART',
      });
    return undefined;
  }
  noteDateValue(read.notes, dtstart!, dtstart!.values[0], uid);
  const zone = read.resolver.zoneOf(start, { line: dtstart!.line, uid });
  if (start.kind !== 'date' && markedAllDay(component)) {
    const dates = allDayFromMidnights(read, component, uid, start, zone);
    if (dates) {
      read.notes.add('all-day-as-midnights', uid, dtstart!.line);
      return dates;
    }
  }
  const allDay = start.kind === 'date';
  const { duration, endUnreadable } = readEnd(read, component, uid, start, zone);
  return { start, zone, allDay, duration, endUnreadable };
}

const atMidnight = (wallMs: number) => ((wallMs % DAY_MS) + DAY_MS) % DAY_MS === 0;

/** Outlook's (and Windows Live's) mark of an all-day event, whatever its DTSTART says. */
function markedAllDay(component: IcsComponent): boolean {
  return ['x-microsoft-cdo-alldayevent', 'x-microsoft-msncalendar-alldayevent'].some(
    (name) => text(component, name).trim().toUpperCase() === 'TRUE',
  );
}

/**
 * An event marked all-day but written from a midnight to a later midnight (in its own zone, or in the
 * calendar's for UTC times), as some Outlook exports write holidays: the dates those midnights start. Undefined
 * when its times are not such midnights (then it is read as the times written).
 */
function allDayFromMidnights(
  read: IcsRead,
  component: IcsComponent,
  uid: string,
  start: IcsTime,
  zone: Zone,
): Timing | undefined {
  // The wall clock the midnights are read on: the event's own zone, or the calendar's for UTC times.
  const frame = start.kind === 'utc' ? read.resolver.allDay : zone;
  const startUtc = zone.toUtc(start.local);
  const startWall = frame.toLocal(startUtc);
  if (!atMidnight(startWall)) return undefined;
  const dtend = prop(component, 'dtend');
  const end = readTime(dtend);
  let endWall: number;
  if (end) {
    endWall = frame.toLocal(read.resolver.toUtc(end, { line: dtend!.line, uid }));
  } else {
    const duration = readDuration(prop(component, 'duration')?.values[0]);
    endWall = duration ? startWall + duration.nominalMs + duration.exactMs : startWall + DAY_MS;
  }
  const days = Math.round((endWall - startWall) / DAY_MS);
  if (!atMidnight(endWall) || days < 1) return undefined;
  return {
    start: { kind: 'date', local: startWall },
    zone: read.resolver.allDay,
    allDay: true,
    duration: { nominalMs: days * DAY_MS, exactMs: 0 },
    endUnreadable: false,
  };
}

/** How long a VEVENT lasts, from DTEND or DURATION (a day for an all-day event without either). */
function readEnd(
  read: IcsRead,
  component: IcsComponent,
  uid: string,
  start: IcsTime,
  zone: Zone,
): { duration: IcsDuration; endUnreadable: boolean } {
  const allDay = start.kind === 'date';
  let duration: IcsDuration = allDay ? { nominalMs: DAY_MS, exactMs: 0 } : NO_DURATION;
  let endUnreadable = false;
  const dtendProp = prop(component, 'dtend');
  const durationProp = prop(component, 'duration');
  const end = readTime(dtendProp);
  if (end) {
    noteDateValue(read.notes, dtendProp!, dtendProp!.values[0], uid);
    if (allDay && end.kind === 'date') {
      const days = end.local - start.local;
      if (days > 0) duration = { nominalMs: days, exactMs: 0 };
      // DTEND must be later than DTSTART; calendar apps show such an event on its day (Calendar Labs).
      else if (days === 0) read.notes.add('all-day-ends-on-start', uid, dtendProp!.line);
      else
        addProblem(read.problems, {
          line: dtendProp!.line,
          uid,
          message: 'All-day event ends before it starts; it was read as lasting its first day',
        });
    } else {
      const startUtc = zone.toUtc(start.local);
      duration = {
        nominalMs: 0,
        exactMs: read.resolver.toUtc(end, { line: dtendProp!.line, uid }) - startUtc,
      };
    }
  } else if (durationProp) {
    const parsed = readDuration(durationProp.values[0]);
    if (parsed) duration = parsed;
    else addProblem(read.problems, { line: durationProp.line, uid, message: 'Unreadable DURATION' });
  } else if (dtendProp) {
    endUnreadable = true;
    if (dtendProp.type !== UNREADABLE)
      addProblem(read.problems, { line: dtendProp.line, uid, message: 'Unreadable DTEND' });
  }
  if (duration.nominalMs + duration.exactMs < 0) {
    addProblem(read.problems, {
      line: (dtendProp ?? durationProp)?.line,
      uid,
      message: allDay
        ? 'All-day event ends before it starts; it was read as lasting its first day'
        : 'Event ends before it starts; its end was set to its start',
    });
    duration = allDay ? { nominalMs: DAY_MS, exactMs: 0 } : { nominalMs: 0, exactMs: 0 };
  } else if (allDay && duration.nominalMs + duration.exactMs === 0) {
    // DURATION:P0D on a date: shown on its day, as an all-day DTEND on its DTSTART is.
    duration = { nominalMs: DAY_MS, exactMs: 0 };
  }
  return { duration, endUnreadable };
}

/** The timing of an override whose series is not in the file: its RECURRENCE-ID, lasting nothing (or a day). */
export function timingAt(read: IcsRead, start: IcsTime, uid: string): Timing {
  return {
    start,
    zone: read.resolver.zoneOf(start, { uid }),
    allDay: start.kind === 'date',
    duration: start.kind === 'date' ? { nominalMs: DAY_MS, exactMs: 0 } : { nominalMs: 0, exactMs: 0 },
    endUnreadable: false,
  };
}

/** Instant of a wall-clock start in a timing's zone, with its end. */
export function occurrenceTimes(timing: Timing, startLocal: number, duration: IcsDuration = timing.duration) {
  const startUtc = timing.zone.toUtc(startLocal);
  let endUtc =
    (duration.nominalMs ? timing.zone.toUtc(startLocal + duration.nominalMs) : startUtc) + duration.exactMs;
  if (!(endUtc >= startUtc)) endUtc = startUtc;
  return { startUtc, endUtc };
}

export function inWindow(read: IcsRead, startUtc: number, endUtc: number): boolean {
  if (startUtc >= read.to) return false;
  return endUtc > read.from || (endUtc === startUtc && startUtc >= read.from);
}

/** A time of another property in the series' wall-clock terms. */
export function toSeriesLocal(read: IcsRead, master: Timing, time: IcsTime, uid: string): number {
  // An all-day series is a list of dates: a timed RECURRENCE-ID or EXDATE names the date it has in its own
  // zone (its TZID, or UTC for …Z), never the date it would have where the reader is.
  if (master.allDay) return Math.floor(time.local / DAY_MS) * DAY_MS;
  if (time.kind === 'date') return time.local + timeOfDay(master.start.local);
  if (time.kind === 'floating') return time.local;
  return master.zone.toLocal(read.resolver.toUtc(time, { uid }));
}

/** The key of an original start in a series' terms (or in its own, without a series). */
export function occurrenceKey(
  read: IcsRead,
  master: Timing | undefined,
  time: IcsTime,
  uid: string,
): OccurrenceKey {
  if (master) return seriesKey(master, toSeriesLocal(read, master, time, uid));
  if (time.kind === 'date') return { iso: isoDate(time.local), utc: read.resolver.allDay.toUtc(time.local) };
  const utc = read.resolver.toUtc(time, { uid });
  return time.kind === 'floating'
    ? { iso: isoWallClock(time.local), utc, floating: true }
    : { iso: new Date(utc).toISOString(), utc };
}

/**
 * The key of a series' occurrence starting at a wall-clock instant: its date for an all-day series, its wall
 * clock for a floating-time one, else its instant. A floating time is read in its reader's zone, so its
 * instant moves with them; its key must not, or what they added to an occurrence would go with the old one.
 */
export function seriesKey(timing: Timing, local: number): OccurrenceKey {
  const utc = timing.zone.toUtc(local);
  if (timing.allDay) return { iso: isoDate(local), utc };
  return isFloating(timing)
    ? { iso: isoWallClock(local), utc, floating: true }
    : { iso: new Date(utc).toISOString(), utc };
}

/** A timed event in floating time: read in its reader's zone (all-day events are dates, not times). */
export const isFloating = (timing: Timing) => !timing.allDay && timing.start.kind === 'floating';

/** A wall-clock time as an occurrence key: '2026-01-05T09:00:00', without a zone. */
export function isoWallClock(local: number): string {
  return new Date(local).toISOString().slice(0, 19);
}

function timeOfDay(localMs: number): number {
  return localMs - Math.floor(localMs / DAY_MS) * DAY_MS;
}
