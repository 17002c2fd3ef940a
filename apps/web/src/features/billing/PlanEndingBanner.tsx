import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarExclamation } from '@tabler/icons-react';
import { PUBLIC_TEXTS } from '../../copy/texts';
import type { CurrentUser } from '../../session/types';
import { canManageBilling, dayCount } from '../../session/user';
import { useReactivatePlan, useSubscription } from './api';
import { isPlanEnding, planDaysLeft } from './subscription';

export function planEndsText(days: number): string {
  return days <= 0 ? 'Your plan ends today.' : `Your plan ends in ${dayCount(days)}.`;
}

/** A cancelled plan still runs until the period ends: say when, and let admins take the cancel back. */
export function PlanEndingBanner({ user }: { user: CurrentUser }) {
  const { data: subscription } = useSubscription();
  const reactivate = useReactivatePlan();
  if (!isPlanEnding(subscription)) return null;

  return (
    <Alert
      color="warning"
      variant="light"
      radius="lg"
      mb="lg"
      icon={<IconCalendarExclamation size={20} />}
      aria-label="Plan ending"
      role="region"
    >
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{planEndsText(planDaysLeft(subscription))}</Text>
        {canManageBilling(user) && (
          <Button
            size="xs"
            color="warning"
            loading={reactivate.isPending}
            onClick={() => reactivate.mutate()}
          >
            {PUBLIC_TEXTS.reactivatePlan}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
