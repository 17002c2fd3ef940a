import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { findPlan, VALIDATION_MESSAGES } from '@meetwell/domain';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { CHOOSE_PLAN_PATH } from '../../layout/navigation';
import { SignOutDialog } from '../../layout/SignOutDialog';
import { usePageTitle } from '../../layout/usePageTitle';
import type { CurrentUser } from '../../session/types';
import { fullName, initials, isAdmin, isOnTrial, trialDaysLeft, trialLabel } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { CalendarsCard } from './CalendarsCard';
import { DeleteAccount } from './DeleteAccount';
import { OutboxCard } from './OutboxCard';
import { CalendarPreferencesCard, EmailPreferencesCard } from './PreferencesCards';
import { ReferralCard } from './ReferralCard';
import { SlackCard } from './SlackCard';

function PlanCard({ user }: { user: CurrentUser }) {
  const admin = isAdmin(user);
  const plan = findPlan(user.subscription_plan);
  const trial = isOnTrial(user);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="xs">
        Plan
      </Title>
      <Group gap="xs" mb="md">
        <Text fw={600}>
          {plan ? `${plan.emoji} ${plan.name}` : trial ? 'Trial' : (user.subscription_plan ?? 'Trial')}
        </Text>
        {plan && plan.amount > 0 && (
          <Text c="dimmed" fz="sm">
            ${plan.amount} per month
          </Text>
        )}
        {trial && (
          <Badge variant="light" tt="none">
            {trialLabel(trialDaysLeft(user))}
          </Badge>
        )}
      </Group>
      {admin ? (
        <Group gap="xs">
          <Button component={Link} to={CHOOSE_PLAN_PATH} variant="light">
            Change your plan
          </Button>
          <Button component={Link} to="/my/team-management" variant="default">
            Manage your team
          </Button>
          <Button component={Link} to={CHOOSE_PLAN_PATH} variant="default">
            Change payment method
          </Button>
        </Group>
      ) : (
        <Text fz="sm" c="dimmed">
          {VALIDATION_MESSAGES.onlyAdminsChoosePlan}
        </Text>
      )}
    </Paper>
  );
}

export function AccountPage() {
  usePageTitle('Account');
  const user = useSignedInUser();
  const [signOutOpened, setSignOutOpened] = useState(false);

  return (
    <>
      <PageHeader title="Account" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg">
            <Group wrap="nowrap">
              <Avatar src={user.profile_image || null} size={56} radius="xl" color="brand">
                {initials(user)}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text fw={700} fz="lg" truncate>
                  {fullName(user)}
                </Text>
                <Text c="dimmed" truncate>
                  {user.email}
                </Text>
                {user.company?.name && <Text fz="sm">{user.company.name}</Text>}
              </div>
            </Group>
          </Paper>
          <PlanCard user={user} />
          <CalendarsCard user={user} />
          <ReferralCard user={user} />
          <Group>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} />}
              onClick={() => setSignOutOpened(true)}
            >
              Sign out
            </Button>
          </Group>
          <DeleteAccount />
        </Stack>
        <Stack gap="lg">
          <SlackCard user={user} />
          <EmailPreferencesCard user={user} />
          <CalendarPreferencesCard user={user} />
          <OutboxCard />
        </Stack>
      </SimpleGrid>
      <SignOutDialog opened={signOutOpened} onClose={() => setSignOutOpened(false)} />
    </>
  );
}
