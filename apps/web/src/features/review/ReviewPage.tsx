import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import { Anchor, Group, MultiSelect, SegmentedControl, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../layout/usePageTitle';
import type { CurrentUser } from '../../session/types';
import { fullName, hasTeam } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { NotFoundPage } from '../status/NotFoundPage';
import { type ReportParams, useResync } from './api';
import { DateRangeControl } from './DateRangeControl';
import { ExportMenu } from './ExportMenu';
import { ReportProgressNote } from './ReportProgressNote';
import { ReviewReport, reviewEmptyState } from './ReviewBody';
import {
  isReviewView,
  nextStatuses,
  type ReviewView,
  rangeDates,
  rangeFromSearch,
  rangeLabel,
  reviewPath,
  STATUS_OPTIONS,
  statusesFromSegment,
  todayIso,
} from './reviewState';
import { useDownloadFromLink } from './useDownloadFromLink';
import { reportList, useReviewPdfExport, useReviewReports } from './useReviewReports';

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

function Review({ user, view }: { user: CurrentUser; view: ReviewView }) {
  const { statusFilter } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const today = todayIso();
  const range = rangeFromSearch(search, today);
  const statuses = statusesFromSegment(statusFilter);
  const label = rangeLabel(range, today);
  const team = view === 'team';

  const go: ReviewGo = (next) =>
    navigate(reviewPath(next.view ?? view, next.statuses ?? statuses, next.range ?? range));

  const params: ReportParams = { view, start: range.start, end: range.end, statuses };
  const reports = useReviewReports(params);
  const { userCounts, averages } = reports;
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

  const { exporting, exportPdf } = useReviewPdfExport(reports, { subtitle: reportLine, range });
  useDownloadFromLink({
    ready: reportList(reports).every(
      (report) => (report.data !== undefined || report.isError) && !report.isFetching,
    ),
    nothingToExport: teamIsEmpty || noMeetings || (averages.isError && !averages.data),
    download: () => void exportPdf(),
  });

  const empty = reviewEmptyState({ reports, teamIsEmpty, noMeetings, team, range, today, statuses, resync });
  return (
    <>
      <PageHeader title="Review" description={`${who} · ${label}`} />
      <ReviewFilters
        user={user}
        view={view}
        statuses={statuses}
        range={range}
        label={label}
        today={today}
        onGo={go}
        exportMenu={
          <ExportMenu
            params={params}
            onPdf={() => void exportPdf()}
            exporting={exporting}
            disabled={teamIsEmpty || noMeetings || !averages.data}
          />
        }
      />
      {!teamIsEmpty && (
        <ReportProgressNote
          reports={[averages, reports.costs, reports.details, reports.scores, reports.focus, reports.late]}
        />
      )}
      {empty ?? (
        <ReviewReport reports={reports} reportLine={reportLine} params={params} range={range} user={user} />
      )}
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

type ReviewGo = (
  next: Partial<{ view: ReviewView; statuses: string[]; range: { start: string; end: string } }>,
) => void;

/** Whose meetings, the invite statuses, the date range and the export menu, over the report. */
function ReviewFilters({
  user,
  view,
  statuses,
  range,
  label,
  today,
  onGo,
  exportMenu,
}: {
  user: CurrentUser;
  view: ReviewView;
  statuses: string[];
  range: { start: string; end: string };
  label: string;
  today: string;
  onGo: ReviewGo;
  exportMenu: ReactNode;
}) {
  return (
    <Group gap="sm" mb="lg" wrap="wrap" data-tour="review">
      <SegmentedControl
        aria-label="Whose meetings"
        value={view}
        onChange={(next) => onGo({ view: next as ReviewView })}
        data={[
          { label: 'You', value: 'you' },
          { label: 'Team', value: 'team', disabled: !hasTeam(user) },
        ]}
      />
      <MultiSelect
        aria-label="Invite status"
        data={STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))}
        value={statuses}
        onChange={(next) => onGo({ statuses: nextStatuses(statuses, next) })}
        w={{ base: '100%', xs: 230 }}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRangeControl
        value={range}
        label={label}
        today={today}
        onChange={(next) => onGo({ range: next })}
      />
      {exportMenu}
    </Group>
  );
}
