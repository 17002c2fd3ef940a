import { Badge, Button, Group, Kbd, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { MEETING_TEXTS } from '../../copy/texts';
import { meetingTimeText } from '../meeting/MeetingDetail';
import type { AgendaItem, Meeting } from '../meeting/types';
import type { Spent } from './usePresentation';

/** 75 → '01:15' (minutes keep counting past 59). */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Before the start: the meeting, its agenda with planned minutes, and Start (off without an agenda). */
export function PresentStart({
  meeting,
  agenda,
  onStart,
}: {
  meeting: Meeting;
  agenda: readonly AgendaItem[];
  onStart: () => void;
}) {
  return (
    <>
      <div>
        <Title order={2} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {meeting.summary?.trim() || '(No title)'}
        </Title>
        <Text c="dimmed">{meetingTimeText(meeting)}</Text>
      </div>
      <Paper withBorder radius="lg" p="lg">
        <Title order={3} fz="md" mb="sm">
          Agenda
        </Title>
        {agenda.length === 0 ? (
          <Text c="dimmed">No agenda items yet. Add them to the meeting to present it.</Text>
        ) : (
          <Stack gap={6} component="ol" style={{ paddingLeft: 20, margin: 0 }}>
            {agenda.map((item) => (
              <li key={item.id}>
                <Group justify="space-between" wrap="nowrap">
                  <Text>{item.description}</Text>
                  {item.duration_in_mins ? (
                    <Text c="dimmed" fz="sm">
                      {item.duration_in_mins} min
                    </Text>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
      <Group justify="center">
        <Tooltip label={MEETING_TEXTS.agendaRequiredToPresent} disabled={agenda.length > 0} withArrow>
          <span>
            <Button
              size="lg"
              leftSection={<IconPlayerPlay size={18} />}
              disabled={agenda.length === 0}
              onClick={onStart}
            >
              {MEETING_TEXTS.startMeeting}
            </Button>
          </span>
        </Tooltip>
      </Group>
    </>
  );
}

/** While it runs: the current item, its timer (red past the planned time), Back and Next. */
export function PresentItem({
  item,
  index,
  count,
  elapsed,
  onGo,
  onEnd,
}: {
  item: AgendaItem;
  index: number;
  count: number;
  elapsed: number;
  onGo: (index: number) => void;
  onEnd: () => void;
}) {
  const planned = item.duration_in_mins ?? null;
  const over = typeof planned === 'number' && planned > 0 && elapsed > planned * 60;
  return (
    <>
      <Group justify="space-between">
        <Badge size="lg" variant="light" tt="none">
          Item {index + 1} of {count}
        </Badge>
        <Button color="danger" variant="light" leftSection={<IconPlayerStop size={16} />} onClick={onEnd}>
          {MEETING_TEXTS.endMeeting}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="xl">
        <Title
          order={2}
          fz={{ base: 28, sm: 40 }}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="present-item"
        >
          {item.description}
        </Title>
        {item.owner_name && <Text c="dimmed">{item.owner_name}</Text>}
      </Paper>
      <Stack gap={0} align="center">
        <Text
          fz={64}
          fw={800}
          ff="monospace"
          c={over ? 'danger.6' : undefined}
          role="timer"
          aria-label="Time on this item"
          data-testid="present-timer"
        >
          {formatElapsed(elapsed)}
        </Text>
        {typeof planned === 'number' && planned > 0 && (
          <Text c="dimmed">Planned: {formatElapsed(planned * 60)}</Text>
        )}
      </Stack>
      <Group justify="space-between">
        <Button
          variant="default"
          size="md"
          leftSection={<IconArrowLeft size={16} />}
          disabled={index === 0}
          onClick={() => onGo(index - 1)}
        >
          Back
        </Button>
        <Text c="dimmed" fz="sm" visibleFrom="sm">
          Use <Kbd>←</Kbd> and <Kbd>→</Kbd> to move between items
        </Text>
        <Button
          size="md"
          rightSection={<IconArrowRight size={16} />}
          disabled={index >= count - 1}
          onClick={() => onGo(index + 1)}
        >
          Next
        </Button>
      </Group>
    </>
  );
}

/** After the end: planned and spent time per item, and Close. */
export function PresentSummary({
  agenda,
  spent,
  onClose,
}: {
  agenda: readonly AgendaItem[];
  spent: Readonly<Record<string, Spent>>;
  onClose: () => void;
}) {
  return (
    <>
      <div>
        <Title order={2}>Meeting complete</Title>
        <Text c="dimmed">Time spent on each agenda item was saved to the meeting.</Text>
      </div>
      <Table withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agenda item</Table.Th>
            <Table.Th ta="right">Planned</Table.Th>
            <Table.Th ta="right">Spent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agenda.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.description}</Table.Td>
              <Table.Td ta="right">
                {item.duration_in_mins ? formatElapsed(item.duration_in_mins * 60) : '–'}
              </Table.Td>
              <Table.Td ta="right">{formatElapsed(spent[item.id]?.secs ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="center">
        <Button size="lg" onClick={onClose}>
          {MEETING_TEXTS.closePresentation}
        </Button>
      </Group>
    </>
  );
}
