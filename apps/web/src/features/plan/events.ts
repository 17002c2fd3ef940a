import { isLightColor } from '@mantine/core';
import { EVENT_COLORS, scoreBand } from '@meetwell/domain';
import { isPossibleWellnessBlock, type Meeting, meetingVariant } from '../meeting/types';

/** A meeting that is not scored (all day, skipped, fewer than two people...). */
export const UNSCORED_COLOR = '#ced4da';

export type EventKind = 'wellness_block' | 'possible_block' | 'daily_report' | 'scored' | 'unscored';

export function eventKind(meeting: Meeting): EventKind {
  const variant = meetingVariant(meeting);
  if (variant === 'wellness_block') return 'wellness_block';
  if (variant === 'daily_report') return 'daily_report';
  if (isPossibleWellnessBlock(meeting)) return 'possible_block';
  return typeof meeting.score === 'number' ? 'scored' : 'unscored';
}

/** The calendar colour of an event: Wellness blocks by category, meetings by score band, possible blocks, reports. */
export function eventColor(meeting: Meeting): string {
  switch (eventKind(meeting)) {
    case 'wellness_block':
      return meeting.wellness_block_category === 'life' ? EVENT_COLORS.life : EVENT_COLORS.focus;
    case 'daily_report':
      return EVENT_COLORS.daily_report;
    case 'possible_block':
      return EVENT_COLORS.possible_block;
    case 'scored':
      return EVENT_COLORS[scoreBand(meeting.score as number)];
    default:
      return UNSCORED_COLOR;
  }
}

export function eventTextColor(background: string): string {
  return isLightColor(background) ? '#1a1b1e' : '#ffffff';
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  meeting: Meeting;
}

/** Cancelled and deleted events are not drawn. */
export function toCalendarEvents(meetings: readonly Meeting[]): CalendarEvent[] {
  return meetings
    .filter((meeting) => meeting.status !== 'cancelled' && meeting.status !== 'deleted')
    .map((meeting) => ({
      id: meeting.id,
      title: meeting.summary?.trim() || '(No title)',
      start: new Date(meeting.starts_at),
      end: new Date(meeting.ends_at),
      allDay: Boolean(meeting.all_day),
      meeting,
    }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}
