import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { EVENT_COLORS, formatDate, tintColor, WEEKDAY_NAMES } from '@meetwell/domain';
import { useMemo } from 'react';
import { browserTimeZone } from '../../lib/timezone';
import type { WellnessBlock } from './api';
import { type BlockEvent, blockEvents, type CalendarEvent, eventColor, eventTextColor } from './events';
import { addDays, toDateKey, type Week } from './week';

export type ListEvent = CalendarEvent | BlockEvent;

const isMeeting = (event: ListEvent): event is CalendarEvent => 'meeting' in event;

/** A block's row: a light tint of its category colour, edged with the colour, as in the week view. */
const BLOCK_TINT = 0.18;

/**
 * Phones: the week's meetings and Wellness-block occurrences as a list grouped by weekday name (Sunday first),
 * in time order; a day with only a block is listed too. A meeting opens its modal, a block its drawer.
 */
export function MobileWeekList({
  week,
  events,
  blocks = [],
  onSelect,
  onSelectBlock,
}: {
  week: Week;
  events: CalendarEvent[];
  blocks?: WellnessBlock[];
  onSelect: (id: string) => void;
  onSelectBlock?: (blockId: string) => void;
}) {
  const timeZone = browserTimeZone();
  const all = useMemo<ListEvent[]>(
    () =>
      [...events, ...blockEvents(blocks, events, week, timeZone)].sort(
        (a, b) => a.start.getTime() - b.start.getTime() || Number(b.allDay) - Number(a.allDay),
      ),
    [events, blocks, week, timeZone],
  );
  const days = Array.from({ length: 7 }, (_, index) => addDays(week.start, index))
    .map((day) => ({
      day,
      events: all.filter((event) => {
        // An event belongs to every day it touches (all-day events end at the next midnight).
        const dayStart = day.getTime();
        const dayEnd = addDays(day, 1).getTime();
        return event.start.getTime() < dayEnd && event.end.getTime() > dayStart;
      }),
    }))
    .filter((group) => group.events.length > 0);

  return (
    <Stack gap="lg" data-testid="week-list">
      {days.map(({ day, events: dayEvents }) => (
        <section key={toDateKey(day)} aria-label={WEEKDAY_NAMES[day.getDay()]}>
          <Group gap="xs" align="baseline" mb={6}>
            <Title order={2} fz="lg">
              {WEEKDAY_NAMES[day.getDay()]}
            </Title>
            <Text c="dimmed" fz="sm">
              {formatDate(toDateKey(day), 'NoYear')}
            </Text>
          </Group>
          <Stack gap={8}>
            {dayEvents.map((event) => (
              <WeekListRow
                key={event.id}
                event={event}
                timeZone={timeZone}
                onSelect={onSelect}
                onSelectBlock={onSelectBlock}
              />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

/** One meeting or block of a list of the week (the phone's week, a crowded stretch of the week view). */
export function WeekListRow({
  event,
  timeZone,
  onSelect,
  onSelectBlock,
}: {
  event: ListEvent;
  timeZone: string;
  onSelect: (id: string) => void;
  onSelectBlock?: ((blockId: string) => void) | undefined;
}) {
  const time = event.allDay
    ? 'All day'
    : `${formatDate(event.start, 'Time', timeZone)} – ${formatDate(event.end, 'Time', timeZone)}`;
  if (!isMeeting(event)) {
    const color = event.category === 'life' ? EVENT_COLORS.life : EVENT_COLORS.focus;
    return (
      <UnstyledButton
        onClick={() => onSelectBlock?.(event.blockId)}
        aria-label={`${event.title} (Wellness block)`}
      >
        <Paper
          withBorder
          radius="md"
          p="sm"
          style={{ borderLeft: `6px solid ${color}`, background: tintColor(color, BLOCK_TINT) }}
          data-testid="week-list-block"
        >
          <Text fw={650} truncate>
            {event.title}
          </Text>
          <Text fz="sm" c="dimmed">
            {time} · Wellness block
          </Text>
        </Paper>
      </UnstyledButton>
    );
  }
  const color = eventColor(event.meeting);
  const { score } = event.meeting;
  return (
    <UnstyledButton onClick={() => onSelect(event.id)} aria-label={event.title}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        style={{ borderLeft: `6px solid ${color}` }}
        data-testid="week-list-event"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={650} truncate>
              {event.title}
            </Text>
            <Text fz="sm" c="dimmed">
              {time}
            </Text>
          </div>
          {typeof score === 'number' && (
            <Badge
              size="lg"
              radius="sm"
              style={{ background: color, color: eventTextColor(color), flexShrink: 0 }}
            >
              {score}
            </Badge>
          )}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
