import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { findPlan, formatDate, planPriceText, VALIDATION_MESSAGES } from '@meetwell/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AlertDialog } from '../../components/AlertDialog';
import { Emoji } from '../../components/Emoji';
import { CHOOSE_PLAN_PATH } from '../../layout/navigation';
import { PLAN_CHOOSER_PAGE_PATH } from '../../session/deactivated';
import type { CurrentUser } from '../../session/types';
import {
  canManageBilling,
  hasTrialEnded,
  isAdmin,
  isOnTrial,
  mustChoosePlan,
  trialCountdownLabel,
  trialDaysLeft,
} from '../../session/user';
import { type Subscription, useBillingPortal, useCancelPlan, useSubscription } from './api';
import { PLAN_ENDED_TEXT, TRIAL_ENDED_TEXT } from './PlanChooser';
import { planEndsText } from './PlanEndingBanner';
import { hasPaidSubscription, isPlanEnding, planDaysLeft } from './subscription';

const CANCEL_PLAN_DIALOG = {
  title: 'Cancel your plan?',
  confirm: 'Yes, cancel plan',
  keep: 'Keep my plan',
} as const;

/** The account screen's plan: what it is, how long it runs, and (admins) what can be done about it. */
export function PlanInfoCard({ user }: { user: CurrentUser }) {
  const { data: subscription } = useSubscription();
  const plan = findPlan(subscription?.plan ?? user.subscription_plan);
  const trial = isOnTrial(user);
  const days = trialDaysLeft(user);

  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="xs">
        Plan
      </Title>
      <Group gap="xs" mb="md">
        <Text fw={600}>
          {plan && <Emoji emoji={plan.emoji} />} {plan?.name ?? 'Trial'}
        </Text>
        {plan && plan.amount > 0 && (
          <Text c="dimmed" fz="sm">
            {planPriceText(plan)}
          </Text>
        )}
        {trial && !user.deactivated_at && days !== null && (
          <Badge variant="light" tt="none">
            {trialCountdownLabel(days)}
          </Badge>
        )}
      </Group>
      {mustChoosePlan(user) && (
        <Text mb="md" fw={600}>
          {hasTrialEnded(user) ? TRIAL_ENDED_TEXT : PLAN_ENDED_TEXT}
        </Text>
      )}
      {isPlanEnding(subscription) && (
        <Text mb="md" fz="sm">
          {planEndsText(planDaysLeft(subscription))}
        </Text>
      )}
      {canManageBilling(user) ? (
        <PlanActions user={user} subscription={subscription ?? null} />
      ) : (
        <Text fz="sm" c="dimmed">
          {VALIDATION_MESSAGES.onlyAdminsChoosePlan}
        </Text>
      )}
    </Paper>
  );
}

function PlanActions({ user, subscription }: { user: CurrentUser; subscription: Subscription | null }) {
  const [cancelOpened, setCancelOpened] = useState(false);
  const cancel = useCancelPlan();
  const paid = hasPaidSubscription(subscription);

  return (
    <>
      <Group gap="xs">
        <Button
          component={Link}
          to={mustChoosePlan(user) ? PLAN_CHOOSER_PAGE_PATH : CHOOSE_PLAN_PATH}
          variant="light"
        >
          Change your plan
        </Button>
        {isAdmin(user) && user.company && (
          <Button component={Link} to="/my/team-management" variant="default">
            Manage your team
          </Button>
        )}
        {paid && subscription?.billing_configured && subscription && <ChangePaymentMethodButton />}
        {paid && subscription && !subscription.cancel_at_period_end && (
          <Button
            variant="subtle"
            color="danger"
            loading={cancel.isPending}
            onClick={() => setCancelOpened(true)}
          >
            Cancel plan
          </Button>
        )}
      </Group>
      <AlertDialog
        opened={cancelOpened}
        title={CANCEL_PLAN_DIALOG.title}
        text={cancelText(subscription, user.time_zone)}
        confirmLabel={CANCEL_PLAN_DIALOG.confirm}
        cancelLabel={CANCEL_PLAN_DIALOG.keep}
        confirmColor="danger"
        onCancel={() => setCancelOpened(false)}
        onConfirm={() => {
          setCancelOpened(false);
          cancel.mutate();
        }}
      />
    </>
  );
}

function cancelText(subscription: Subscription | null, timeZone: string | null): string {
  const end = subscription?.current_period_end;
  return end
    ? `Your plan keeps working until ${formatDate(end, 'Default', timeZone)}, then it ends.`
    : 'Your plan keeps working until the end of the paid period, then it ends.';
}

/** The payment provider's hosted billing portal, where the card is changed; it comes back to this page. */
function ChangePaymentMethodButton() {
  const portal = useBillingPortal();
  const location = useLocation();
  const leaving = portal.isSuccess;
  return (
    <Button
      variant="default"
      loading={portal.isPending || leaving}
      onClick={() => portal.mutate(location.pathname + location.search)}
    >
      Change payment method
    </Button>
  );
}
