/**
 * When a day's report event is written and where it sits: the work day is taken to end at 18:00 in the
 * person's zone. The hourly sweep finds the people whose local time is 18:xx (one run per local hour,
 * whatever the zone's offset), and the event covers 18:00–18:15 of that day, shown free. Scores come from
 * the calendar, not from the meetings having happened, so the evening's meetings are already in the average.
 */
import {
  epochDayToIsoDate,
  isoDateToEpochDay,
  localEpochDay,
  localMinuteOfDay,
  localToUtc,
} from '@meetwell/domain';
import { mailZone } from '../weekly-report/schedule';

/** The local hour the work day ends at. */
const WORK_DAY_END_HOUR = 18;
/** How long the report event lasts on the calendar. */
const REPORT_EVENT_MINUTES = 15;

/** The zone a person's days are cut in: theirs, or UTC for one the runtime does not know (as reports do). */
export const reportZone = mailZone;

/** The local date (YYYY-MM-DD) whose work day ends in the hour that holds `at`; null outside that hour. */
export function reportDayAt(at: Date, timeZone: string): string | null {
  const zone = reportZone(timeZone);
  const ms = at.getTime();
  if (Math.floor(localMinuteOfDay(zone, ms) / 60) !== WORK_DAY_END_HOUR) return null;
  return epochDayToIsoDate(localEpochDay(zone, ms));
}

/** The zones (as stored) where the work day ends in the hour that holds `at`. */
export function zonesAtDayEnd(zones: readonly string[], at: Date): string[] {
  return zones.filter((zone) => reportDayAt(at, zone) !== null);
}

/** The report event's span on a local date: the end of the work day, for REPORT_EVENT_MINUTES. */
export function reportEventSpan(date: string, timeZone: string): { startsAt: Date; endsAt: Date } {
  const zone = reportZone(timeZone);
  const day = isoDateToEpochDay(date);
  if (!Number.isFinite(day)) throw new Error(`"${date}" is not a date`);
  const startsAt = new Date(localToUtc(zone, day, WORK_DAY_END_HOUR * 60));
  return { startsAt, endsAt: new Date(startsAt.getTime() + REPORT_EVENT_MINUTES * 60_000) };
}

/** The local date of an instant in the person's zone. */
export const localDay = (at: Date, timeZone: string) =>
  epochDayToIsoDate(localEpochDay(reportZone(timeZone), at.getTime()));
