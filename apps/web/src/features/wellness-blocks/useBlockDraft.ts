import {
  initialTimeRange,
  newWellnessBlockDraft,
  type TimeRangeState,
  validateWellnessBlock,
  type WellnessBlockCategory,
  type WellnessBlockDraft,
} from '@meetwell/domain';
import { useState } from 'react';
import type { CalendarChoice, WellnessBlock } from './api';
import { draftFromBlock, existingBlocks } from './block-form';

/**
 * The fields of the drawer's form, started from the block (or a new block's defaults and the preset name),
 * and `validate`: the draft checked against the user's other blocks, with the message to show (null when
 * valid).
 */
export function useBlockDraft({
  block,
  blocks,
  calendars,
  timeZone,
  initialLabel,
}: {
  block: WellnessBlock | null;
  blocks: readonly WellnessBlock[];
  calendars: readonly CalendarChoice[];
  timeZone: string;
  initialLabel?: string | undefined;
}) {
  const [initial] = useState<WellnessBlockDraft>(() =>
    block
      ? draftFromBlock(block, timeZone)
      : { ...newWellnessBlockDraft([...calendars]), ...(initialLabel ? { label: initialLabel } : {}) },
  );
  const [label, setLabel] = useState(initial.label);
  const [category, setCategory] = useState<WellnessBlockCategory>(initial.category);
  const [weekdays, setWeekdays] = useState<number[]>([...initial.weekdays]);
  const [range, setRange] = useState<TimeRangeState>(() =>
    initialTimeRange(initial.startMinute ?? undefined, initial.endMinute ?? undefined),
  );
  const [calendarId, setCalendarId] = useState<string | null>(
    initial.calendarId && calendars.some((c) => c.id === initial.calendarId)
      ? initial.calendarId
      : (calendars[0]?.id ?? null),
  );

  const validate = () => {
    const draft: WellnessBlockDraft = {
      id: block?.id ?? null,
      label,
      category,
      weekdays,
      startMinute: range.from,
      endMinute: range.to,
      calendarId,
    };
    const now = Date.now();
    // Single blocks that are over no longer hold their time.
    const others = existingBlocks(
      blocks.filter((other) => other.recurring !== false || Date.parse(other.ends_at) > now),
      timeZone,
    );
    const result = validateWellnessBlock(draft, others, { editingId: block?.id ?? null });
    return { draft, valid: result.valid, message: result.message };
  };

  return {
    label,
    setLabel,
    category,
    setCategory,
    weekdays,
    setWeekdays,
    range,
    setRange,
    calendarId,
    setCalendarId,
    validate,
  };
}
