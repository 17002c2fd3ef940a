import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { BuildingNotice } from '../../components/BuildingNotice';
import { PageHeader } from '../../components/PageHeader';
import { CHOOSE_PLAN_PATH } from '../../layout/navigation';
import { SignOutDialog } from '../../layout/SignOutDialog';
import { usePageTitle } from '../../layout/usePageTitle';
import { PLANS } from '../../lib/domain-fallback';
import { fullName, initials, isAdmin, isOnTrial, trialDaysLeft, trialLabel } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';

export function AccountPage() {
  usePageTitle('Account');
  const user = useSignedInUser();
  const admin = isAdmin(user);
  const [signOutOpened, setSignOutOpened] = useState(false);
  const plan = PLANS.find((item) => item.id === user.subscription_plan);

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
          <Paper withBorder radius="lg" p="lg">
            <Title order={2} fz="lg" mb="xs">
              Plan
            </Title>
            <Group gap="xs" mb="md">
              <Text fw={600}>{isOnTrial(user) ? 'Trial' : (plan?.name ?? user.subscription_plan)}</Text>
              {isOnTrial(user) && (
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
              </Group>
            ) : (
              <Text fz="sm" c="dimmed">
                Only admins can choose a plan.
              </Text>
            )}
          </Paper>
          <Group>
            <Button variant="default" onClick={() => setSignOutOpened(true)}>
              Sign out
            </Button>
          </Group>
        </Stack>
        <BuildingNotice>
          Calendars to balance, your referral link, Slack, email and calendar preferences are being built for
          this page.
        </BuildingNotice>
      </SimpleGrid>
      <SignOutDialog opened={signOutOpened} onClose={() => setSignOutOpened(false)} />
    </>
  );
}
