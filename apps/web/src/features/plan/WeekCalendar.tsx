import 'react-big-calendar/lib/css/react-big-calendar.css';
import { EVENT_COLORS, expandWellnessBlockOccurrences } from '@meetwell/domain';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Calendar, dayjsLocalizer, type EventProps, Views } from 'react-big-calendar';
import { browserTimeZone } from '../../lib/timezone';
import type { WellnessBlock } from './data';
import { type CalendarEvent, eventColor, eventKind, eventTextColor } from './events';
import classes from './WeekCalendar.module.css';
import { visibleHours, type Week } from './week';

// dayjs's default 'en' locale starts weeks on Sunday, as the Plan screen does (see week.ts).
const localizer = dayjsLocalizer(dayjs);

interface BackgroundEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  category: string;
}

type AnyEvent = CalendarEvent | BackgroundEvent;

function isMeetingEvent(event: AnyEvent): event is CalendarEvent {
  return 'meeting' in event;
}

function EventContent({ event }: EventProps<AnyEvent>) {
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

const FORMATS = {
  dayFormat: 'ddd D',
  timeGutterFormat: 'h a',
  eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) =>
    `${dayjs(start).format('h:mm')} – ${dayjs(end).format('h:mm a')}`,
};

export function WeekCalendar({
  week,
  events,
  blocks,
  onSelect,
}: {
  week: Week;
  events: CalendarEvent[];
  blocks: WellnessBlock[];
  onSelect: (id: string) => void;
}) {
  const { min, max } = useMemo(() => visibleHours(events, week), [events, week]);
  const backgroundEvents = useMemo<BackgroundEvent[]>(
    () =>
      expandWellnessBlockOccurrences(
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
        { from: week.start, to: week.end, timeZone: browserTimeZone() },
      ).map((occurrence) => ({
        id: `${occurrence.blockId}:${occurrence.start}`,
        title: occurrence.label,
        start: new Date(occurrence.start),
        end: new Date(occurrence.end),
        category: occurrence.category,
      })),
    [blocks, week],
  );

  return (
    <div className={classes.calendar} data-testid="week-calendar">
      <Calendar<AnyEvent>
        localizer={localizer}
        events={events}
        backgroundEvents={backgroundEvents}
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
        allDayAccessor={(event) => 'allDay' in event && event.allDay}
        components={{ event: EventContent }}
        eventPropGetter={(event) => {
          const background = isMeetingEvent(event)
            ? eventColor(event.meeting)
            : event.category === 'life'
              ? EVENT_COLORS.life
              : EVENT_COLORS.focus;
          return {
            style: { backgroundColor: background, color: eventTextColor(background) },
            className: [
              isMeetingEvent(event) ? `mw-event-${eventKind(event.meeting)}` : 'mw-event-block',
              event.end.getTime() - event.start.getTime() < SHORT_EVENT_MS ? classes.short : '',
            ].join(' '),
          };
        }}
        onSelectEvent={(event) => {
          if (isMeetingEvent(event)) onSelect(event.id);
        }}
        tooltipAccessor={(event) => (isMeetingEvent(event) ? event.title : `${event.title} (Wellness block)`)}
      />
    </div>
  );
}
