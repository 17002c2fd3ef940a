import {
  Badge,
  Button,
  Center,
  Group,
  Kbd,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MEETING_TEXTS } from '../../copy/texts';
import { useItemMutations } from '../meeting/hooks';
import { meetingTimeText } from '../meeting/MeetingDetail';
import { type AgendaItem, type Meeting, visibleItems } from '../meeting/types';

export type PresentationPhase = 'not_started' | 'in_progress' | 'ended';

/** 75 → '01:15' (minutes keep counting past 59). */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

interface Spent {
  secs: number;
  startedAt: string;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Present mode: a full-screen modal that runs the meeting through its agenda, one item at a time, with a
 * per-item timer. Leaving an item saves its time spent, started_at and ended_at on the agenda item.
 */
export function PresentMode({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const agenda = visibleItems(meeting.agenda_items);
  const { update } = useItemMutations(meeting.id, 'agenda_items');
  const [phase, setPhase] = useState<PresentationPhase>('not_started');
  const [index, setIndex] = useState(0);
  const [enteredAt, setEnteredAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const spent = useRef<Record<string, Spent>>({});

  const safeIndex = Math.min(index, Math.max(0, agenda.length - 1));
  const current: AgendaItem | undefined = agenda[safeIndex];

  useEffect(() => {
    if (phase !== 'in_progress') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const enter = useCallback((next: number) => {
    const at = Date.now();
    setIndex(next);
    setEnteredAt(at);
    setNow(at);
  }, []);

  /** Saves the time spent on the item being left. */
  const leave = useCallback(() => {
    if (!current) return;
    const at = Date.now();
    const before = spent.current[current.id];
    const secs = (before?.secs ?? 0) + Math.max(0, Math.floor((at - enteredAt) / 1000));
    const startedAt = before?.startedAt ?? new Date(enteredAt).toISOString();
    spent.current[current.id] = { secs, startedAt };
    update.mutate({
      id: current.id,
      attributes: { time_spent_in_secs: secs, started_at: startedAt, ended_at: new Date(at).toISOString() },
    });
  }, [current, enteredAt, update]);

  const start = () => {
    setPhase('in_progress');
    enter(0);
  };
  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= agenda.length || next === safeIndex) return;
      leave();
      enter(next);
    },
    [agenda.length, safeIndex, leave, enter],
  );
  const end = () => {
    leave();
    setPhase('ended');
  };
  const close = () => {
    if (phase === 'in_progress') leave();
    onClose();
  };

  useEffect(() => {
    if (phase !== 'in_progress') return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        go(safeIndex + 1);
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        go(safeIndex - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, go, safeIndex]);

  const elapsed = current
    ? (spent.current[current.id]?.secs ?? 0) + Math.max(0, Math.floor((now - enteredAt) / 1000))
    : 0;
  const planned = current?.duration_in_mins ?? null;
  const over = typeof planned === 'number' && planned > 0 && elapsed > planned * 60;

  return (
    <Modal
      opened
      fullScreen
      onClose={close}
      title={phase === 'not_started' ? 'Present mode' : meeting.summary?.trim() || '(No title)'}
      styles={{ title: { fontWeight: 750, fontSize: 'var(--mantine-font-size-lg)' } }}
      aria-label="Present mode"
    >
      <Center mih="calc(100vh - 120px)">
        <Stack maw={760} w="100%" gap="xl" data-phase={phase}>
          {phase === 'not_started' && (
            <>
              <div>
                <Title order={2}>{meeting.summary?.trim() || '(No title)'}</Title>
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
                      onClick={start}
                    >
                      {MEETING_TEXTS.startMeeting}
                    </Button>
                  </span>
                </Tooltip>
              </Group>
            </>
          )}

          {phase === 'in_progress' && current && (
            <>
              <Group justify="space-between">
                <Badge size="lg" variant="light" tt="none">
                  Item {safeIndex + 1} of {agenda.length}
                </Badge>
                <Button
                  color="danger"
                  variant="light"
                  leftSection={<IconPlayerStop size={16} />}
                  onClick={end}
                >
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
                  {current.description}
                </Title>
                {current.owner_name && <Text c="dimmed">{current.owner_name}</Text>}
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
                  disabled={safeIndex === 0}
                  onClick={() => go(safeIndex - 1)}
                >
                  Back
                </Button>
                <Text c="dimmed" fz="sm" visibleFrom="sm">
                  Use <Kbd>←</Kbd> and <Kbd>→</Kbd> to move between items
                </Text>
                <Button
                  size="md"
                  rightSection={<IconArrowRight size={16} />}
                  disabled={safeIndex >= agenda.length - 1}
                  onClick={() => go(safeIndex + 1)}
                >
                  Next
                </Button>
              </Group>
            </>
          )}

          {phase === 'ended' && (
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
                      <Table.Td ta="right">{formatElapsed(spent.current[item.id]?.secs ?? 0)}</Table.Td>
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
          )}
        </Stack>
      </Center>
    </Modal>
  );
}
