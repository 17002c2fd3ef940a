import { Badge, SimpleGrid } from '@mantine/core';
import {
  formatCurrency,
  formatNumber,
  formatPercent,
  type LetterGrade,
  scoreColor,
  trend,
  workHoursSummary,
} from '@meetwell/domain';
import type { Report } from './api';
import { Panel, Stat } from './Blocks';

/** The report card: average score, meetings, time and money spent, each against the previous span. */
export function ReportCard({
  averages,
  costs,
}: {
  averages: Report<'averages'> | undefined;
  costs: Report<'duration_and_costs'> | undefined;
}) {
  const loading = !averages || !costs;
  const a = averages?.rows;
  const c = costs?.rows;
  const previous = costs?.previous;
  const hours = c?.work_hours_spent.spent_hours ?? 0;
  const summary = workHoursSummary(hours, c?.work_hours ?? 0);
  const hoursTrend =
    c && previous ? trend({ total: c.meeting_duration }, { total: previous.meeting_duration }) : null;
  const costTrend =
    c && previous ? trend({ total: c.meeting_cost_total }, { total: previous.meeting_cost_total }) : null;
  return (
    <Panel title="Report card" loading={loading} data-pdf-block aria-label="Report card">
      {a && c && (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          <Stat
            label="Average score"
            value={
              a.average === null ? (
                '–'
              ) : (
                <Badge
                  component="span"
                  color={scoreColor(a.average)}
                  autoContrast
                  size="xl"
                  h={36}
                  px={10}
                  fz={26}
                  radius="md"
                >
                  {a.average}
                </Badge>
              )
            }
            hint={
              a.average === null
                ? 'No scored meetings'
                : `${a.quality_label} quality · grade ${a.letter_grade as LetterGrade}`
            }
            trend={averages?.trends}
          />
          <Stat
            label="Meetings"
            value={formatNumber(a.total, 0)}
            hint={`${formatNumber(a.good, 0)} good · ${formatNumber(a.bad, 0)} to improve`}
            trend={costs?.trends}
            goodWhen="down"
          />
          <Stat
            label="Time in meetings"
            value={`${formatNumber(hours, hours % 1 ? 1 : 0)} h`}
            hint={`${c.members ? `Per member of ${formatNumber(c.members, 0)}: ` : ''}${formatPercent(summary.percentOfTime, 1)} of ${formatNumber(summary.workHours, 0)} work hours: ${summary.message}`}
            trend={hoursTrend}
            goodWhen="down"
          />
          <Stat
            label="Meeting cost"
            value={formatCurrency(c.meeting_cost_total)}
            hint={`${formatCurrency(c.ave_cost_per_meeting)} per meeting at ${formatCurrency(c.annual_salary)} a year`}
            trend={costTrend}
            goodWhen="down"
          />
        </SimpleGrid>
      )}
    </Panel>
  );
}
