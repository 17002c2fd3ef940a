import { Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../layout/usePageTitle';
import { isAdmin } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { SalaryEdit } from '../review/SalaryEdit';
import { useRefreshTeam, useTeam } from './api';
import { InvitesSection } from './InvitesSection';
import { InvoicesSection } from './InvoicesSection';
import { MembersSection } from './MembersSection';
import { TeamAutoBalanceSection } from './TeamAutoBalanceSection';
import { TeamSettingsSection } from './TeamSettingsSection';

/** Admins only (company roles include billing_admin, not deactivated); others go to Review. */
export function TeamManagementPage() {
  usePageTitle('Team management');
  const user = useSignedInUser();
  const teamId = user.company?.id;
  if (!isAdmin(user) || !teamId) return <Navigate to="/my/review/you" replace />;
  return <TeamManagement teamId={teamId} selfId={user.id} timeZone={user.time_zone} />;
}

function TeamManagement({
  teamId,
  selfId,
  timeZone,
}: {
  teamId: string;
  selfId: string;
  timeZone: string | null;
}) {
  const team = useTeam(teamId);
  const refreshTeam = useRefreshTeam(teamId);

  if (team.isPending) {
    return (
      <>
        <PageHeader title="Team management" />
        <Center py="xl">
          <Loader role="status" aria-label="Loading your team" />
        </Center>
      </>
    );
  }
  if (team.isError) {
    return (
      <>
        <PageHeader title="Team management" />
        <ErrorState
          emoji="👥"
          title="We couldn't load your team"
          action={{ label: 'Try again', onClick: () => void team.refetch() }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Team management" description={team.data.name} />
      <Stack gap="lg">
        <MembersSection teamId={teamId} selfId={selfId} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <InvitesSection timeZone={timeZone} />
          <Stack gap="lg">
            <TeamSettingsSection team={team.data} />
            <SalaryEdit
              view="team"
              teamId={teamId}
              current={team.data.average_annual_salary ?? undefined}
              onSaved={refreshTeam}
            />
          </Stack>
        </SimpleGrid>
        <TeamAutoBalanceSection team={team.data} />
        <InvoicesSection timeZone={timeZone} />
      </Stack>
    </>
  );
}
