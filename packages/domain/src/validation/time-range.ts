/**
 * Times of day and the time range picker (docs/spec/personal-app.md §5): 15-minute steps, default 7:00 am – 9:00 am;
 * choosing a from-time moves the to-time 4 steps (1 hour) later unless the to-time was set by the user;
 * a range is invalid when its start is not before its end. Times are minutes after midnight (0–1440).
 */

export const TIME_RANGE_STEP_MINUTES = 15;
/** How many steps the to-time follows a newly chosen from-time. */
export const TIME_RANGE_FOLLOW_STEPS = 4;
export const DEFAULT_TIME_RANGE = Object.freeze({ from: 7 * 60, to: 9 * 60 });
export const MINUTES_PER_DAY = 1440;

/** '1:00 pm' for 780; '12:00 am' for 0 and 1440; '12:00 pm' for 720. */
export function formatTimeOfDay(minutes: number): string {
  if (!Number.isFinite(minutes)) return '';
  const m = ((Math.round(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours24 = Math.floor(m / 60);
  const mins = m % 60;
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${mins < 10 ? '0' : ''}${mins} ${hours24 < 12 ? 'am' : 'pm'}`;
}

/** Minutes after midnight of '1:00 pm', '1pm', '13:00', '1:00 PM', '24:00'; null when unreadable. */
export function parseTimeOfDay(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 && value <= MINUTES_PER_DAY ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?\s*$/i.exec(value);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? 0);
  const meridiem = m[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (m[2] === undefined || hours > 24 || (hours === 24 && minutes > 0)) {
    return null;
  }
  return hours * 60 + minutes;
}

export interface TimeOption {
  value: number;
  label: string;
}

/** Every 15 minutes of the day, 12:00 am to 11:45 pm. */
export function timeOfDayOptions(step: number = TIME_RANGE_STEP_MINUTES): TimeOption[] {
  const out: TimeOption[] = [];
  const s = Number.isFinite(step) && step > 0 ? step : TIME_RANGE_STEP_MINUTES;
  for (let m = 0; m < MINUTES_PER_DAY; m += s) out.push({ value: m, label: formatTimeOfDay(m) });
  return out;
}

/** A time range being edited; toTouched is true once the user picked the to-time. */
export interface TimeRangeState {
  from: number | null;
  to: number | null;
  toTouched: boolean;
}

export function initialTimeRange(
  from: number = DEFAULT_TIME_RANGE.from,
  to: number = DEFAULT_TIME_RANGE.to,
): TimeRangeState {
  return { from, to, toTouched: false };
}

/** Choose a from-time: the to-time follows 4 steps later (capped at midnight) unless the user set it. */
export function chooseFromTime(state: TimeRangeState, from: number): TimeRangeState {
  if (state.toTouched && state.to !== null) return { ...state, from };
  return {
    ...state,
    from,
    to: Math.min(from + TIME_RANGE_FOLLOW_STEPS * TIME_RANGE_STEP_MINUTES, MINUTES_PER_DAY),
  };
}

/** Choose a to-time (it no longer follows the from-time). */
export function chooseToTime(state: TimeRangeState, to: number): TimeRangeState {
  return { ...state, to, toTouched: true };
}

/** Valid when both times are within the day and the start is before the end. */
export function isValidTimeRange(from: number | null | undefined, to: number | null | undefined): boolean {
  return (
    typeof from === 'number' &&
    typeof to === 'number' &&
    Number.isFinite(from) &&
    Number.isFinite(to) &&
    from >= 0 &&
    to <= MINUTES_PER_DAY &&
    from < to
  );
}

/** '1:00 pm – 2:00 pm' */
export function formatTimeRange(from: number, to: number): string {
  return `${formatTimeOfDay(from)} – ${formatTimeOfDay(to)}`;
}
