import { Grid, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState';
import type { CurrentUser } from '../../session/types';
import { isAdmin } from '../../session/user';
import type { ReportMeta, ReportParams } from './api';
import { EvaluationDetails } from './EvaluationDetails';
import { ImproveAverage } from './ImproveAverage';
import { OrganizerStats } from './OrganizerStats';
import { ReportCard } from './ReportCard';
import { RoiCalculator } from './RoiCalculator';
import { rangeInSentence } from './reviewState';
import { SalaryEdit } from './SalaryEdit';
import { useAfterPaintOf } from './useAfterPaintOf';
import type { ReviewReports } from './useReviewReports';
import { WellnessTiles } from './WellnessTiles';

export const TEAM_EMPTY_TITLE = "Aw, crap! Your team isn't here (yet).";
export const TEAM_MANAGEMENT_PATH = '/my/team-management';
const ACCOUNT_PATH = '/my/account';

/** The synced period does not cover the range: its meetings were never read. */
export function outsideSyncedRange(
  range: { start: string; end: string },
  meta: ReportMeta | undefined,
): boolean {
  if (!meta?.synced_from || !meta.synced_to) return true;
  const from = dayjs(meta.synced_from).format('YYYY-MM-DD');
  const to = dayjs(meta.synced_to).format('YYYY-MM-DD');
  return range.start < from || range.end > to;
}

/**
 * Why there is no report to show, first match first: a team of one, the reports could not load, no calendar,
 * a range never synced, no scored meetings. null when there is a report.
 */
export function reviewEmptyState({
  reports,
  teamIsEmpty,
  noMeetings,
  team,
  range,
  today,
  statuses,
  resync,
}: {
  reports: ReviewReports;
  teamIsEmpty: boolean;
  noMeetings: boolean;
  team: boolean;
  range: { start: string; end: string };
  today: string;
  statuses: readonly string[];
  resync: { isPending: boolean; mutate: () => void };
}): ReactNode {
  const { averages } = reports;
  if (teamIsEmpty) {
    return (
      <ErrorState
        emoji="🫥"
        title={TEAM_EMPTY_TITLE}
        description="Team stats appear once your teammates join and connect their calendars."
        action={{ label: 'Add team members', to: TEAM_MANAGEMENT_PATH }}
      />
    );
  }
  if (averages.isError && !averages.data) {
    return (
      <ErrorState
        emoji="🔌"
        title="We couldn't load your reports"
        description="Something is not right... our nerds have been notified!"
        action={{ label: 'Try again', onClick: () => void averages.refetch() }}
      />
    );
  }
  if (noMeetings && averages.data?.meta.calendars === 0) {
    return (
      <ErrorState
        emoji="🔌"
        title="No calendar connected"
        description={
          team
            ? 'Team stats appear once your teammates connect their calendars.'
            : 'Connect a calendar to see how your meetings score.'
        }
        action={team ? undefined : { label: 'Connect a calendar', to: ACCOUNT_PATH }}
      />
    );
  }
  if (noMeetings && outsideSyncedRange(range, averages.data?.meta)) {
    return (
      <ErrorState
        emoji="🗓️"
        title="Meetings not synced"
        description={`Your calendars have not been read for ${rangeInSentence(range, today)} yet.`}
        action={{ label: resync.isPending ? 'Re-syncing…' : 'Re-sync', onClick: () => resync.mutate() }}
      />
    );
  }
  if (noMeetings) {
    return (
      <ErrorState
        emoji="📭"
        title="No stats available"
        description={`No scored meetings ${statuses.includes('all') ? '' : 'with this invite status '}in ${rangeInSentence(range, today)}.`}
      />
    );
  }
  return null;
}

/**
 * The report: its line, the report card, then every other panel once the card was painted (the salary only
 * for the user's own view, or a team's admins).
 */
export function ReviewReport({
  reports,
  reportLine,
  params,
  range,
  user,
}: {
  reports: ReviewReports;
  reportLine: string;
  params: ReportParams;
  range: { start: string; end: string };
  user: CurrentUser;
}) {
  const { averages, costs, details, overtime, attendees, focus, late, compliant, scores, nudges } = reports;
  const team = params.view === 'team';
  // Answered (or failed): a card that cannot load its figures holds back no panel.
  const settled = (report: { data: unknown; isError: boolean }) =>
    report.data !== undefined || report.isError;
  const panels = useAfterPaintOf(settled(averages) && settled(costs));
  return (
    <Stack gap="lg" data-testid="review-report" bg="var(--mantine-color-body)">
      <Text fw={600} c="dimmed" data-pdf-block>
        {reportLine}
      </Text>
      <ReportCard averages={averages.data} costs={costs.data} />
      {!panels && (
        // Where the panels come a moment later: the page keeps its length, and nothing under it jumps.
        <Stack gap="lg" aria-hidden>
          <Skeleton height={220} radius="lg" />
          <Skeleton height={420} radius="lg" />
        </Stack>
      )}
      {panels && (
        <>
          <ImproveAverage params={params} />
          <OrganizerStats scores={scores.data} nudges={nudges.data} range={range} />
          <WellnessTiles focus={focus.data} late={late.data} />
          <EvaluationDetails
            details={details.data}
            attendees={attendees.data}
            overtime={overtime.data}
            compliant={compliant.data}
            nudges={nudges.data}
          />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <RoiCalculator />
            </Grid.Col>
            {(!team || isAdmin(user)) && (
              <Grid.Col span={{ base: 12, md: 5 }} data-pdf-exclude>
                <SalaryEdit
                  view={params.view}
                  teamId={user.company?.id ?? null}
                  current={costs.data?.rows.annual_salary}
                />
              </Grid.Col>
            )}
          </Grid>
        </>
      )}
    </Stack>
  );
}
