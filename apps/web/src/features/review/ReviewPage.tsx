import { SegmentedControl, Stack, Text } from '@mantine/core';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { BuildingNotice } from '../../components/BuildingNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../layout/usePageTitle';
import { rangeLabel } from '../../lib/domain-fallback';
import { fullName, hasTeam } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { NotFoundPage } from '../status/NotFoundPage';

const VIEWS = ['you', 'team'] as const;
type ReviewView = (typeof VIEWS)[number];

function parseDay(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The range in ?s=&e= (YYYY-MM-DD), else this week (Sunday to Saturday). */
export function reviewRange(params: URLSearchParams, today = new Date()): { start: Date; end: Date } {
  const start = parseDay(params.get('s'));
  const end = parseDay(params.get('e'));
  if (start && end && end.getTime() - start.getTime() >= 86_400_000) return { start, end };
  const weekStart = new Date(today.getFullYear(), today.getMonth(), today.getDate() - today.getDay());
  return {
    start: weekStart,
    end: new Date(weekStart.getFullYear(), weekStart.getMonth(), weekStart.getDate() + 6),
  };
}

export function ReviewPage() {
  usePageTitle('Review');
  const user = useSignedInUser();
  const { view, statusFilter } = useParams();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();

  if (!view) return <Navigate to={`/my/review/you${search}`} replace />;
  if (!VIEWS.includes(view as ReviewView)) return <NotFoundPage />;

  const { start, end } = reviewRange(params);
  const label = rangeLabel(start, end);
  const teamAllowed = hasTeam(user);
  const statuses = statusFilter ? statusFilter.split(',') : ['all'];

  return (
    <>
      <PageHeader title="Review" description={`${fullName(user)} · ${label}`}>
        <SegmentedControl
          aria-label="Whose meetings"
          value={view}
          onChange={(next) =>
            navigate(`/my/review/${next}${statusFilter ? `/${statusFilter}` : ''}${search}`)
          }
          data={[
            { label: 'You', value: 'you' },
            { label: 'Team', value: 'team', disabled: !teamAllowed },
          ]}
        />
      </PageHeader>
      <Stack gap="md">
        <Text fw={600}>
          {view === 'you' ? 'Your meetings' : `${user.company?.name ?? 'Your team'}'s meetings`},{' '}
          {label.toLowerCase()}
          {statuses.includes('all') ? '' : ` · ${statuses.join(', ')}`}
        </Text>
        <BuildingNotice>
          The report card, organizer stats, evaluation details and wellness tiles for {label.toLowerCase()}{' '}
          are being built for this page.
        </BuildingNotice>
      </Stack>
    </>
  );
}
