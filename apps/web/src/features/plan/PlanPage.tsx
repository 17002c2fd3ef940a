import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Popover,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { dateRangeLabel, WELLNESS_BLOCK_TEXTS } from '@meetwell/domain';
import { IconCalendar, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Emoji } from '../../components/Emoji';
import { PageHeader } from '../../components/PageHeader';
import { PLAN_SCREEN_TEXTS } from '../../copy/texts';
import { usePageTitle } from '../../layout/usePageTitle';
import { lazyComponent } from '../../lib/lazyComponent';
import { useIsMobile } from '../../lib/useIsMobile';
import { useSignedInUser } from '../../session/useSignedInUser';
import { useMeetingRealtime } from '../meeting/hooks';
import { useCalendars, useSyncStatus, useWeekMeetings, useWeekWellnessBlocks } from './api';
import { meetingModalCode, weekCalendarCode } from './code';
import { toCalendarEvents } from './events';
import { MobileWeekList } from './MobileWeekList';
import { ReportCard, TimeSpentCard, WeekBlocksCard } from './PlanSidePanel';
import { weekStats } from './stats';
import {
  addDays,
  isSameWeek,
  parseWeekParam,
  planPath,
  toDateKey,
  WEEK_STARTS_ON,
  type Week,
  weekOf,
  weekRangeText,
} from './week';

// react-big-calendar loads only when the desktop week view is shown (phones get the list); the route's loader
// asks for it at navigation, so that it renders at once here.
const WeekCalendar = lazyComponent(
  weekCalendarCode,
  (m) => m.WeekCalendar,
  <Skeleton height={720} radius="lg" />,
);
// The week shows first; what opens on demand (a meeting, a Wellness block, the week picker) is fetched then.
const MeetingModal = lazyComponent(meetingModalCode, (m) => m.MeetingModal);
const WellnessBlockDrawerRoute = lazyComponent(
  () => import('../wellness-blocks/WellnessBlockDrawer'),
  (m) => m.WellnessBlockDrawerRoute,
);
const DatePicker = lazyComponent(
  () => import('@mantine/dates'),
  (m) => m.DatePicker<'default'>,
  <Loader role="status" size="sm" m="md" aria-label="Loading the calendar" />,
);

/** /my/plan[/meeting/:id | /block/:blockId][?w=YYYY-MM-DD]; an invalid w goes back to the plan default. */
export function PlanPage() {
  usePageTitle('Plan');
  const [params] = useSearchParams();
  const selected = parseWeekParam(params.get('w'));
  if (selected === 'invalid') return <Navigate to="/my/plan" replace />;
  return <PlanScreen selected={selected} />;
}

function WeekNavigation({ week, thisWeek }: { week: Week; thisWeek: Week }) {
  const navigate = useNavigate();
  const [pickerOpened, setPickerOpened] = useState(false);
  const today = toDateKey(new Date());
  const presetLabel = dateRangeLabel({ start: week.key, end: toDateKey(addDays(week.start, 6)) }, today);
  const current = isSameWeek(week, thisWeek);
  const goTo = (target: Week) => navigate(isSameWeek(target, thisWeek) ? '/my/plan' : planPath(target));

  return (
    <Group gap="xs" wrap="wrap" aria-label="Week navigation" role="group">
      <Button variant="default" disabled={current} onClick={() => navigate('/my/plan')}>
        {PLAN_SCREEN_TEXTS.viewThisWeek}
      </Button>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous week"
          onClick={() => goTo(weekOf(addDays(week.start, -7)))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next week"
          onClick={() => goTo(weekOf(addDays(week.start, 7)))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <Popover opened={pickerOpened} onChange={setPickerOpened} position="bottom" shadow="md" withArrow>
          <Popover.Target>
            <Tooltip label="Pick a week" withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Pick a week"
                onClick={() => setPickerOpened((opened) => !opened)}
              >
                <IconCalendar size={18} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              firstDayOfWeek={WEEK_STARTS_ON}
              defaultDate={week.key}
              value={null}
              getDayProps={(date) => ({
                selected: date >= week.key && date < toDateKey(week.end),
              })}
              onChange={(value) => {
                const picked = parseWeekParam(value);
                if (!picked || picked === 'invalid') return;
                setPickerOpened(false);
                goTo(weekOf(picked));
              }}
            />
          </Popover.Dropdown>
        </Popover>
      </Group>
      <Group gap={6} wrap="wrap">
        <Text fw={650} data-testid="week-range">
          {weekRangeText(week)}
        </Text>
        {(presetLabel === 'This week' || presetLabel === 'Last week') && (
          <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
            {presetLabel}
          </Badge>
        )}
      </Group>
    </Group>
  );
}

function EmptyWeek({ noCalendar }: { noCalendar: boolean }) {
  return (
    <Paper withBorder radius="lg" p="xl" ta="center" data-testid="plan-empty">
      {noCalendar ? (
        <Stack align="center" gap="sm">
          <Emoji emoji="🔌" size={40} />
          <Text c="dimmed">Your meetings show up here once a calendar is balanced.</Text>
          <Button component={Link} to="/my/account">
            {PLAN_SCREEN_TEXTS.connectCalendar}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap={4}>
          <Emoji emoji="🌤️" size={40} />
          <Text fw={700} fz="lg">
            {PLAN_SCREEN_TEXTS.noMeetings}
          </Text>
          <Text c="dimmed">{PLAN_SCREEN_TEXTS.checkAnotherWeek}</Text>
        </Stack>
      )}
    </Paper>
  );
}

function PlanScreen({ selected }: { selected: Date | null }) {
  const user = useSignedInUser();
  const { id, blockId } = useParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  useMeetingRealtime();

  const thisWeek = weekOf(new Date());
  const week = weekOf(selected ?? new Date());
  const weekQuery = selected ? `?w=${week.key}` : '';

  const meetingsQuery = useWeekMeetings(week);
  const sync = useSyncStatus();
  const calendars = useCalendars(false);
  const blocks = useWeekWellnessBlocks(week);

  const meetings = meetingsQuery.data?.meetings;
  const events = useMemo(() => toCalendarEvents(meetings ?? []), [meetings]);
  const stats = useMemo(
    () =>
      meetings
        ? weekStats(
            meetings,
            { start: week.key, end: toDateKey(addDays(week.start, 6)) },
            user.annual_salary ?? null,
          )
        : null,
    [meetings, week.key, week.start, user.annual_salary],
  );
  const syncing = meetingsQuery.data?.syncing === true || sync.syncing;
  const noCalendar = Boolean(calendars.data && !calendars.data.some((calendar) => calendar.watching));
  const loaded = meetingsQuery.data !== undefined && !meetingsQuery.isPlaceholderData;
  // A week of Wellness blocks alone still shows the calendar, with its blocks.
  const empty = loaded && !syncing && events.length === 0 && (blocks.data?.length ?? 0) === 0;

  const openMeeting = useCallback(
    (meetingId: string) => navigate(`/my/plan/meeting/${encodeURIComponent(meetingId)}${weekQuery}`),
    [navigate, weekQuery],
  );
  const openBlock = useCallback(
    (id: string) => navigate(`/my/plan/block/${encodeURIComponent(id)}${weekQuery}`),
    [navigate, weekQuery],
  );
  const backToPlan = useCallback(() => navigate(`/my/plan${weekQuery}`), [navigate, weekQuery]);
  const toPlanDefault = useCallback(() => navigate('/my/plan', { replace: true }), [navigate]);

  return (
    <>
      <PageHeader title="Plan">
        <Button component={Link} to={`/my/plan/block/new${weekQuery}`} leftSection={<IconPlus size={16} />}>
          {isMobile ? WELLNESS_BLOCK_TEXTS.addButtonMobile : WELLNESS_BLOCK_TEXTS.addButton}
        </Button>
      </PageHeader>
      <Box mb="md" data-tour="plan">
        <WeekNavigation week={week} thisWeek={thisWeek} />
      </Box>
      {syncing && (
        <Alert color="brand" variant="light" mb="md" icon={<Loader size={16} />} data-testid="sync-banner">
          {PLAN_SCREEN_TEXTS.syncing}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          {empty ? (
            <EmptyWeek noCalendar={noCalendar} />
          ) : !loaded && !meetings ? (
            <Skeleton height={isMobile ? 320 : 720} radius="lg" />
          ) : isMobile ? (
            <MobileWeekList
              week={week}
              events={events}
              blocks={blocks.data ?? []}
              onSelect={openMeeting}
              onSelectBlock={openBlock}
            />
          ) : (
            <WeekCalendar
              week={week}
              events={events}
              blocks={blocks.data ?? []}
              onSelect={openMeeting}
              onSelectBlock={openBlock}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Stack gap="md">
            <TimeSpentCard stats={stats} />
            <ReportCard stats={stats} />
            <WeekBlocksCard blocks={blocks.data ?? []} weekQuery={weekQuery} />
          </Stack>
        </Grid.Col>
      </Grid>
      {id && (
        <MeetingModal
          id={id}
          user={user}
          weekQuery={weekQuery}
          onClose={backToPlan}
          onMissing={toPlanDefault}
        />
      )}
      {blockId && <WellnessBlockDrawerRoute closeTo={`/my/plan${weekQuery}`} />}
    </>
  );
}
