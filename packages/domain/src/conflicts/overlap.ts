/** Overlap of time ranges. One rule everywhere: ranges conflict when they share more than one minute. */
import { ALL_DAY_HOURS, CONFLICT_TOLERANCE_MINUTES } from '../constants/product';
import { HOUR_MS, MINUTE_MS, type TimeInput, toMs } from '../lib/time';

/** A time range [start, end). */
export interface Interval {
  start: TimeInput;
  end: TimeInput;
}

/** Milliseconds shared by [aStart, aEnd) and [bStart, bEnd) (epoch ms); 0 when apart or unreadable. */
export function overlapMs(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const shared = (aEnd < bEnd ? aEnd : bEnd) - (aStart > bStart ? aStart : bStart);
  return shared > 0 ? shared : 0;
}

/** Minutes shared by two ranges (may be fractional); 0 when they do not overlap. Symmetric. */
export function overlapsMinutes(a: Interval, b: Interval): number {
  return overlapMs(toMs(a.start), toMs(a.end), toMs(b.start), toMs(b.end)) / MINUTE_MS;
}

/**
 * True when two ranges share more than `toleranceMinutes` (default 1: docs/spec/SCORING.md's "overlap over 1 minute",
 * also the Wellness block form's one-minute inward tolerance). Symmetric; touching ranges never overlap.
 */
export function overlaps(
  a: Interval,
  b: Interval,
  toleranceMinutes: number = CONFLICT_TOLERANCE_MINUTES,
): boolean {
  return overlapMs(toMs(a.start), toMs(a.end), toMs(b.start), toMs(b.end)) > toleranceMinutes * MINUTE_MS;
}

/** The same rule on epoch milliseconds, for hot loops. */
export function overlapsMs(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return overlapMs(aStart, aEnd, bStart, bEnd) > CONFLICT_TOLERANCE_MINUTES * MINUTE_MS;
}

/** All day: marked all day, or lasting 6 hours or more. */
export function isAllDay(event: {
  allDay?: boolean | null;
  startsAt: TimeInput;
  endsAt: TimeInput;
}): boolean {
  if (event.allDay) return true;
  return toMs(event.endsAt) - toMs(event.startsAt) >= ALL_DAY_HOURS * HOUR_MS;
}

/** isAllDay on epoch milliseconds. */
export function isAllDayMs(allDay: boolean | null | undefined, start: number, end: number): boolean {
  return !!allDay || end - start >= ALL_DAY_HOURS * HOUR_MS;
}
