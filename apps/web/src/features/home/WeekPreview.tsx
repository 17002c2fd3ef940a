import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { scoreTier } from '@meetwell/domain';
import { Emoji } from '../../components/Emoji';

const EXAMPLES = [
  { day: 'Mon 9:00', title: 'Team stand-up', note: '15 min · agenda · 5 people', score: 96 },
  { day: 'Tue 14:00', title: 'Roadmap review', note: 'Agenda, no objectives', score: 78 },
  {
    day: 'Wed 10:00',
    title: 'Quick sync',
    note: 'No agenda · booked 2 hours ago',
    score: 41,
    action: 'Reminder sent',
  },
  { day: 'Thu 16:30', title: 'Vendor demo', note: '90 min · 14 people', score: 64 },
];

/** A static illustration of scored meetings for the hero (no charts, no calendar library). */
export function WeekPreview() {
  return (
    <Paper
      shadow="xl"
      radius="lg"
      p="lg"
      withBorder
      aria-label="Example: a week of scored meetings"
      role="figure"
    >
      <Group justify="space-between" mb="md">
        <Text fw={700}>This week</Text>
        <Badge color="success" variant="light" size="lg" tt="none">
          Average 70
        </Badge>
      </Group>
      <Stack gap="sm">
        {EXAMPLES.map((meeting) => {
          const tier = scoreTier(meeting.score);
          return (
            <Group
              key={meeting.title}
              wrap="nowrap"
              gap="sm"
              p="sm"
              style={{ borderRadius: 12, background: 'var(--mantine-color-gray-0)' }}
            >
              <Box
                w={4}
                style={{
                  alignSelf: 'stretch',
                  borderRadius: 4,
                  background: `var(--mantine-color-${tier}-6)`,
                }}
              />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text fz="xs" c="dimmed">
                  {meeting.day}
                </Text>
                <Text fw={650} fz="sm" truncate>
                  {meeting.title}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {meeting.note}
                </Text>
              </Box>
              <Stack gap={4} align="flex-end">
                <Badge color={tier} size="lg" radius="md" variant="filled" miw={44}>
                  {meeting.score}
                </Badge>
                {meeting.action && (
                  <Text fz={10} c="dimmed" fw={600}>
                    {meeting.action}
                  </Text>
                )}
              </Stack>
            </Group>
          );
        })}
        <Group
          wrap="nowrap"
          gap="sm"
          p="sm"
          style={{ borderRadius: 12, background: 'var(--mantine-color-success-0)' }}
        >
          <Text fz="lg" aria-hidden="true">
            <Emoji emoji="🧘" />
          </Text>
          <Box>
            <Text fw={650} fz="sm">
              Focus · Tue & Thu 9:00–11:00
            </Text>
            <Text fz="xs" c="dimmed">
              Wellness block, protected
            </Text>
          </Box>
        </Group>
      </Stack>
    </Paper>
  );
}
