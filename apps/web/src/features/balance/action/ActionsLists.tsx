import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  FUTURE_ACTION_QUEUED,
  FUTURE_ACTIONS_WINDOW_DAYS,
  formatDate,
  isActionQueued,
  PAST_ACTIONS_WINDOW_DAYS,
  settingValueLabel,
} from '@meetwell/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlainList } from '../../../components/PlainList';
import { SectionCard } from '../../../components/SectionCard';
import { browserTimeZone } from '../../../lib/timezone';
import { useSignedInUser } from '../../../session/useSignedInUser';
import { type BalanceAction, negativeDetails, useAcceptMeeting, useActions } from '../api';

const DAY_MS = 86_400_000;
/** The setting's own name labels a future action's deadline. */
const COMPLIANCE_DEADLINE_LABEL = 'Compliance deadline';
const MINUTE_MS = 60_000;

/** 7 days ahead (future) or back (past) from now, to the minute (a stable cache key while the page is open). */
function actionsWindow(kind: 'future' | 'past', now: number = Date.now()): { from: string; to: string } {
  const at = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return kind === 'future'
    ? {
        from: new Date(at).toISOString(),
        to: new Date(at + FUTURE_ACTIONS_WINDOW_DAYS * DAY_MS).toISOString(),
      }
    : {
        from: new Date(at - PAST_ACTIONS_WINDOW_DAYS * DAY_MS).toISOString(),
        to: new Date(at).toISOString(),
      };
}

/** How a past action ended. */
const PAST_STATUS_LABELS: Record<string, string> = {
  done: 'Done',
  failed: 'Failed',
  prevented: 'Prevented by the organizer',
  ignored: 'Ignored: you accepted the meeting',
  cancelled: 'Cancelled',
};

function when(deadline: string | null | undefined, zone: string): string {
  if (!deadline) return '';
  return `${formatDate(deadline, 'NoYear', zone)} at ${formatDate(deadline, 'Time', zone)}`;
}

/** "Meeting Monday, November 30th at 10:00 am": the meeting's own date, so no other time reads like it. */
export function meetingWhenText(startsAt: string | null | undefined, zone: string): string {
  if (!startsAt) return '';
  return `Meeting ${formatDate(startsAt, 'dddd, MMMM Do', zone)} at ${formatDate(startsAt, 'Time', zone)}`;
}

/** "Compliance deadline November 29th at 10:30 pm": when the action happens unless the meeting is fixed. */
export function deadlineText(deadline: string | null | undefined, zone: string): string {
  return deadline ? `${COMPLIANCE_DEADLINE_LABEL} ${when(deadline, zone)}` : '';
}

export function ActionsLists() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ActionsList kind="future" />
      <ActionsList kind="past" />
    </SimpleGrid>
  );
}

function ActionsList({ kind }: { kind: 'future' | 'past' }) {
  const [window] = useState(() => actionsWindow(kind));
  const actions = useActions(kind, window);
  const title = kind === 'future' ? 'Future actions' : 'Past actions';
  const list = actions.data ?? [];
  return (
    <SectionCard
      title={title}
      description={
        kind === 'future'
          ? `Queued for the next ${FUTURE_ACTIONS_WINDOW_DAYS} days, until each meeting's compliance deadline.`
          : `Taken in the last ${PAST_ACTIONS_WINDOW_DAYS} days.`
      }
      gap="sm"
    >
      {actions.isPending ? (
        <Center py="md">
          <Loader role="status" size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
        </Center>
      ) : list.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {actions.isError
            ? `We couldn't load your ${title.toLowerCase()}.`
            : kind === 'future'
              ? 'Nothing is queued. Your calendar is in balance.'
              : 'No actions were taken.'}
        </Text>
      ) : (
        <PlainList>
          {list.map((action, index) => (
            <ActionRow key={action.id} action={action} kind={kind} first={index === 0} />
          ))}
        </PlainList>
      )}
    </SectionCard>
  );
}

function ActionRow({
  action,
  kind,
  first,
}: {
  action: BalanceAction;
  kind: 'future' | 'past';
  first: boolean;
}) {
  const user = useSignedInUser();
  const zone = user.time_zone || browserTimeZone();
  const accept = useAcceptMeeting();
  const details = negativeDetails(action.details_negative);
  const meetingId = action.meeting_id === null ? null : String(action.meeting_id);
  const summary = action.meeting_summary?.trim() || 'Untitled meeting';

  return (
    <Stack
      component="li"
      gap={4}
      py="sm"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <Badge
              size="sm"
              variant="light"
              color={action.action?.startsWith('decline') ? 'danger' : 'brand'}
              style={{ flexShrink: 0 }}
            >
              {settingValueLabel('non_compliance_action', action.action)}
            </Badge>
            {meetingId ? (
              <Anchor
                component={Link}
                to={`/my/plan/meeting/${encodeURIComponent(meetingId)}`}
                fw={650}
                truncate
              >
                {summary}
              </Anchor>
            ) : (
              <Text fw={650} truncate>
                {summary}
              </Text>
            )}
          </Group>
          <ActionWhen action={action} kind={kind} zone={zone} />
          {kind === 'past' && action.organizer_notes?.trim() && (
            <Text fz="sm" fs="italic">
              Organizer's note: “{action.organizer_notes.trim()}”
            </Text>
          )}
        </div>
        {kind === 'future' && meetingId && (
          <Tooltip label="Accept the meeting: no action will be taken" withArrow>
            <Button
              size="compact-sm"
              variant="default"
              loading={accept.isPending}
              onClick={() => accept.mutate({ meetingId, summary })}
              aria-label={`Ignore ${summary}`}
              style={{ flexShrink: 0 }}
            >
              Ignore
            </Button>
          </Tooltip>
        )}
      </Group>
      {details.length > 0 && (
        <List size="xs" c="dimmed" spacing={2} withPadding>
          {details.map((sentence) => (
            <List.Item key={sentence}>{sentence}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * An action's line: who organizes the meeting and when it is, then when the action is due (or 'queued to
 * happen soon'), or, for a past one, when it was taken and how it ended.
 */
function ActionWhen({
  action,
  kind,
  zone,
}: {
  action: BalanceAction;
  kind: 'future' | 'past';
  zone: string;
}) {
  const queued =
    kind === 'future' && action.compliance_deadline && isActionQueued(action.compliance_deadline, Date.now());
  return (
    <Text fz="sm" c="dimmed">
      {[
        action.organizer_email ? `Organized by ${action.organizer_email}` : null,
        meetingWhenText(action.meeting_starts_at, zone) || null,
      ]
        .filter(Boolean)
        .join(' · ')}
      {action.organizer_email || action.meeting_starts_at ? ' · ' : null}
      {queued ? (
        <Text span inherit fw={600} c="warning.9">
          {FUTURE_ACTION_QUEUED}
        </Text>
      ) : kind === 'past' ? (
        when(action.performed_at ?? action.compliance_deadline, zone)
      ) : (
        deadlineText(action.compliance_deadline, zone)
      )}
      {kind === 'past' && action.status ? ` · ${PAST_STATUS_LABELS[action.status] ?? action.status}` : null}
    </Text>
  );
}
