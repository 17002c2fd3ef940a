import 'react-big-calendar/lib/css/react-big-calendar.css';
import { EVENT_COLORS, readableTextColor, tintColor } from '@meetwell/domain';
import dayjs from 'dayjs';
import type { KeyboardEvent } from 'react';
import { useMemo, useState } from 'react';
import { Calendar, type EventProps, Views } from 'react-big-calendar';
import { browserTimeZone } from '../../lib/timezone';
import type { WellnessBlock } from './api';
import { CrowdedStretch } from './CrowdedStretch';
import { crowdOut, isMoreEvent, type MoreEvent } from './crowding';
import {
  type BlockEvent,
  blockEvents,
  type CalendarEvent,
  eventColor,
  eventKind,
  eventTooltip,
} from './events';
import { wallClockLocalizer } from './localizer';
import classes from './WeekCalendar.module.css';
import { visibleHours, type Week } from './week';

const localizer = wallClockLocalizer();

type WeekEvent = CalendarEvent | BlockEvent;
/** What the grid draws: meetings, blocks, and the "+N more" of a crowded stretch (crowding.ts). */
type PlanEvent = WeekEvent | MoreEvent<WeekEvent>;

function isMeetingEvent(event: PlanEvent): event is CalendarEvent {
  return 'meeting' in event;
}

function EventContent({ event }: EventProps<PlanEvent>) {
  if (isMoreEvent(event)) return <span className={classes.eventTitle}>+{event.hidden.length} more</span>;
  if (!isMeetingEvent(event)) return <span className={classes.eventTitle}>{event.title}</span>;
  const { score } = event.meeting;
  return (
    <div className={classes.eventBody}>
      <span className={classes.eventTitle}>{event.title}</span>
      {typeof score === 'number' && <span className={classes.eventScore}>{score}</span>}
    </div>
  );
}

/** Events under 45 minutes hide their time label so the title fits (the time shows in the modal). */
const SHORT_EVENT_MS = 45 * 60_000;
/** Wellness blocks are drawn as a light tint of their category colour, edged with the colour itself. */
const BLOCK_TINT = 0.18;

/** The end as written: a meeting ending at midnight is drawn to a millisecond before it (events.ts). */
const shownEnd = (end: Date) => (end.getMilliseconds() === 999 ? new Date(end.getTime() + 1) : end);

const FORMATS = {
  dayFormat: 'ddd D',
  timeGutterFormat: 'h a',
  eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) =>
    `${dayjs(start).format('h:mm')} – ${dayjs(shownEnd(end)).format('h:mm a')}`,
  // The pieces of a meeting that crosses midnight: where it starts, and where it ends.
  eventTimeRangeStartFormat: ({ start }: { start: Date }) => `${dayjs(start).format('h:mm a')} –`,
  eventTimeRangeEndFormat: ({ end }: { end: Date }) => `– ${dayjs(shownEnd(end)).format('h:mm a')}`,
};

/** A crowded stretch's "+N more": neutral, so it reads as none of the meetings it holds. */
const MORE_COLOR = '#495057';

function eventStyle(event: PlanEvent) {
  if (isMoreEvent(event)) return { backgroundColor: MORE_COLOR, color: readableTextColor(MORE_COLOR) };
  if (isMeetingEvent(event)) {
    const background = eventColor(event.meeting);
    return { backgroundColor: background, color: readableTextColor(background) };
  }
  const color = event.category === 'life' ? EVENT_COLORS.life : EVENT_COLORS.focus;
  const background = tintColor(color, BLOCK_TINT);
  return {
    backgroundColor: background,
    color: readableTextColor(background),
    borderLeft: `4px solid ${color}`,
  };
}

/** What hovering "+N more" says: the first titles it holds. */
const MORE_TOOLTIP_TITLES = 5;
function moreTooltip(event: MoreEvent<WeekEvent>): string {
  const titles = event.hidden.slice(0, MORE_TOOLTIP_TITLES).map((hidden) => hidden.title);
  const rest = event.hidden.length - titles.length;
  return `${titles.join(' · ')}${rest > 0 ? ` · and ${rest} more` : ''}`;
}

/**
 * The Plan week. Meetings and Wellness-block occurrences are laid out together, so a block under a meeting
 * sits beside it instead of behind it, and the hours shown widen to every one of them. Each opens by click,
 * Enter or Space: a meeting its modal, a block its drawer, a crowded stretch's "+N more" the list of them.
 */
export function WeekCalendar({
  week,
  events,
  blocks,
  onSelect,
  onSelectBlock,
}: {
  week: Week;
  events: CalendarEvent[];
  blocks: WellnessBlock[];
  onSelect: (id: string) => void;
  onSelectBlock: (blockId: string) => void;
}) {
  const zone = browserTimeZone();
  const allEvents = useMemo<WeekEvent[]>(
    () => [...events, ...blockEvents(blocks, events, week, browserTimeZone())],
    [events, blocks, week],
  );
  const drawn = useMemo(() => crowdOut(allEvents), [allEvents]);
  const { min, max } = useMemo(() => visibleHours(allEvents, week), [allEvents, week]);
  const [stretch, setStretch] = useState<MoreEvent<WeekEvent> | null>(null);
  const open = (event: PlanEvent) => {
    if (isMoreEvent(event)) setStretch(event);
    else if (isMeetingEvent(event)) onSelect(event.id);
    else onSelectBlock(event.blockId);
  };

  return (
    <div className={classes.calendar} data-testid="week-calendar">
      <Calendar<PlanEvent>
        localizer={localizer}
        events={drawn}
        date={week.start}
        onNavigate={() => {}}
        view={Views.WEEK}
        views={[Views.WEEK]}
        onView={() => {}}
        toolbar={false}
        min={min}
        max={max}
        scrollToTime={min}
        // Only events that really overlap share a column (the default also squeezes events starting close together).
        dayLayoutAlgorithm="no-overlap"
        step={30}
        timeslots={4}
        formats={FORMATS}
        allDayAccessor={(event) => event.allDay}
        // A meeting that crosses midnight (or ends at it) is still a timed meeting: drawn in the grid on each
        // day it touches, not as an all-day banner without its times.
        showMultiDayTimes
        components={{ event: EventContent }}
        eventPropGetter={(event) => ({
          style: eventStyle(event),
          className: [
            isMoreEvent(event)
              ? 'mw-event-more'
              : isMeetingEvent(event)
                ? `mw-event-${eventKind(event.meeting)}`
                : 'mw-event-block',
            // "+N more" says no time either: its list does.
            isMoreEvent(event) || event.end.getTime() - event.start.getTime() < SHORT_EVENT_MS
              ? classes.short
              : '',
          ].join(' '),
        })}
        onSelectEvent={open}
        onKeyPressEvent={(event, e) => {
          const key = (e as unknown as KeyboardEvent).key;
          if (key !== 'Enter' && key !== ' ') return;
          e.preventDefault();
          open(event);
        }}
        tooltipAccessor={(event) => (isMoreEvent(event) ? moreTooltip(event) : eventTooltip(event, zone))}
      />
      <CrowdedStretch
        stretch={stretch}
        timeZone={zone}
        onClose={() => setStretch(null)}
        onSelect={onSelect}
        onSelectBlock={onSelectBlock}
      />
    </div>
  );
}
