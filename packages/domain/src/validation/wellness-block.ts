/**
 * Wellness block form validation (docs/spec/personal-app.md §5), with the spec's messages word for word:
 * a label, at least one weekday, a valid time range, and no overlap with another block on a shared weekday.
 * Overlap uses the one-minute inward tolerance: ranges that share one minute or less do not overlap
 * (the same rule as meeting conflicts); the block being edited is ignored.
 */

import type { WellnessBlockCategory } from '../conflicts/wellness-blocks';
import { VALIDATION_MESSAGES } from '../constants/messages';
import { CONFLICT_TOLERANCE_MINUTES } from '../constants/product';
import { type TimeInput, toMs } from '../lib/time';
import { isValidTimeRange } from './time-range';

/** The form's block: weekdays 0 = Sunday … 6 = Saturday; times in minutes after midnight. */
export interface WellnessBlockDraft {
  id?: string | null;
  label: string;
  category: WellnessBlockCategory;
  weekdays: readonly number[];
  startMinute: number | null;
  endMinute: number | null;
  calendarId?: string | null;
}

/** Another block of the user, in the same shape (see wellnessBlockTimes for stored blocks). */
export interface ExistingWellnessBlock {
  id: string;
  label?: string | null;
  weekdays: readonly number[];
  startMinute: number;
  endMinute: number;
}

/** A new block: 1:00 pm – 2:00 pm, focus, the first calendar, no days. */
export function newWellnessBlockDraft(calendars: readonly { id: string }[] = []): WellnessBlockDraft {
  return {
    id: null,
    label: '',
    category: 'focus',
    weekdays: [],
    startMinute: 13 * 60,
    endMinute: 14 * 60,
    calendarId: calendars[0]?.id ?? null,
  };
}

export type WellnessBlockError = 'label' | 'days' | 'time' | 'overlap';

export const WELLNESS_BLOCK_ERROR_MESSAGES: Readonly<Record<WellnessBlockError, string>> = {
  label: VALIDATION_MESSAGES.wellnessBlockLabel,
  days: VALIDATION_MESSAGES.wellnessBlockDays,
  time: VALIDATION_MESSAGES.wellnessBlockTime,
  overlap: VALIDATION_MESSAGES.wellnessBlockOverlap,
};

export interface WellnessBlockValidation {
  valid: boolean;
  /** The first error's message (label, days, time, overlap order), or null. */
  message: string | null;
  errors: WellnessBlockError[];
  /** Ids of the blocks it overlaps. */
  overlapsWith: string[];
}

/** Two weekly ranges overlap: a shared weekday and more than one minute in common. */
export function wellnessBlocksOverlap(
  a: Pick<ExistingWellnessBlock, 'weekdays' | 'startMinute' | 'endMinute'>,
  b: Pick<ExistingWellnessBlock, 'weekdays' | 'startMinute' | 'endMinute'>,
): boolean {
  if (!a.weekdays.some((d) => b.weekdays.includes(d))) return false;
  const shared = Math.min(a.endMinute, b.endMinute) - Math.max(a.startMinute, b.startMinute);
  return shared > CONFLICT_TOLERANCE_MINUTES;
}

/**
 * Validate a block before saving. `existing` is every block of the user; the one with the draft's id (or
 * options.editingId) is ignored, so a block never overlaps itself.
 */
export function validateWellnessBlock(
  draft: WellnessBlockDraft,
  existing: readonly ExistingWellnessBlock[] = [],
  options: { editingId?: string | null } = {},
): WellnessBlockValidation {
  const errors: WellnessBlockError[] = [];
  const overlapsWith: string[] = [];
  if (typeof draft.label !== 'string' || draft.label.trim().length === 0) errors.push('label');
  const days = (draft.weekdays ?? []).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6);
  if (days.length === 0) errors.push('days');
  const timeOk = isValidTimeRange(draft.startMinute, draft.endMinute);
  if (!timeOk) errors.push('time');
  if (timeOk && days.length > 0) {
    const editingId = options.editingId ?? draft.id ?? null;
    const candidate = {
      weekdays: days,
      startMinute: draft.startMinute as number,
      endMinute: draft.endMinute as number,
    };
    for (const other of existing) {
      if (!other || (editingId && other.id === editingId)) continue;
      if (wellnessBlocksOverlap(candidate, other)) overlapsWith.push(other.id);
    }
    if (overlapsWith.length > 0) errors.push('overlap');
  }
  const first = errors[0];
  return {
    valid: errors.length === 0,
    message: first ? WELLNESS_BLOCK_ERROR_MESSAGES[first] : null,
    errors,
    overlapsWith,
  };
}

/** A block is not editable when it is delete-only, or a non-recurring block in the past. */
export function isWellnessBlockEditable(
  block: {
    recurring?: boolean | null;
    deleteOnly?: boolean | null;
    readOnly?: boolean | null;
    endsAt: TimeInput;
  },
  now: TimeInput,
): boolean {
  if (block.deleteOnly || block.readOnly) return false;
  if (block.recurring === false) return toMs(block.endsAt) > toMs(now);
  return true;
}
