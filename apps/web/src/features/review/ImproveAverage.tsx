import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatNumber, suggestionEndpoints } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/endpoint';
import { queryKeys } from '../../session/queryKeys';
import type { ReportParams } from './api';
import { Panel } from './Blocks';

/** GET /suggestions/period: the changes that would lift the period's average score most. */
export async function fetchPeriodSuggestions(params: PeriodParams) {
  return call(suggestionEndpoints.forPeriod, {
    query: {
      start: params.start,
      end: params.end,
      who: params.view === 'team' ? 'team' : 'user',
      byAttendeeStatus: params.statuses.join(','),
    },
  });
}

type PeriodParams = Pick<ReportParams, 'view' | 'start' | 'end' | 'statuses'>;

/** 60 → '60', 60.5 → '60.5' (the API rounds to one decimal). */
const one = (value: number) => formatNumber(value, Number.isInteger(value) ? 0 : 1);

/**
 * Review's "what would lift the average": each kind of change (an agenda, shorter meetings, a free slot…), made
 * on every meeting of the period it would raise, and the average it would give. Nothing to show: no block.
 */
export function ImproveAverage({ params }: { params: PeriodParams }) {
  const team = params.view === 'team';
  const query = useQuery({
    queryKey: [...queryKeys.reports, 'suggestions', params.view, params.start, params.end, params.statuses],
    queryFn: () => fetchPeriodSuggestions(params),
    meta: { errorToast: false },
  });
  const rows = query.data?.data ?? [];
  if (!rows.length) return null;
  return (
    <div data-testid="improve-average">
      <Panel
        title={`The changes that would lift ${team ? "your team's" : 'your'} average most this period`}
        description={`Counted over the period's ${query.data?.meta.meetings ?? 0} scored meetings.`}
        data-pdf-block
        aria-label="Changes that would lift the average"
      >
        <Stack gap="sm">
          {rows.map(({ attributes: a }) => (
            <Group
              key={a.kind}
              justify="space-between"
              gap="xs"
              wrap="wrap"
              data-testid="average-improvement"
              data-kind={a.kind}
            >
              <div>
                <Text fw={600} fz="sm">
                  {a.label}
                </Text>
                <Text fz="xs" c="dimmed">
                  {a.meetings === 1 ? '1 meeting' : `${a.meetings} meetings`}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Text fz="sm" data-testid="average-change">
                  {one(a.average_now)} → {one(a.average_after)}
                </Text>
                <Badge variant="light" color="success" tt="none">
                  +{one(a.lift)}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      </Panel>
    </div>
  );
}
