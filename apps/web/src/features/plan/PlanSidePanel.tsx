import {
  Anchor,
  Badge,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  EVENT_COLORS,
  formatCurrency,
  formatDurationSeconds,
  formatTimeRange,
  scoreColor,
  WEEKDAY_SHORT_NAMES,
  WELLNESS_BLOCK_CATEGORY_LABELS,
  WELLNESS_BLOCK_TEXTS,
  wellnessBlockTimes,
} from '@meetwell/domain';
import { IconLeaf, IconTargetArrow } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLAN_SCREEN_TEXTS } from '../../copy/texts';
import { browserTimeZone } from '../../lib/timezone';
import { zoneNote } from '../wellness-blocks/block-form';
import type { WellnessBlock } from './api';
import type { WeekStats } from './stats';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={750} fz="lg">
        {value}
      </Text>
    </div>
  );
}

export function TimeSpentCard({ stats }: { stats: WeekStats | null }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb="sm">
        Time spent
      </Title>
      {!stats || stats.meetings === 0 ? (
        <Text c="dimmed">{PLAN_SCREEN_TEXTS.noStats}</Text>
      ) : (
        <>
          <SimpleGrid cols={3} spacing="xs">
            <Stat label="Meetings" value={String(stats.meetings)} />
            <Stat
              label="Hours"
              value={formatDurationSeconds(stats.seconds, { style: 'short', maxUnits: 2 })}
            />
            <Stat label="Cost" value={formatCurrency(stats.cost)} />
          </SimpleGrid>
          <Text fz="sm" c={stats.workHours.tone === 'warning' ? 'warning.9' : 'dimmed'} mt="xs">
            {stats.workHours.percentOfTime}% of your work hours: {stats.workHours.message}.
          </Text>
        </>
      )}
    </Paper>
  );
}

export function ReportCard({ stats }: { stats: WeekStats | null }) {
  const score = stats?.averageScore ?? null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb="sm">
        Report card
      </Title>
      {score === null || !stats ? (
        <Text c="dimmed">{PLAN_SCREEN_TEXTS.noStats}</Text>
      ) : (
        <Group wrap="nowrap" gap="md">
          <RingProgress
            size={84}
            thickness={8}
            roundCaps
            sections={[{ value: score, color: scoreColor(score) }]}
            label={
              <Text ta="center" fw={800} fz="lg" data-testid="average-score">
                {score}
              </Text>
            }
          />
          <div>
            <Group gap={6}>
              <Badge size="lg" variant="filled" style={{ background: scoreColor(score) }} autoContrast>
                {stats.letterGrade}
              </Badge>
              <Text fw={700} tt="capitalize">
                {stats.qualityLabel}
              </Text>
            </Group>
            <Text fz="sm" c="dimmed" mt={4}>
              Average of {stats.good + stats.bad} scored{' '}
              {stats.good + stats.bad === 1 ? 'meeting' : 'meetings'}: {stats.good} good, {stats.bad} to
              improve.
            </Text>
          </div>
        </Group>
      )}
    </Paper>
  );
}

/**
 * 'Every Mon, Wed · 1:00 pm – 3:00 pm', in the block's own zone, named when this browser is in another one: the
 * grid beside it draws the same block at this browser's time.
 */
export function blockScheduleText(block: WellnessBlock): string {
  const times = wellnessBlockTimes(
    {
      id: block.id,
      rrule: block.rrule,
      startsAt: block.starts_at,
      endsAt: block.ends_at,
      timeZone: block.time_zone ?? null,
      recurring: block.recurring,
    },
    browserTimeZone(),
  );
  const days = times.weekdays.map((day) => WEEKDAY_SHORT_NAMES[day]).join(', ');
  return `${block.recurring === false ? '' : 'Every '}${days} · ${formatTimeRange(times.startMinute, times.endMinute)}${zoneNote(times.timeZone)}`;
}

export function WeekBlocksCard({ blocks, weekQuery }: { blocks: WellnessBlock[]; weekQuery: string }) {
  if (blocks.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb="sm">
        {WELLNESS_BLOCK_TEXTS.listTitle}
      </Title>
      <Stack gap="sm">
        {blocks.map((block) => {
          const life = block.category === 'life';
          return (
            <Group key={block.id} wrap="nowrap" gap="sm" align="flex-start">
              <ThemeIcon radius="xl" style={{ background: life ? EVENT_COLORS.life : EVENT_COLORS.focus }}>
                {life ? <IconLeaf size={16} /> : <IconTargetArrow size={16} />}
              </ThemeIcon>
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text fw={650} truncate>
                  {block.label?.trim() || WELLNESS_BLOCK_TEXTS.noLabel}
                </Text>
                <Text fz="xs" c="dimmed">
                  {WELLNESS_BLOCK_CATEGORY_LABELS[life ? 'life' : 'focus']} · {blockScheduleText(block)}
                </Text>
              </div>
              {!block.read_only && (
                <Anchor component={Link} to={`/my/plan/block/${block.id}${weekQuery}`} fz="sm">
                  Edit
                </Anchor>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
