import { Avatar, Badge, Grid, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import {
  chartAxis,
  epochDayToIsoDate,
  formatDate,
  formatNumber,
  isoDateToEpochDay,
  type LeaderboardRow,
  personColor,
  scoreColor,
} from '@meetwell/domain';
import { lazyComponent } from '../../lib/lazyComponent';
import type { Report } from './api';
import { initialsOf, Panel } from './Blocks';

const NUDGES = 'Nudges';

/**
 * The charts library is the largest part of Review (about 130 kB gzip): it is fetched while the page's first
 * render shows the figures, not before it.
 */
const CompositeChart = lazyComponent(
  () => import('@mantine/charts'),
  (m) => m.CompositeChart,
  <Skeleton h={300} radius="md" />,
);

export interface ChartModel {
  data: Record<string, string | number | null>[];
  series: { name: string; label: string; color: string; type: 'line' | 'bar'; yAxisId?: string }[];
  axis: ReturnType<typeof chartAxis>;
}

/**
 * Average score per organizer per day (one line each, in the leaderboard's colours) and the nudges sent per
 * day as bars on their own axis. The score axis follows the domain's chart rule (30, lower when the data
 * needs it, to 110; ticks 0–100).
 */
export function chartModel(
  scores: Report<'average_scores_by'>,
  nudges: Report<'num_past_actions_by'> | undefined,
  range: { start: string; end: string },
): ChartModel {
  const leaderboard = scores.leaderboard ?? [];
  const colorOf = new Map(
    leaderboard.map((row) => [row.organizer_email, row.color || personColor(row.organizer_email)]),
  );
  const nameOf = new Map(leaderboard.map((row) => [row.organizer_email, row.name || row.organizer_email]));
  const drawn = [...new Set(scores.rows.map((r) => r.organizer_email))].sort(
    (a, b) =>
      leaderboard.findIndex((r) => r.organizer_email === a) -
      leaderboard.findIndex((r) => r.organizer_email === b),
  );
  // Series keys must not hold dots (recharts reads 'a.b' as a path): organizers become o0, o1, …
  const keyOf = new Map(drawn.map((email, i) => [email, `o${i}`]));
  const byDay = new Map<string, Record<string, string | number | null>>();
  const first = isoDateToEpochDay(range.start);
  const last = isoDateToEpochDay(range.end);
  for (let day = first; day <= last; day++) {
    const iso = epochDayToIsoDate(day);
    byDay.set(iso, { day: formatDate(iso, 'NudgeDay'), [NUDGES]: 0 });
  }
  for (const row of scores.rows) {
    const point = byDay.get(row.day);
    const key = keyOf.get(row.organizer_email);
    if (point && key) point[key] = row.average;
  }
  for (const row of nudges?.rows ?? []) {
    const point = byDay.get(row.day);
    if (point) point[NUDGES] = row.count;
  }
  return {
    data: [...byDay.values()],
    // The bars first, so the lines are drawn over them.
    series: [
      { name: NUDGES, label: 'Nudges', color: 'gray.3', type: 'bar' as const, yAxisId: 'right' },
      ...drawn.map((email) => ({
        name: keyOf.get(email) as string,
        label: nameOf.get(email) ?? email,
        color: colorOf.get(email) ?? personColor(email),
        type: 'line' as const,
      })),
    ],
    axis: chartAxis(scores.rows.map((r) => r.average)),
  };
}

function Leaderboard({ rows }: { rows: LeaderboardRow[] }) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No organizers in this range.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
      <Stack
        gap="sm"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Leaderboard"
      >
        {rows.map((row) => {
          const name = row.name || row.organizer_email;
          return (
            <Group key={row.organizer_email} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar
                  src={row.profile_image || null}
                  alt={name}
                  radius="xl"
                  size={34}
                  styles={{ root: { border: `3px solid ${row.color}` } }}
                  color="gray"
                >
                  {initialsOf(name)}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatNumber(row.nudges, 0)} {row.nudges === 1 ? 'nudge' : 'nudges'} ·{' '}
                    {formatNumber(row.count, 0)} {row.count === 1 ? 'meeting' : 'meetings'}
                  </Text>
                </div>
              </Group>
              <Badge color={scoreColor(row.average)} variant="filled" size="lg" radius="sm" miw={52}>
                {formatNumber(row.average, 0)}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The organizer-stats panel: the score chart and the leaderboard sorted by average score. */
export function OrganizerStats({
  scores,
  nudges,
  range,
}: {
  scores: Report<'average_scores_by'> | undefined;
  nudges: Report<'num_past_actions_by'> | undefined;
  range: { start: string; end: string };
}) {
  const model = scores ? chartModel(scores, nudges, range) : null;
  return (
    <Panel
      title="Organizer stats"
      description="Average score per organizer per day, and the nudges sent"
      loading={!scores}
      data-pdf-block
      aria-label="Organizer stats"
    >
      {scores && model && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CompositeChart
              h={300}
              data={model.data}
              dataKey="day"
              series={model.series}
              curveType="linear"
              connectNulls
              withRightYAxis
              withLegend={false}
              yAxisProps={{
                domain: [model.axis.min, model.axis.max],
                ticks: model.axis.ticks,
                allowDataOverflow: true,
              }}
              rightYAxisProps={{ allowDecimals: false, width: 30 }}
              maxBarWidth={18}
              dotProps={{ r: 3 }}
              tooltipAnimationDuration={0}
              role="img"
              aria-label="Average score per organizer per day"
            />
            <Text fz="xs" c="dimmed" mt={4}>
              Each line is an organizer, in their leaderboard colour; grey bars count the nudges sent that
              day.
            </Text>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Text fz="xs" tt="uppercase" c="dimmed" fw={700} mb="xs">
              Leaderboard
            </Text>
            <Leaderboard rows={scores.leaderboard ?? []} />
          </Grid.Col>
        </Grid>
      )}
    </Panel>
  );
}
