import {
  type BlockOccurrence,
  isWellnessBlockEditable,
  WELLNESS_BLOCK_CATEGORY_LABELS,
  wellnessBlockTimes,
} from '@meetwell/domain';
import { resource } from '../../http/jsonapi';
import type { BlockRow } from './calendar-event';

type BlockShape = Omit<BlockRow, 'id' | 'createdAt' | 'updatedAt' | 'providerEventId' | 'userId'> & {
  id?: string;
  providerEventId?: string | null;
};

/** A Wellness block as the API shows it (type wellness_blocks), with its occurrences in the asked window. */
export function presentBlock(
  block: BlockShape,
  options: { now: Date; timeZone: string; occurrences?: readonly BlockOccurrence[] },
) {
  const times = wellnessBlockTimes({ ...block, id: block.id ?? 'new' }, options.timeZone);
  const pastSingle = !block.recurring && block.endsAt <= options.now;
  return resource('wellness_blocks', block.id ?? 'new', {
    label: block.label,
    category: block.category,
    category_label: WELLNESS_BLOCK_CATEGORY_LABELS[block.category],
    calendar_id: block.calendarId,
    rrule: block.rrule,
    starts_at: block.startsAt.toISOString(),
    ends_at: block.endsAt.toISOString(),
    time_zone: block.timeZone,
    recurring: block.recurring,
    read_only: block.readOnly || pastSingle,
    delete_only: block.deleteOnly,
    editable: isWellnessBlockEditable({ ...block, endsAt: block.endsAt }, options.now),
    weekdays: times.weekdays,
    start_minute: times.startMinute,
    end_minute: times.endMinute,
    source_meeting_id: block.sourceMeetingId,
    in_calendar: Boolean(block.providerEventId) || Boolean(block.sourceMeetingId),
    occurrences: (options.occurrences ?? []).map((o) => ({
      starts_at: new Date(o.start).toISOString(),
      ends_at: new Date(o.end).toISOString(),
    })),
  });
}
