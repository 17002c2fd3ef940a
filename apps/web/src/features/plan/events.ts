import {
  allDayDate,
  EVENT_COLORS,
  expandWellnessBlockOccurrences,
  formatDate,
  readableTextColor,
  scoreBand,
} from '@meetwell/domain';
import { isPossibleWellnessBlock, type Meeting, meetingVariant } from '../meeting/types';
import type { WellnessBlock } from './api';
import type { Week } from './week';

/** A meeting that is not scored (all day, skipped, fewer than two people...). */
const UNSCORED_COLOR = '#ced4da';

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

/** Black or white, whichever passes WCAG AA on the background. */
export function eventTextColor(background: string): string {
  return readableTextColor(background);
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  meeting: Meeting;
}

/** The browser's midnight starting an ISO date. */
const localMidnight = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
};

const isLocalMidnight = (date: Date) =>
  date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0;

/** Cancelled and deleted events are not drawn. */
export function toCalendarEvents(meetings: readonly Meeting[]): CalendarEvent[] {
  return meetings
    .filter((meeting) => meeting.status !== 'cancelled' && meeting.status !== 'deleted')
    .map((meeting) => {
      const allDay = Boolean(meeting.all_day);
      // An all-day event is drawn on the dates it names, in whatever zone this browser is.
      const start = allDay ? localMidnight(allDayDate(meeting.starts_at)) : new Date(meeting.starts_at);
      const end = allDay ? localMidnight(allDayDate(meeting.ends_at)) : new Date(meeting.ends_at);
      return {
        id: meeting.id,
        title: meeting.summary?.trim() || '(No title)',
        start,
        // A timed meeting that ends at midnight ends on its own day: the calendar would draw an empty piece of it
        // at the start of the next one.
        end: !allDay && end > start && isLocalMidnight(end) ? new Date(end.getTime() - 1) : end,
        allDay,
        meeting,
      };
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** One occurrence of a Wellness block in the week. */
export interface BlockEvent {
  id: string;
  blockId: string;
  title: string;
  start: Date;
  end: Date;
  allDay: false;
  category: string;
}

/**
 * The week's Wellness-block occurrences, in the browser's zone. An occurrence whose own calendar event is
 * among the meetings (a block we wrote, synced back) is drawn once, as that event.
 */
export function blockEvents(
  blocks: readonly WellnessBlock[],
  meetings: readonly CalendarEvent[],
  week: Week,
  timeZone: string,
): BlockEvent[] {
  const drawn = new Set(
    meetings
      .filter((event) => event.meeting.wellness_block_id)
      .map((event) => `${event.meeting.wellness_block_id}@${event.start.getTime()}`),
  );
  return expandWellnessBlockOccurrences(
    blocks.map((block) => ({
      id: block.id,
      label: block.label,
      category: block.category,
      rrule: block.rrule,
      startsAt: block.starts_at,
      endsAt: block.ends_at,
      timeZone: block.time_zone ?? null,
      recurring: block.recurring,
    })),
    { from: week.start, to: week.end, timeZone },
  )
    .filter((occurrence) => !drawn.has(`${occurrence.blockId}@${occurrence.start}`))
    .map((occurrence) => ({
      id: `${occurrence.blockId}:${occurrence.start}`,
      blockId: occurrence.blockId,
      title: occurrence.label || 'Wellness block',
      start: new Date(occurrence.start),
      end: new Date(occurrence.end),
      allDay: false as const,
      category: occurrence.category,
    }));
}

/**
 * What hovering an event of the week says, so a short or squeezed event whose title is cut keeps it readable:
 * the title, the time and the score ("Customer call · 10:00 am – 10:15 am · Score 57"), or that it is a
 * Wellness block.
 */
export function eventTooltip(
  event: Pick<CalendarEvent, 'title' | 'start' | 'end' | 'allDay'> & { meeting?: Meeting },
  timeZone: string,
): string {
  const time = event.allDay
    ? 'All day'
    : `${formatDate(event.start, 'Time', timeZone)} – ${formatDate(event.end, 'Time', timeZone)}`;
  if (!event.meeting) return `${event.title} · ${time} · Wellness block`;
  const { score } = event.meeting;
  const scoreText = typeof score === 'number' ? `Score ${score}` : 'Not scored';
  return `${event.title} · ${time} · ${scoreText}`;
}
