// Between stored blocks and the drawer's form: the domain does the rules, this only maps shapes.
import {
  type ExistingWellnessBlock,
  formatDate,
  formatTimeRange,
  isWellnessBlockEditable,
  localDateString,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT_NAMES,
  type WellnessBlockCategory,
  type WellnessBlockDraft,
  type WellnessBlockInput,
  type WellnessBlockInputAttributes,
  type WellnessBlockTimes,
  wellnessBlockSchedule,
  wellnessBlockTimes,
} from '@meetwell/domain';
import { browserTimeZone } from '../../lib/timezone';
import type { WellnessBlock } from './api';

function toBlockInput(block: WellnessBlock): WellnessBlockInput {
  return {
    id: block.id,
    label: block.label,
    category: block.category,
    rrule: block.rrule,
    startsAt: block.starts_at,
    endsAt: block.ends_at,
    timeZone: block.time_zone ?? null,
    recurring: block.recurring ?? true,
  };
}

export function categoryOf(value: unknown): WellnessBlockCategory {
  return value === 'life' ? 'life' : 'focus';
}

/** Weekdays and local times of a stored block (in its own zone, else the user's). */
function blockTimes(block: WellnessBlock, userTimeZone: string): WellnessBlockTimes {
  return wellnessBlockTimes(toBlockInput(block), userTimeZone);
}

export function draftFromBlock(block: WellnessBlock, userTimeZone: string): WellnessBlockDraft {
  const times = blockTimes(block, userTimeZone);
  return {
    id: block.id,
    label: block.label ?? '',
    category: categoryOf(block.category),
    weekdays: times.weekdays,
    startMinute: times.startMinute,
    endMinute: times.endMinute,
    calendarId: block.calendar_id ?? null,
  };
}

/** The user's other blocks in the validator's shape (the overlap rule). */
export function existingBlocks(
  blocks: readonly WellnessBlock[],
  userTimeZone: string,
): ExistingWellnessBlock[] {
  return blocks.map((block) => {
    const times = blockTimes(block, userTimeZone);
    return {
      id: block.id,
      label: block.label,
      weekdays: times.weekdays,
      startMinute: times.startMinute,
      endMinute: times.endMinute,
    };
  });
}

/**
 * What POST / PATCH send for a valid draft: the weekly rrule and the first occurrence on or after
 * `fromDate` ('YYYY-MM-DD' in the zone). Null when the draft cannot be scheduled (validate first).
 */
export function blockPayload(
  draft: WellnessBlockDraft,
  where: { timeZone: string; fromDate: string },
): WellnessBlockInputAttributes | null {
  if (draft.startMinute === null || draft.endMinute === null) return null;
  const schedule = wellnessBlockSchedule({
    weekdays: draft.weekdays,
    startMinute: draft.startMinute,
    endMinute: draft.endMinute,
    timeZone: where.timeZone,
    fromDate: where.fromDate,
  });
  if (!schedule) return null;
  return {
    label: draft.label.trim(),
    category: draft.category,
    calendar_id: draft.calendarId ?? null,
    rrule: schedule.rrule,
    starts_at: schedule.startsAt.toISOString(),
    ends_at: schedule.endsAt.toISOString(),
  };
}

/** Today ('YYYY-MM-DD') in a zone: where a new block's series starts. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDateString(now, timeZone);
}

/** An edited block keeps its series start (its first occurrence's local date). */
export function seriesStartDate(block: WellnessBlock, timeZone: string): string {
  return localDateString(block.starts_at, block.time_zone || timeZone);
}

function dayList(weekdays: readonly number[]): string {
  if (weekdays.length === 7) return 'day';
  const names = weekdays.length <= 2 ? WEEKDAY_NAMES : WEEKDAY_SHORT_NAMES;
  return weekdays.map((day) => names[day]).join(', ');
}

/** 'Every Monday, Wednesday · 1:00 pm – 2:00 pm', or 'Once on March 3rd 2026 · …' for a single block. */
export function recurrenceText(block: WellnessBlock, userTimeZone: string): string {
  const times = blockTimes(block, userTimeZone);
  const range = `${formatTimeRange(times.startMinute, times.endMinute)}${zoneNote(times.timeZone)}`;
  if (block.recurring === false)
    return `Once on ${formatDate(block.starts_at, 'Default', times.timeZone)} · ${range}`;
  return `Every ${dayList(times.weekdays)} · ${range}`;
}

/**
 * ' (Asia/Tokyo)' after a block's times when they are in another zone than this browser's, which the Plan grid
 * draws them in; nothing otherwise.
 */
export function zoneNote(timeZone: string): string {
  return timeZone === browserTimeZone() ? '' : ` (${timeZone})`;
}

/** Editable in the drawer: not read-only, not delete-only, not a single block in the past. */
export function isEditable(block: WellnessBlock, now: Date = new Date()): boolean {
  return isWellnessBlockEditable(
    {
      recurring: block.recurring ?? true,
      deleteOnly: block.delete_only ?? false,
      readOnly: block.read_only ?? false,
      endsAt: block.ends_at,
    },
    now,
  );
}

/** Read-only in the list: no Edit link (delete-only blocks keep theirs: they can be deleted or made weekly). */
export function isLocked(block: WellnessBlock, now: Date = new Date()): boolean {
  return Boolean(block.read_only) || (!block.delete_only && !isEditable(block, now));
}
