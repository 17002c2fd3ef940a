import { Badge } from '@mantine/core';
import type { CurrentUser } from '../../session/types';
import {
  dayCount,
  hasTrialEnded,
  isOnTrial,
  mustChoosePlan,
  trialCountdownLabel,
  trialDaysLeft,
} from '../../session/user';
import { useSubscription } from './api';
import { isPlanEnding, planDaysLeft } from './subscription';

const SOON_DAYS = 3;

/** The header's countdown: days left in the trial (from the server), or in a plan set to end. */
export function PlanCountdown({ user }: { user: CurrentUser }) {
  const { data: subscription } = useSubscription();

  if (hasTrialEnded(user)) return <CountdownBadge label="Trial ended" soon />;
  if (mustChoosePlan(user)) return <CountdownBadge label="Plan ended" soon />;
  if (isOnTrial(user)) {
    const days = trialDaysLeft(user);
    if (days === null) return null;
    return <CountdownBadge label={trialCountdownLabel(days)} soon={days <= SOON_DAYS} />;
  }
  if (isPlanEnding(subscription)) {
    const days = planDaysLeft(subscription);
    return <CountdownBadge label={`Plan: ${dayCount(days)} left`} soon={days <= SOON_DAYS} />;
  }
  return null;
}

function CountdownBadge({ label, soon }: { label: string; soon: boolean }) {
  return (
    <Badge variant="light" color={soon ? 'warning' : 'brand'} radius="xl" tt="none" fw={600}>
      {label}
    </Badge>
  );
}
