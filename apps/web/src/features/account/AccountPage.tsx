import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { SignOutDialog } from '../../layout/SignOutDialog';
import { usePageTitle } from '../../layout/usePageTitle';
import { fullName, initials } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { PlanInfoCard } from '../billing/PlanInfoCard';
import { CalendarsCard } from './CalendarsCard';
import { DeleteAccount } from './DeleteAccount';
import { OutboxCard } from './OutboxCard';
import { CalendarPreferencesCard, EmailPreferencesCard } from './PreferencesCards';
import { ReferralCard } from './ReferralCard';
import { SlackCard } from './SlackCard';

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
          <PlanInfoCard user={user} />
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
