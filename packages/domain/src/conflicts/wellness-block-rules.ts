/**
 * Wellness block rules: what a block is (categories, weekdays, the stored shape and its occurrences) and its
 * weekly shape as the form edits it (weekdays and local minutes), including a recurring series converted into a
 * block. Expansion into occurrences is in wellness-block-expansion.ts, conflicts in wellness-block-conflicts.ts.
 */
import {
  DAY_MS,
  epochDayFromParts,
  MINUTE_MS,
  msToDate,
  type TimeInput,
  toMs,
  weekdayOfEpochDay,
} from '../lib/time';
import { isValidTimeZone, utcToWall, wallToUtc } from '../lib/tz';
import { parseRule, WEEKDAY_CODES } from './wellness-block-rrule';

export type WellnessBlockCategory = 'focus' | 'life';
export const WELLNESS_BLOCK_CATEGORIES: readonly WellnessBlockCategory[] = ['focus', 'life'];
export const WELLNESS_BLOCK_CATEGORY_LABELS: Readonly<Record<WellnessBlockCategory, string>> = {
  focus: 'Focus',
  life: 'Life',
};

/** Weekday names by number (0 = Sunday), as WEEKDAY_CODES. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const WEEKDAY_SHORT_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Monday to Sunday: the order of the day toggles and of BYDAY in the rrules this package writes. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** A Wellness block as stored (the shape of the wellness_blocks table). */
export interface WellnessBlockInput {
  id: string;
  label?: string | null;
  category?: WellnessBlockCategory | string | null;
  /** 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE' (the 'RRULE:' prefix is optional; EXDATE lines are honoured). */
  rrule?: string | null;
  /** Start and end of the first occurrence. */
  startsAt: TimeInput;
  endsAt: TimeInput;
  /** The zone the local times belong to; when missing or unknown, the window's (user's) zone. */
  timeZone?: string | null;
  /** false: a single occurrence at startsAt–endsAt. Default true. */
  recurring?: boolean | null;
}

/** One occurrence of a block, in epoch milliseconds. */
export interface BlockOccurrence {
  readonly blockId: string;
  readonly label: string;
  readonly category: WellnessBlockCategory;
  readonly start: number;
  readonly end: number;
}

// ---------------------------------------------------------------------------------------------------------
// Weekly shape of a block (for forms and validation)

/** A block's weekdays (0 = Sunday) and local minutes of day, as the form edits it. */
export interface WellnessBlockTimes {
  weekdays: number[];
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/** The weekdays, local start and end minute of a stored block, in its zone (or the given one). */
export function wellnessBlockTimes(block: WellnessBlockInput, timeZone?: string | null): WellnessBlockTimes {
  const zone = isValidTimeZone(block.timeZone)
    ? block.timeZone
    : isValidTimeZone(timeZone)
      ? timeZone
      : 'UTC';
  const start = toMs(block.startsAt);
  const end = toMs(block.endsAt);
  const startWall = utcToWall(zone, start);
  const endWall = utcToWall(zone, end);
  const firstDay = Math.floor(startWall / DAY_MS);
  const startMinute = Math.round((startWall - firstDay * DAY_MS) / MINUTE_MS);
  const endMinute = Math.round((endWall - firstDay * DAY_MS) / MINUTE_MS);
  const rule = parseRule(typeof block.rrule === 'string' ? block.rrule : '');
  const mask = rule.byday || (Number.isFinite(firstDay) ? 1 << weekdayOfEpochDay(firstDay) : 0);
  const weekdays = WEEKDAYS_MONDAY_FIRST.filter((d) => (mask & (1 << d)) !== 0);
  return { weekdays, startMinute, endMinute, timeZone: zone };
}

/** 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE' for weekdays (0 = Sunday), Monday first, duplicates removed. */
export function buildWeeklyRRule(weekdays: readonly number[]): string {
  const set = new Set(weekdays.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
  const codes = WEEKDAYS_MONDAY_FIRST.filter((d) => set.has(d)).map((d) => WEEKDAY_CODES[d]);
  return `RRULE:FREQ=WEEKLY;BYDAY=${codes.join(',')}`;
}

/**
 * The stored fields of a block made in the form: the rrule and the first occurrence on or after `fromDate`
 * ('YYYY-MM-DD', the user's today) on one of the weekdays, at the local times, in the zone.
 */
export function wellnessBlockSchedule(params: {
  weekdays: readonly number[];
  startMinute: number;
  endMinute: number;
  timeZone: string;
  fromDate: string;
}): { rrule: string; startsAt: Date; endsAt: Date; timeZone: string } | null {
  const zone = isValidTimeZone(params.timeZone) ? params.timeZone : 'UTC';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.fromDate);
  const days = new Set(params.weekdays);
  if (!m || days.size === 0 || !(params.startMinute < params.endMinute)) return null;
  let day = epochDayFromParts(Number(m[1]), Number(m[2]), Number(m[3]));
  for (let i = 0; i < 7 && !days.has(weekdayOfEpochDay(day)); i++) day++;
  const start = wallToUtc(zone, day * DAY_MS + params.startMinute * MINUTE_MS);
  const end = wallToUtc(zone, day * DAY_MS + params.endMinute * MINUTE_MS);
  return {
    rrule: buildWeeklyRRule([...days]),
    startsAt: msToDate(start),
    endsAt: msToDate(end),
    timeZone: zone,
  };
}

/** One stored occurrence of a recurring series. */
export interface SeriesOccurrence {
  id: string;
  startsAt: TimeInput;
  endsAt: TimeInput;
}

/** The weekly block a recurring series becomes, and the occurrences it covers. */
export interface SeriesBlockShape {
  /** Local weekdays (0 = Sunday), Monday first. */
  weekdays: number[];
  /** The occurrences at the chosen one's local times, earliest first; a moved occurrence is not among them. */
  coveredIds: string[];
  /** The earliest covered occurrence: the block's first occurrence. */
  startsAt: number;
  endsAt: number;
}

/**
 * A series converted into a Wellness block becomes one weekly block on every local weekday the series
 * meets at the chosen occurrence's local times (a Monday-to-Friday lunch gives MO–FR, not the weekday that
 * was clicked). Occurrences moved to other times are left as they are: the block does not cover them.
 */
export function seriesBlockShape(
  chosen: SeriesOccurrence,
  occurrences: readonly SeriesOccurrence[],
  timeZone: string,
): SeriesBlockShape {
  const timesOf = (o: SeriesOccurrence) =>
    wellnessBlockTimes({ id: o.id, rrule: '', startsAt: o.startsAt, endsAt: o.endsAt, timeZone }, timeZone);
  const target = timesOf(chosen);
  const byId = new Map<string, SeriesOccurrence>([[chosen.id, chosen]]);
  for (const o of occurrences) byId.set(o.id, o);
  const covered = [...byId.values()]
    .map((o) => ({ o, times: timesOf(o), start: toMs(o.startsAt), end: toMs(o.endsAt) }))
    .filter(({ times }) => times.startMinute === target.startMinute && times.endMinute === target.endMinute)
    .sort((a, b) => a.start - b.start || a.o.id.localeCompare(b.o.id));
  const days = new Set(covered.flatMap(({ times }) => times.weekdays));
  const first = covered[0]!;
  return {
    weekdays: WEEKDAYS_MONDAY_FIRST.filter((d) => days.has(d)),
    coveredIds: covered.map(({ o }) => o.id),
    startsAt: first.start,
    endsAt: first.end,
  };
}

/**
 * Whether a block converted from a series covers an occurrence of that series synced later: the occurrence
 * falls on one of the block's weekdays at the block's local times.
 */
export function blockCoversOccurrence(block: WellnessBlockInput, occurrence: SeriesOccurrence): boolean {
  const times = wellnessBlockTimes(block);
  const at = wellnessBlockTimes(
    {
      id: occurrence.id,
      rrule: '',
      startsAt: occurrence.startsAt,
      endsAt: occurrence.endsAt,
      timeZone: times.timeZone,
    },
    times.timeZone,
  );
  return (
    at.startMinute === times.startMinute &&
    at.endMinute === times.endMinute &&
    at.weekdays.every((d) => times.weekdays.includes(d))
  );
}
