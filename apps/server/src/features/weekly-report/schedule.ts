/**
 * When the weekly mails go out: at a local hour of a weekday in each person's own zone. The sweep runs every
 * hour (UTC), and an hour of local time holds exactly one such run whatever the zone's offset (+05:45 or
 * +12:45 too) and whether or not the week changes clocks, so each person is picked once a week.
 */
import {
  dateRangePresets,
  epochDayToIsoDate,
  isValidTimeZone,
  localEpochDay,
  localMinuteOfDay,
  localToUtc,
  weekdayOfEpochDay,
} from '@meetwell/domain';

/** A local hour of a weekday: weekday 1 = Monday … 7 = Sunday (ISO), hour 0–23. */
export type LocalSlot = { weekday: number; hour: number };

/** The weekly report: Monday morning, about the week that just ended. */
export const WEEKLY_REPORT_SLOT: LocalSlot = { weekday: 1, hour: 7 };
/** The weekly tip: Thursday morning. */
export const TIP_SLOT: LocalSlot = { weekday: 4, hour: 7 };

const MONDAY = 1;

/** The zone the mails are timed in: the person's, or UTC for a zone the runtime does not know (like reports). */
export const mailZone = (timeZone: string) => (isValidTimeZone(timeZone) ? timeZone : 'UTC');

export type SlotHit = {
  /** The Monday (YYYY-MM-DD, local) of the week the instant falls in. */
  weekStart: string;
  /** The local day of the instant (YYYY-MM-DD). */
  today: string;
  /** The instant the slot's hour began (local hour:00). */
  slotStart: Date;
};

/** Where `at` falls in the person's local week when it lies in the slot's local hour; otherwise null. */
export function slotAt(at: Date, timeZone: string, slot: LocalSlot): SlotHit | null {
  const zone = mailZone(timeZone);
  const ms = at.getTime();
  const day = localEpochDay(zone, ms);
  const isoWeekday = weekdayOfEpochDay(day) || 7;
  if (isoWeekday !== slot.weekday || Math.floor(localMinuteOfDay(zone, ms) / 60) !== slot.hour) return null;
  return {
    weekStart: epochDayToIsoDate(day - (isoWeekday - MONDAY)),
    today: epochDayToIsoDate(day),
    slotStart: new Date(localToUtc(zone, day, slot.hour * 60)),
  };
}

/** The zones (as stored, unknown ones counted as UTC) whose local time at `at` lies in the slot. */
export function zonesInSlot(zones: readonly string[], at: Date, slot: LocalSlot): string[] {
  return zones.filter((zone) => slotAt(at, zone, slot) !== null);
}

/** The Monday–Sunday week before the local day `today` (YYYY-MM-DD): Review's "Last week" with Monday first. */
export function previousWeek(today: string): { start: string; end: string } {
  const lastWeek = dateRangePresets(today, { weekStartsOn: MONDAY }).find((p) => p.label === 'Last week');
  if (!lastWeek) throw new Error(`"${today}" is not a date`);
  return { start: lastWeek.start, end: lastWeek.end };
}
