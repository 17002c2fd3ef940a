import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  canTakeAction,
  isPaidPlan,
  MANUAL_ACTION_LABELS,
  MANUAL_ACTIONS,
  MANUAL_ACTIONS_NEED_PAID_PLAN,
  type ManualAction,
  TAKE_ACTION_CONFIRMATIONS,
  TAKE_ACTION_OUTCOMES,
} from '@meetwell/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { CHOOSE_PLAN_PATH } from '../../layout/navigation';
import type { CurrentUser } from '../../session/types';
import { useManualAction } from './hooks';
import type { Meeting } from './types';

/** docs/spec/personal-app.md §4: future, scored with negative details, organized by someone else from an allowed domain. */
export function showsTakeAction(meeting: Meeting, user: CurrentUser, now: Date = new Date()): boolean {
  return canTakeAction({
    meeting: {
      startsAt: meeting.starts_at,
      score: meeting.score,
      detailsNegative: meeting.details_negative,
      organizerEmail: meeting.organizer_email?.email ?? null,
    },
    user: { email: user.email, domainsAllowlist: user.domains_allowlist ?? [] },
    company: { domainsAllowlist: user.company?.domains_allowlist ?? [] },
    now,
  });
}

/** The manual action recorded on the meeting (the auto 'conflicts' variants read as remind / decline). */
export function currentManualAction(value: string | null | undefined): ManualAction | null {
  if (value === 'do_nothing') return 'do_nothing';
  if (value === 'remind' || value === 'remind_conflicts') return 'remind';
  if (value === 'decline' || value === 'decline_conflicts') return 'decline';
  return null;
}

/** The panel's last word once the meeting is answered or its action settled (then no choice is offered). */
function settledOutcome(meeting: Meeting): string | null {
  if (meeting.response_status === 'declined') return TAKE_ACTION_OUTCOMES.declined;
  if (meeting.action_status === 'prevented') return TAKE_ACTION_OUTCOMES.prevented;
  if (meeting.action_status === 'ignored') return TAKE_ACTION_OUTCOMES.accepted;
  return null;
}

export function TakeActionPanel({ meeting, user }: { meeting: Meeting; user: CurrentUser }) {
  const choose = useManualAction(meeting.id);
  const paid = isPaidPlan(user.subscription_plan);
  const current = currentManualAction(meeting.non_compliance_action);
  const outcome = settledOutcome(meeting);
  if (outcome) {
    return (
      <Paper component="section" withBorder radius="md" p="md" bg="gray.0" aria-label="Take action">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Take action
          </Title>
          <Alert color="gray" variant="light" icon={<IconCircleCheck size={18} />} p="xs">
            {outcome}
          </Alert>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper component="section" withBorder radius="md" p="md" bg="gray.0" aria-label="Take action">
      <Stack gap="xs">
        <Title order={3} fz="md">
          Take action
        </Title>
        <Text fz="sm" c="dimmed">
          This meeting breaks your preferences. Choose what happens with it.
        </Text>
        {current && !choose.isError && (
          <Alert color="success" variant="light" icon={<IconCircleCheck size={18} />} p="xs">
            {TAKE_ACTION_CONFIRMATIONS[current]}
          </Alert>
        )}
        {choose.isError && (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" role="alert">
            {isApiError(choose.error) && choose.error.detail ? choose.error.detail : 'Something went wrong.'}
          </Alert>
        )}
        <Group gap="xs">
          {MANUAL_ACTIONS.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={current === action ? 'filled' : 'default'}
              color={action === 'decline' ? 'danger' : action === 'remind' ? 'warning' : undefined}
              disabled={!paid || choose.isPending}
              loading={choose.isPending && choose.variables === action}
              aria-pressed={current === action}
              onClick={() => choose.mutate(action)}
            >
              {MANUAL_ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
        {!paid && (
          <Text fz="sm" c="dimmed">
            {MANUAL_ACTIONS_NEED_PAID_PLAN}{' '}
            <Anchor component={Link} to={CHOOSE_PLAN_PATH} fz="sm">
              Choose a plan
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
