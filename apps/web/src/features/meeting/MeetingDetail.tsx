import { Anchor, Badge, Button, Divider, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  allDayDate,
  canChooseIntention,
  epochDayToIsoDate,
  formatCurrency,
  formatDate,
  formatDurationSeconds,
  formatNumber,
  intentionLabel,
  isMeetingIntention,
  isoDateToEpochDay,
  MEETING_INTENTION_LABELS,
  MEETING_INTENTIONS,
} from '@meetwell/domain';
import {
  IconCalendarEvent,
  IconCurrencyDollar,
  IconMapPin,
  IconPresentation,
  IconVideo,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TOASTS } from '../../copy/texts';
import { browserTimeZone } from '../../lib/timezone';
import type { CurrentUser } from '../../session/types';
import { WhoCanSeeHint } from '../onboarding/WhoCanSeeHint';
import { HowToImprove } from './HowToImprove';
import { useChooseIntention, useEvaluationSettings, useSkipEvaluation } from './hooks';
import { ItemsSection } from './ItemsSection';
import {
  AttendeesList,
  DescriptionBlock,
  DetailsLists,
  RuleResultsTable,
  ScoreSummary,
} from './MeetingSections';
import { PossibleBlockPanel } from './PossibleBlockPanel';
import { SkipEvalFromLink } from './SkipEvalFromLink';
import { showsTakeAction, TakeActionPanel } from './TakeActionPanel';
import { isPossibleWellnessBlock, type Meeting, scoreApplies, visibleItems } from './types';

export function meetingTimeText(meeting: Pick<Meeting, 'starts_at' | 'ends_at' | 'all_day'>): string {
  const zone = browserTimeZone();
  if (meeting.all_day) {
    // The dates it names, wherever this browser is (midday UTC of a date is that date in UTC).
    const first = allDayDate(meeting.starts_at);
    const last = epochDayToIsoDate(isoDateToEpochDay(allDayDate(meeting.ends_at)) - 1);
    const long = (isoDate: string) => formatDate(`${isoDate}T12:00:00Z`, 'Long', 'UTC');
    return last > first ? `${long(first)} – ${long(last)} · All day` : `${long(first)} · All day`;
  }
  const day = formatDate(meeting.starts_at, 'Long', zone);
  return `${day} · ${formatDate(meeting.starts_at, 'Time', zone)} – ${formatDate(meeting.ends_at, 'Time', zone)}`;
}

function InfoLine({ icon, children, lines }: { icon: ReactNode; children: ReactNode; lines?: number }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <span style={{ display: 'inline-flex', marginTop: 2, color: 'var(--mantine-color-dimmed)' }}>
        {icon}
      </span>
      <Text fz="sm" component="div" lineClamp={lines} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function MeetingInfo({
  meeting,
  showIntention = true,
}: {
  meeting: Meeting;
  showIntention?: boolean;
}) {
  const intention = intentionLabel(meeting.intention);
  return (
    <Stack gap={4}>
      <InfoLine icon={<IconCalendarEvent size={16} />}>
        {meetingTimeText(meeting)}
        {meeting.recurring_meeting ? ' · Recurring' : ''}
      </InfoLine>
      {meeting.location && (
        // A location can be a long address or a pasted link of thousands of characters: three lines of it.
        <InfoLine icon={<IconMapPin size={16} />} lines={3}>
          <span title={meeting.location}>{meeting.location}</span>
        </InfoLine>
      )}
      {meeting.conference_url && (
        <InfoLine icon={<IconVideo size={16} />}>
          <Anchor href={meeting.conference_url} target="_blank" rel="noopener noreferrer" fz="sm">
            Join the video call
          </Anchor>
        </InfoLine>
      )}
      {typeof meeting.cost === 'number' && (
        <InfoLine icon={<IconCurrencyDollar size={16} />}>
          <span data-testid="meeting-cost">{formatCurrency(meeting.cost)}</span>
          {typeof meeting.duration === 'number' && meeting.duration > 0 && (
            <Text span c="dimmed" fz="sm" data-testid="meeting-cost-basis">
              {' '}
              · {formatDurationSeconds(meeting.duration)} × {formatNumber(meeting.attendees_count ?? 1, 0)}{' '}
              {(meeting.attendees_count ?? 1) === 1 ? 'person' : 'people'}
            </Text>
          )}
        </InfoLine>
      )}
      {intention && showIntention && (
        <Group gap={6}>
          <Badge variant="light" tt="none">
            {intention}
          </Badge>
        </Group>
      )}
    </Stack>
  );
}

const INTENTION_OPTIONS = MEETING_INTENTIONS.map((value) => ({
  value,
  label: MEETING_INTENTION_LABELS[value],
}));

/** An editor of the event chooses its intention; the score is re-evaluated and shown at once. */
function IntentionPicker({ meeting }: { meeting: Meeting }) {
  const choose = useChooseIntention(meeting.id);
  const current = isMeetingIntention(meeting.intention) ? meeting.intention : null;
  return (
    <Select
      label="Intention"
      placeholder="No intention"
      data={INTENTION_OPTIONS}
      value={choose.isPending ? (choose.variables ?? null) : current}
      onChange={(value) => choose.mutate(isMeetingIntention(value) ? value : null)}
      clearable
      allowDeselect
      disabled={choose.isPending}
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="intention-picker"
    />
  );
}

/** The meeting variant of the modal. */
export function MeetingDetail({
  meeting,
  user,
  onPresent,
}: {
  meeting: Meeting;
  user: CurrentUser;
  onPresent: () => void;
}) {
  const settings = useEvaluationSettings();
  const skip = useSkipEvaluation(meeting.id);
  const agendaCount = visibleItems(meeting.agenda_items).length;
  const skipped = Boolean(meeting.skip_evaluation);
  // Not-scored events (a possible block, an all-day event…) show no score-only controls.
  const scored = scoreApplies(meeting);
  // 'Required' tags come from the evaluation settings, which apply to scored meetings only.
  const requirements = scored ? settings.data : undefined;
  const choosesIntention = canChooseIntention(
    { editPermission: meeting.edit_permission, organizerEmail: meeting.organizer_email?.email },
    user.email,
  );

  const toggleSkip = () =>
    skip.mutate(!skipped, {
      onSuccess: (updated) =>
        notifications.show({
          color: 'success',
          message: updated.skip_evaluation ? TOASTS.evaluationSkipped : TOASTS.reEvaluated,
        }),
    });

  return (
    <Stack gap="md">
      <SkipEvalFromLink meeting={meeting} />
      <Group justify="space-between" align="flex-start" gap="md">
        <MeetingInfo meeting={meeting} showIntention={!choosesIntention || !scored} />
        <ScoreSummary meeting={meeting} />
      </Group>
      <Group gap="xs">
        {scored && (
          <>
            <Button leftSection={<IconPresentation size={16} />} onClick={onPresent}>
              Present
            </Button>
            <Button variant="default" onClick={toggleSkip} loading={skip.isPending}>
              {skipped ? 'Re-evaluate' : 'Skip evaluation'}
            </Button>
          </>
        )}
        <WhoCanSeeHint audience="those_invited" />
      </Group>
      {choosesIntention && scored && <IntentionPicker meeting={meeting} />}
      {isPossibleWellnessBlock(meeting) && <PossibleBlockPanel meeting={meeting} />}
      {showsTakeAction(meeting, user) && <TakeActionPanel meeting={meeting} user={user} />}
      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
        <Stack gap="lg">
          <Stack gap="lg" data-tour="agenda">
            <DescriptionBlock description={meeting.description} agendaCount={agendaCount} />
            <ItemsSection
              meetingId={meeting.id}
              kind="agenda_items"
              items={meeting.agenda_items}
              settings={requirements}
            />
          </Stack>
          <ItemsSection
            meetingId={meeting.id}
            kind="objectives"
            items={meeting.objectives}
            settings={requirements}
          />
          <ItemsSection
            meetingId={meeting.id}
            kind="prework_items"
            items={meeting.prework_items}
            settings={requirements}
          />
        </Stack>
        <Stack gap="lg">
          <HowToImprove meeting={meeting} />
          <RuleResultsTable results={meeting.results} />
          <DetailsLists meeting={meeting} />
          <AttendeesList attendees={meeting.attendees} count={meeting.attendees_count} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
