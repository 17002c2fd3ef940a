import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatDate, WEEKDAY_NAMES } from '@meetwell/domain';
import { browserTimeZone } from '../../lib/timezone';
import { type CalendarEvent, eventColor, eventTextColor } from './events';
import { addDays, toDateKey, type Week } from './week';

/** Phones: the week's events as a list grouped by weekday name (Sunday first). */
export function MobileWeekList({
  week,
  events,
  onSelect,
}: {
  week: Week;
  events: CalendarEvent[];
  onSelect: (id: string) => void;
}) {
  const timeZone = browserTimeZone();
  const days = Array.from({ length: 7 }, (_, index) => addDays(week.start, index))
    .map((day) => ({
      day,
      events: events.filter((event) => {
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
            {dayEvents.map((event) => {
              const color = eventColor(event.meeting);
              const { score } = event.meeting;
              return (
                <UnstyledButton key={event.id} onClick={() => onSelect(event.id)} aria-label={event.title}>
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
                          {event.allDay
                            ? 'All day'
                            : `${formatDate(event.start, 'Time', timeZone)} – ${formatDate(event.end, 'Time', timeZone)}`}
                        </Text>
                      </div>
                      {typeof score === 'number' && (
                        <Badge
                          size="lg"
                          radius="sm"
                          style={{ background: color, color: eventTextColor(color) }}
                        >
                          {score}
                        </Badge>
                      )}
                    </Group>
                  </Paper>
                </UnstyledButton>
              );
            })}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
