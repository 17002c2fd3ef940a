import { SimpleGrid } from '@mantine/core';
import { formatNumber, formatPercent } from '@meetwell/domain';
import type { Report } from './api';
import { Panel, Stat } from './Blocks';

function hint(report: Report<'focus_block_conflict' | 'scheduled_late'>) {
  const previous = report.trends?.prev_span_total ?? 0;
  return `${formatPercent(report.rows.percent, 1)} of meetings · ${formatNumber(previous, 0)} the previous ${report.spans_days === 1 ? 'day' : `${report.spans_days} days`}`;
}

/** Focus-block conflicts and meetings scheduled last minute, each compared with the previous span. */
export function WellnessTiles({
  focus,
  late,
}: {
  focus: Report<'focus_block_conflict'> | undefined;
  late: Report<'scheduled_late'> | undefined;
}) {
  return (
    <Panel title="Wellness" loading={!focus || !late} data-pdf-block aria-label="Wellness">
      {focus && late && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <Stat
            label="Focus block conflicts"
            value={formatNumber(focus.rows.total, 0)}
            hint={hint(focus)}
            trend={focus.trends}
            goodWhen="down"
          />
          <Stat
            label="Scheduled last minute"
            value={formatNumber(late.rows.total, 0)}
            hint={hint(late)}
            trend={late.trends}
            goodWhen="down"
          />
        </SimpleGrid>
      )}
    </Panel>
  );
}
