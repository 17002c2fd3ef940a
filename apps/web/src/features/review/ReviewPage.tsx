import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import { Anchor, Grid, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { showErrorToast } from '../../api/errorToast';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../layout/usePageTitle';
import type { CurrentUser } from '../../session/types';
import { fullName, hasTeam, isAdmin } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { NotFoundPage } from '../status/NotFoundPage';
import { type ReportMeta, type ReportParams, useReport, useResync } from './api';
import { DateRangeControl } from './DateRangeControl';
import { EvaluationDetails } from './EvaluationDetails';
import { ExportMenu } from './ExportMenu';
import { ImproveAverage } from './ImproveAverage';
import { OrganizerStats } from './OrganizerStats';
import { ReportCard } from './ReportCard';
import { ReportProgressNote } from './ReportProgressNote';
import { RoiCalculator } from './RoiCalculator';
import {
  isReviewView,
  nextStatuses,
  type ReviewView,
  rangeDates,
  rangeFromSearch,
  rangeInSentence,
  rangeLabel,
  reviewPath,
  STATUS_OPTIONS,
  statusesFromSegment,
  todayIso,
} from './reviewState';
import { SalaryEdit } from './SalaryEdit';
import { useDownloadFromLink } from './useDownloadFromLink';
import { WellnessTiles } from './WellnessTiles';

export const TEAM_EMPTY_TITLE = "Aw, crap! Your team isn't here (yet).";
export const TEAM_MANAGEMENT_PATH = '/my/team-management';
const ACCOUNT_PATH = '/my/account';

/** /my/review/{view}/{statusFilter}?s=&e= (and the /review aliases): the you and team reports. */
export function ReviewPage() {
  usePageTitle('Review');
  const user = useSignedInUser();
  const { view } = useParams();
  const { search } = useLocation();
  if (!view) return <Navigate to={`/my/review/you${search}`} replace />;
  if (!isReviewView(view)) return <NotFoundPage />;
  if (view === 'team' && !hasTeam(user)) return <Navigate to={`/my/review/you${search}`} replace />;
  return <Review key={view} user={user} view={view} />;
}

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

function Review({ user, view }: { user: CurrentUser; view: ReviewView }) {
  const { statusFilter } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const today = todayIso();
  const range = rangeFromSearch(search, today);
  const statuses = statusesFromSegment(statusFilter);
  const label = rangeLabel(range, today);
  const team = view === 'team';
  const [exporting, setExporting] = useState(false);

  const go = (
    next: Partial<{ view: ReviewView; statuses: string[]; range: { start: string; end: string } }>,
  ) => navigate(reviewPath(next.view ?? view, next.statuses ?? statuses, next.range ?? range));

  const params: ReportParams = { view, start: range.start, end: range.end, statuses };
  const userCounts = useReport('user_counts', params, { enabled: team });
  const averages = useReport('averages', params);
  const costs = useReport('duration_and_costs', params);
  const details = useReport('duration_and_cost_details', params);
  const overtime = useReport('overtime', params);
  const attendees = useReport('average_attendees', params);
  const focus = useReport('focus_block_conflict', params);
  const late = useReport('scheduled_late', params);
  const compliant = useReport('compliant_meetings', params);
  const scores = useReport('average_scores_by', params, { retry: 2, retryDelay: 1000 });
  const nudges = useReport('num_past_actions_by', params);
  const resync = useResync();

  const teamIsEmpty = team && userCounts.data !== undefined && userCounts.data.rows.total_users <= 1;
  const noMeetings =
    averages.data !== undefined &&
    !averages.isPlaceholderData &&
    averages.data.rows.total === 0 &&
    !averages.data.meta.partial;
  const who = team ? `${user.company?.name ?? 'Your team'}` : fullName(user);

  const reportLine = `${team ? `${who}'s meetings` : 'Your meetings'} · ${label}${
    label === rangeDates(range) ? '' : ` · ${rangeDates(range)}`
  }${
    statuses.includes('all')
      ? ''
      : ` · ${statuses.map((s) => STATUS_OPTIONS.find((o) => o.value === s)?.label ?? s).join(', ')}`
  }`;

  const exportPdf = async () => {
    setExporting(true);
    try {
      // The PDF holds the figures on screen: the same report responses (any still loading are awaited).
      const loaded = async <T,>(query: { data: T | undefined; refetch: () => Promise<{ data?: T }> }) => {
        const data = query.data ?? (await query.refetch()).data;
        if (data === undefined) throw new Error('The report has not loaded yet. Please try again.');
        return data;
      };
      const [a, c, d, o, at, f, l, cm, sc, n] = await Promise.all([
        loaded(averages),
        loaded(costs),
        loaded(details),
        loaded(overtime),
        loaded(attendees),
        loaded(focus),
        loaded(late),
        loaded(compliant),
        loaded(scores),
        loaded(nudges),
      ]);
      const { exportReportPdf } = await import('./exportPdf');
      const dates = rangeDates(range);
      await exportReportPdf(
        {
          subtitle: reportLine,
          range,
          reports: {
            averages: a,
            costs: c,
            details: d,
            overtime: o,
            attendees: at,
            focus: f,
            late: l,
            compliant: cm,
            scores: { rows: sc.rows, leaderboard: sc.leaderboard ?? [] },
            nudges: { rows: n.rows, total: n.total },
          },
        },
        { title: `MeetWell review: ${dates}`, fileName: `MeetWell review ${dates}.pdf` },
      );
      notifications.show({ color: 'success', message: 'Download successful!' });
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(false);
    }
  };

  const reports = [averages, costs, details, overtime, attendees, focus, late, compliant, scores, nudges];
  useDownloadFromLink({
    ready: reports.every((report) => (report.data !== undefined || report.isError) && !report.isFetching),
    nothingToExport: teamIsEmpty || noMeetings || (averages.isError && !averages.data),
    download: () => void exportPdf(),
  });

  let body: React.ReactNode;
  if (teamIsEmpty) {
    body = (
      <ErrorState
        emoji="🫥"
        title={TEAM_EMPTY_TITLE}
        description="Team stats appear once your teammates join and connect their calendars."
        action={{ label: 'Add team members', to: TEAM_MANAGEMENT_PATH }}
      />
    );
  } else if (averages.isError && !averages.data) {
    body = (
      <ErrorState
        emoji="🔌"
        title="We couldn't load your reports"
        description="Something is not right... our nerds have been notified!"
        action={{ label: 'Try again', onClick: () => void averages.refetch() }}
      />
    );
  } else if (noMeetings && averages.data?.meta.calendars === 0) {
    body = (
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
  } else if (noMeetings && outsideSyncedRange(range, averages.data?.meta)) {
    body = (
      <ErrorState
        emoji="🗓️"
        title="Meetings not synced"
        description={`Your calendars have not been read for ${rangeInSentence(range, today)} yet.`}
        action={{ label: resync.isPending ? 'Re-syncing…' : 'Re-sync', onClick: () => resync.mutate() }}
      />
    );
  } else if (noMeetings) {
    body = (
      <ErrorState
        emoji="📭"
        title="No stats available"
        description={`No scored meetings ${statuses.includes('all') ? '' : 'with this invite status '}in ${rangeInSentence(range, today)}.`}
      />
    );
  } else {
    body = (
      <Stack gap="lg" data-testid="review-report" bg="var(--mantine-color-body)">
        <Text fw={600} c="dimmed" data-pdf-block>
          {reportLine}
        </Text>
        <ReportCard averages={averages.data} costs={costs.data} />
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
                view={view}
                teamId={user.company?.id ?? null}
                current={costs.data?.rows.annual_salary}
              />
            </Grid.Col>
          )}
        </Grid>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title="Review" description={`${who} · ${label}`} />
      <Group gap="sm" mb="lg" wrap="wrap" data-tour="review">
        <SegmentedControl
          aria-label="Whose meetings"
          value={view}
          onChange={(next) => go({ view: next as ReviewView })}
          data={[
            { label: 'You', value: 'you' },
            { label: 'Team', value: 'team', disabled: !hasTeam(user) },
          ]}
        />
        <MultiSelect
          aria-label="Invite status"
          data={STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))}
          value={statuses}
          onChange={(next) => go({ statuses: nextStatuses(statuses, next) })}
          w={{ base: '100%', xs: 230 }}
          comboboxProps={{ withinPortal: true }}
        />
        <DateRangeControl
          value={range}
          label={label}
          today={today}
          onChange={(next) => go({ range: next })}
        />
        <ExportMenu
          params={params}
          onPdf={() => void exportPdf()}
          exporting={exporting}
          disabled={teamIsEmpty || noMeetings || !averages.data}
        />
      </Group>
      {!teamIsEmpty && <ReportProgressNote reports={[averages, costs, details, scores, focus, late]} />}
      {body}
      {teamIsEmpty && (
        <Text ta="center" fz="sm" c="dimmed">
          Or switch back to{' '}
          <Anchor component={Link} to={reviewPath('you', statuses, range)}>
            your own stats
          </Anchor>
          .
        </Text>
      )}
    </>
  );
}
